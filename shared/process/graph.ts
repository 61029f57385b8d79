/**
 * The order process (§4) as data: states, transitions, their actors and timers. One source of truth
 * for the API guards, the buttons the UI shows, the inbox labels and the workflow timers
 * (DESIGN.md "One source of truth for each fact").
 *
 * The process alias is `release-2` (config/marketplace.ts `processAlias`).
 */
import { DAY_MS, HOUR_MS, MINUTE_MS, orderWindows } from '../config/constants';
import type { DeliveryMethod } from '../config/listing-fields';

export const processStates = [
  'initial',
  'enquiry',
  'pending-payment',
  'payment-expired',
  'purchased',
  'delivered',
  'disputed',
  'received',
  'completed',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
  'canceled',
] as const;
export type ProcessState = (typeof processStates)[number];

export const terminalStates: readonly ProcessState[] = ['reviewed', 'canceled', 'payment-expired'];

/** A sale that went through: the buyer has the item (the seller card's "completed sales", issue 24). */
export const completedSaleStates: readonly ProcessState[] = [
  'received',
  'completed',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
];

/**
 * The order is being fulfilled: paid, not yet received nor canceled (shipped, handed over or in
 * dispute on the way). The seller sees where to ship only in these states.
 */
export const fulfilmentStates: readonly ProcessState[] = ['purchased', 'delivered', 'disputed'];

/** Who may take a transition: the two parties, the system (timers) and the marketplace operator. */
export const actors = ['customer', 'provider', 'system', 'operator'] as const;
export type Actor = (typeof actors)[number];
/** A party of a transaction. */
export type Role = 'customer' | 'provider';

/**
 * An actor may be allowed only within a time window after the transaction entered a state: the
 * customer's `cancel` is allowed within 3 hours of entering `purchased` (the purchase).
 */
export interface ActorWindow {
  actor: Actor;
  withinMs: number;
  since: ProcessState;
}

export interface Transition {
  name: string;
  from: ProcessState;
  to: ProcessState;
  actors: readonly Actor[];
  /** Time limits on some of the actors. */
  windows?: readonly ActorWindow[];
  /** Taken by the server with privileged rights (line items, money movement). */
  privileged?: boolean;
}

const t = (
  name: string,
  from: ProcessState,
  to: ProcessState,
  transitionActors: readonly Actor[],
  extra: Partial<Pick<Transition, 'windows' | 'privileged'>> = {},
): Transition => ({ name, from, to, actors: transitionActors, ...extra });

/** The transitions of §4, in the spec's order. */
export const transitions = [
  t('enquire', 'initial', 'enquiry', ['customer']),
  t('request-payment', 'initial', 'pending-payment', ['customer'], { privileged: true }),
  t('request-payment-after-enquiry', 'enquiry', 'pending-payment', ['customer'], { privileged: true }),
  t('expire-payment', 'pending-payment', 'payment-expired', ['system']),
  t('cancel-payment', 'pending-payment', 'payment-expired', ['customer', 'operator']),
  t('confirm-payment', 'pending-payment', 'purchased', ['customer'], { privileged: true }),
  t('mark-delivered', 'purchased', 'delivered', ['provider']),
  t('mark-received-from-purchased', 'purchased', 'received', ['customer'], { privileged: true }),
  t('auto-cancel', 'purchased', 'canceled', ['system'], { privileged: true }),
  t('cancel', 'purchased', 'canceled', ['customer', 'operator'], {
    privileged: true,
    windows: [
      { actor: 'customer', withinMs: orderWindows.customerCancelHours * HOUR_MS, since: 'purchased' },
    ],
  }),
  t('mark-received', 'delivered', 'received', ['customer'], { privileged: true }),
  t('auto-mark-received', 'delivered', 'received', ['system'], { privileged: true }),
  t('dispute', 'delivered', 'disputed', ['customer']),
  t('auto-cancel-from-disputed', 'disputed', 'canceled', ['system'], { privileged: true }),
  t('cancel-from-disputed', 'disputed', 'canceled', ['operator'], { privileged: true }),
  t('mark-received-from-disputed', 'disputed', 'received', ['operator'], { privileged: true }),
  t('auto-complete', 'received', 'completed', ['system']),
  t('expire-review-period', 'completed', 'reviewed', ['system']),
  t('review-1-by-customer', 'completed', 'reviewed-by-customer', ['customer']),
  t('review-1-by-provider', 'completed', 'reviewed-by-provider', ['provider']),
  t('review-2-by-provider', 'reviewed-by-customer', 'reviewed', ['provider']),
  t('expire-provider-review-period', 'reviewed-by-customer', 'reviewed', ['system']),
  t('review-2-by-customer', 'reviewed-by-provider', 'reviewed', ['customer']),
  t('expire-customer-review-period', 'reviewed-by-provider', 'reviewed', ['system']),
] as const satisfies readonly Transition[];

export type TransitionName = (typeof transitions)[number]['name'];

const byName = new Map<string, Transition>(transitions.map((tr) => [tr.name, tr]));

export function isProcessState(value: unknown): value is ProcessState {
  return typeof value === 'string' && (processStates as readonly string[]).includes(value);
}

export function isTransitionName(value: unknown): value is TransitionName {
  return typeof value === 'string' && byName.has(value);
}

export function getTransition(name: string): Transition | undefined {
  return byName.get(name);
}

export function transitionsFrom(state: ProcessState): Transition[] {
  return transitions.filter((tr) => tr.from === state);
}

export function transitionsTo(state: ProcessState): Transition[] {
  return transitions.filter((tr) => tr.to === state);
}

export function isTerminal(state: ProcessState): boolean {
  return terminalStates.includes(state);
}

/** The state a transition leads to from `state`, or undefined if it does not start there. */
export function nextState(state: ProcessState, transition: string): ProcessState | undefined {
  const tr = byName.get(transition);
  return tr && tr.from === state ? tr.to : undefined;
}

/** What of an order its timers depend on: how it is delivered (rentals will add the listing type). */
export interface TimedOrder {
  deliveryMethod?: DeliveryMethod | undefined;
}

/**
 * A timer: the system takes `transition` when the transaction has stayed in `state` until
 * `anchor` was entered + `afterMs`. Deadlines live on the transaction record (DESIGN.md).
 */
export interface Timer {
  transition: TransitionName;
  state: ProcessState;
  /** The state whose first entry starts the clock (usually `state` itself). */
  anchor: ProcessState;
  /** The duration for an order without a delivery allowance (`timerFor` adds it for the order). */
  afterMs: number;
  /** ISO 8601 duration of `afterMs`, as in process definitions and docs. */
  iso: string;
  /** Time added for orders delivered this way: a shipped parcel's transit before the report window. */
  extraMsByDelivery?: Partial<Record<DeliveryMethod, number>>;
}

/** `ms` as an ISO 8601 duration (`P13D`, `PT15M`, `PT0S`). */
export function isoDuration(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / HOUR_MS);
  rest -= hours * HOUR_MS;
  const minutes = Math.floor(rest / MINUTE_MS);
  const seconds = (rest - minutes * MINUTE_MS) / 1000;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
  if (!days && !time) return 'PT0S';
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

const timer = (
  transition: TransitionName,
  state: ProcessState,
  afterMs: number,
  anchor = state,
  extraMsByDelivery?: Timer['extraMsByDelivery'],
): Timer => ({
  transition,
  state,
  anchor,
  afterMs,
  iso: isoDuration(afterMs),
  ...(extraMsByDelivery ? { extraMsByDelivery } : {}),
});

/**
 * Timers with their durations (DESIGN.md "The order"): payment window 15 minutes; seller ships
 * within 5 days of purchase; buyer reports a problem within 3 days of delivery, where a shipped
 * order counts as delivered a transit allowance (10 days) after the seller marked it shipped and a
 * pickup at the hand-over; received → completed at once; review window 7 days from received; an
 * open dispute auto-cancels after 60 days.
 */
export const timers: readonly Timer[] = [
  timer('expire-payment', 'pending-payment', orderWindows.paymentMinutes * MINUTE_MS),
  timer('auto-cancel', 'purchased', orderWindows.shipWithinDays * DAY_MS),
  timer('auto-mark-received', 'delivered', orderWindows.reportProblemDays * DAY_MS, 'delivered', {
    shipping: orderWindows.transitAllowanceDays * DAY_MS,
  }),
  timer('auto-cancel-from-disputed', 'disputed', orderWindows.disputeAutoCancelDays * DAY_MS),
  timer('auto-complete', 'received', 0),
  timer('expire-review-period', 'completed', orderWindows.reviewDays * DAY_MS, 'received'),
  timer(
    'expire-provider-review-period',
    'reviewed-by-customer',
    orderWindows.reviewDays * DAY_MS,
    'received',
  ),
  timer(
    'expire-customer-review-period',
    'reviewed-by-provider',
    orderWindows.reviewDays * DAY_MS,
    'received',
  ),
];

/**
 * The timer that runs while a transaction of `order` is in `state`, if any, with its duration for
 * that order (a shipped order's report window adds the transit allowance).
 */
export function timerFor(state: ProcessState, order: TimedOrder = {}): Timer | undefined {
  const tm = timers.find((candidate) => candidate.state === state);
  const extra = (tm && order.deliveryMethod && tm.extraMsByDelivery?.[order.deliveryMethod]) ?? 0;
  if (!tm || !extra) return tm;
  const afterMs = tm.afterMs + extra;
  return { ...tm, afterMs, iso: isoDuration(afterMs) };
}

/** When each state was first entered (ISO strings or Dates), as kept on the transaction record. */
export type StateEntryTimes = Partial<Record<ProcessState, string | Date>>;

/** Milliseconds of an entry time, or undefined when missing or unparseable. */
export function entryTimeMs(value: string | Date | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The deadline of the timer running in `state`, or undefined when none runs or the anchor is unknown. */
export function timerDeadline(
  state: ProcessState,
  entered: StateEntryTimes,
  order: TimedOrder = {},
): Date | undefined {
  const tm = timerFor(state, order);
  if (!tm) return undefined;
  const start = entryTimeMs(entered[tm.anchor]);
  return start === undefined ? undefined : new Date(start + tm.afterMs);
}
