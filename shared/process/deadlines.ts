/**
 * Timers as data (docs/design/orders.md, "The workflow"): when the timer of a transaction's state
 * falls due, and the workflow's plan (how long to wait before firing it). The deadline on the
 * transaction record is the truth; Step Functions only waits `waitSeconds` and then asks the engine
 * to fire the timer.
 *
 * Scaling: `scale` (VELO_TIMER_SCALE, default 1) multiplies every timer duration and the actor
 * windows (the customer's 3-hour cancel), so a demo or test cloud runs the process fast. Tests may
 * also override single timers in milliseconds (VELO_TIMER_OVERRIDES='{"auto-cancel-from-disputed":6000}'),
 * which wins over the scale for that timer only; the e-mail reminders (functions/orders/notifications/
 * reminders.ts) are timers too, named `ship-reminder` and `report-problem-reminder` there. `maxWaitSeconds` (ORDER_TIMER_MAX_WAIT_SECONDS)
 * caps one wait: the local runner's setTimeout cannot wait beyond 2³¹−1 ms (24.8 days), so a
 * 60-day timer is waited for in laps; firing early is harmless because the engine's write checks the
 * deadline again.
 */
import {
  type Actor,
  entryTimeMs,
  getTransition,
  isTerminal,
  type ProcessState,
  type StateEntryTimes,
  type TimedOrder,
  type Timer,
  type TransitionName,
  timerFor,
  timers,
} from './graph';

/** The e-mail reminders' timers: how long after entering its state a reminder goes (when overridden). */
export const reminderTimerNames = ['ship-reminder', 'report-problem-reminder'] as const;
export type ReminderTimerName = (typeof reminderTimerNames)[number];

/** What VELO_TIMER_OVERRIDES may name: a timer transition or a reminder. */
export type OverridableTimer = TransitionName | ReminderTimerName;

export interface TimerSettings {
  /** Multiplies every timer and window duration (default 1). */
  scale?: number;
  /** Durations in milliseconds of single timers (by transition) or reminders, used as they are (not scaled). */
  overrides?: Partial<Record<OverridableTimer, number>>;
}

export interface PlanSettings extends TimerSettings {
  /** The longest single wait in seconds; unset: only the AWS limit of TimeoutSeconds. */
  maxWaitSeconds?: number;
}

/** Step Functions' largest TimeoutSeconds (about 3.17 years). */
export const MAX_TIMEOUT_SECONDS = 99_999_999;

/** The local default of ORDER_TIMER_MAX_WAIT_SECONDS (≈ 23 days, under setTimeout's 24.8-day limit). */
export const LOCAL_MAX_WAIT_SECONDS = 2_000_000;

type Env = Record<string, string | undefined>;

function positiveNumber(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number: ${raw}`);
  return value;
}

function isOverridable(name: string): name is OverridableTimer {
  return (
    timers.some((timer) => timer.transition === name) ||
    (reminderTimerNames as readonly string[]).includes(name)
  );
}

/** VELO_TIMER_OVERRIDES: a JSON object of timer transition or reminder name → milliseconds (≥ 0). */
export function parseTimerOverrides(raw: string | undefined): Partial<Record<OverridableTimer, number>> {
  if (raw === undefined || raw.trim() === '') return {};
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('VELO_TIMER_OVERRIDES must be a JSON object of timer transition → milliseconds');
  }
  const overrides: Partial<Record<OverridableTimer, number>> = {};
  for (const [name, ms] of Object.entries(parsed)) {
    if (!isOverridable(name)) {
      throw new Error(`VELO_TIMER_OVERRIDES: ${name} is not a timer transition or reminder`);
    }
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new Error(`VELO_TIMER_OVERRIDES: ${name} must be a number of milliseconds ≥ 0`);
    }
    overrides[name] = ms;
  }
  return overrides;
}

/** The settings of the running deployment: VELO_TIMER_SCALE, VELO_TIMER_OVERRIDES, ORDER_TIMER_MAX_WAIT_SECONDS. */
export function timerSettingsFromEnv(env: Env): PlanSettings {
  const maxWaitSeconds = positiveNumber(env.ORDER_TIMER_MAX_WAIT_SECONDS, 'ORDER_TIMER_MAX_WAIT_SECONDS');
  return {
    scale: positiveNumber(env.VELO_TIMER_SCALE, 'VELO_TIMER_SCALE') ?? 1,
    overrides: parseTimerOverrides(env.VELO_TIMER_OVERRIDES),
    ...(maxWaitSeconds !== undefined ? { maxWaitSeconds: Math.floor(maxWaitSeconds) } : {}),
  };
}

function scaleOf(settings: TimerSettings): number {
  const scale = settings.scale ?? 1;
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`Timer scale must be positive: ${scale}`);
  return scale;
}

/** A real-time duration under these settings' scale, in whole milliseconds. */
export function scaledMs(ms: number, settings: TimerSettings = {}): number {
  return Math.round(ms * scaleOf(settings));
}

/** How long a timer runs with these settings, in milliseconds (an override wins over the scale). */
export function timerDurationMs(timer: Timer, settings: TimerSettings = {}): number {
  const override = settings.overrides?.[timer.transition];
  if (override !== undefined) return override;
  return scaledMs(timer.afterMs, settings);
}

export interface Deadline {
  /** The timer transition the system takes when due. */
  transition: TransitionName;
  dueAt: Date;
}

/**
 * The deadline of the timer running in `state` for `order` (the graph's `timerDeadline` with scaled
 * durations: a shipped order's report window includes the transit allowance), or undefined when no
 * timer runs there or its anchor state was never entered.
 */
export function deadlineFor(
  state: ProcessState,
  entered: StateEntryTimes,
  settings: TimerSettings = {},
  order: TimedOrder = {},
): Deadline | undefined {
  const timer = timerFor(state, order);
  if (!timer) return undefined;
  const start = entryTimeMs(entered[timer.anchor]);
  if (start === undefined) return undefined;
  return { transition: timer.transition, dueAt: new Date(start + timerDurationMs(timer, settings)) };
}

/** What the workflow needs of a transaction to plan. */
export interface PlannableTransaction {
  id: string;
  state: ProcessState;
  version: number;
  entered: StateEntryTimes;
  /** How the order is delivered (its report window depends on it). */
  orderData?: TimedOrder;
  /** The deadline written on the order (the truth: an order keeps the rule it entered its state with). */
  deadline?: { transition: TransitionName; dueAt: string };
}

export type Plan =
  | {
      closed?: false;
      transactionId: string;
      state: ProcessState;
      version: number;
      /** Whole seconds to wait, ≥ 1 (Step Functions' TimeoutSecondsPath needs a positive integer). */
      waitSeconds: number;
      /** The timer that falls due, when one runs in this state (none in `enquiry`: wait for the customer). */
      transition?: TransitionName;
      dueAt?: string;
    }
  | { closed: true; transactionId: string; state: ProcessState; version: number };

/** `ceil(ms / 1000)` clamped to [1, max]. */
export function waitSecondsUntil(dueAtMs: number, nowMs: number, maxWaitSeconds?: number): number {
  const max = Math.max(1, Math.floor(maxWaitSeconds ?? MAX_TIMEOUT_SECONDS));
  const seconds = Math.ceil((dueAtMs - nowMs) / 1000);
  return Math.min(max, Math.max(1, seconds));
}

/**
 * The next wait of a transaction's workflow: closed in a terminal state; otherwise the seconds until
 * its state's timer is due (at least 1, at most `maxWaitSeconds`). A state without a timer waits the
 * longest allowed time: the workflow is woken by the API (SendTaskSuccess) long before.
 */
export function plan(tx: PlannableTransaction, now: Date, settings: PlanSettings = {}): Plan {
  const base = { transactionId: tx.id, state: tx.state, version: tx.version };
  if (isTerminal(tx.state)) return { closed: true, ...base };
  const computed = deadlineFor(tx.state, tx.entered, settings, tx.orderData);
  const deadline =
    computed && tx.deadline?.transition === computed.transition
      ? { transition: computed.transition, dueAt: new Date(tx.deadline.dueAt) }
      : computed;
  if (!deadline) {
    return { ...base, waitSeconds: waitSecondsUntil(Number.POSITIVE_INFINITY, 0, settings.maxWaitSeconds) };
  }
  return {
    ...base,
    waitSeconds: waitSecondsUntil(deadline.dueAt.getTime(), now.getTime(), settings.maxWaitSeconds),
    transition: deadline.transition,
    dueAt: deadline.dueAt.toISOString(),
  };
}

/** Whether the deadline has come (the timer may fire now). */
export function isDue(deadline: { dueAt: Date | string }, now: Date): boolean {
  const due = typeof deadline.dueAt === 'string' ? Date.parse(deadline.dueAt) : deadline.dueAt.getTime();
  return due <= now.getTime();
}

/**
 * An actor's scaled window on a transition (the customer's 3-hour cancel from `purchased`): the
 * state it runs from and how long it stays open, or undefined when the actor has no window.
 */
export function scaledWindow(
  transitionName: string,
  actor: Actor,
  settings: TimerSettings = {},
): { since: ProcessState; withinMs: number } | undefined {
  const window = getTransition(transitionName)?.windows?.find((w) => w.actor === actor);
  return window && { since: window.since, withinMs: scaledMs(window.withinMs, settings) };
}

/** Until when an actor's scaled window stays open (`windowDeadline` with the scale). */
export function scaledWindowDeadline(
  transitionName: string,
  actor: Actor,
  entered: StateEntryTimes,
  settings: TimerSettings = {},
): Date | undefined {
  const window = scaledWindow(transitionName, actor, settings);
  const since = window && entryTimeMs(entered[window.since]);
  return window && since !== undefined ? new Date(since + window.withinMs) : undefined;
}

/**
 * The clock to give `checkTransition` so that it applies a scaled window: the time elapsed since
 * the window opened, divided by the scale (`now` itself when the actor has no window or scale is 1).
 * Lets the graph's unscaled window rule decide for a scaled process.
 */
export function windowClock(
  transitionName: string,
  actor: Actor,
  entered: StateEntryTimes,
  now: Date,
  settings: TimerSettings = {},
): Date {
  const scale = scaleOf(settings);
  const window = getTransition(transitionName)?.windows?.find((w) => w.actor === actor);
  const since = window && entryTimeMs(entered[window.since]);
  if (scale === 1 || since === undefined) return now;
  return new Date(since + (now.getTime() - since) / scale);
}
