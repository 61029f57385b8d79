/**
 * Who may take which transition from which state (§4, §6). The API guards with `checkTransition`;
 * the UI shows buttons for `allowedTransitions` of the viewer's role.
 *
 * Time windows: the customer may `cancel` from `purchased` only within 3 hours of the purchase (the
 * time the transaction first entered `purchased`); the operator may at any time. The clock is
 * injectable (`now`) so the rule is testable and the same on server and client.
 */
import type { ApiErrorCode } from '../errors/catalogue';
import {
  type Actor,
  type ActorWindow,
  entryTimeMs,
  getTransition,
  type ProcessState,
  type Role,
  type StateEntryTimes,
  type Transition,
  transitionsFrom,
} from './graph';

export interface TransitionContext {
  /** The current time; defaults to the real clock. */
  now?: Date;
  /** When states were first entered (for windows such as the customer's 3-hour cancel). */
  entered?: StateEntryTimes;
}

export type TransitionRefusal = 'unknown-transition' | 'invalid-transition' | 'not-allowed' | 'window-closed';

export type TransitionCheck =
  | { ok: true; transition: Transition; to: ProcessState }
  | { ok: false; reason: TransitionRefusal };

/** The window limiting `actor` on a transition, if any. */
function windowFor(transition: Transition, actor: Actor): ActorWindow | undefined {
  return transition.windows?.find((w) => w.actor === actor);
}

/** Whether `now` is within the actor's window (inclusive of the last millisecond). */
function withinWindow(window: ActorWindow, ctx: TransitionContext): boolean {
  const since = entryTimeMs(ctx.entered?.[window.since]);
  if (since === undefined) return false; // unknown start: fail closed
  const now = (ctx.now ?? new Date()).getTime();
  return now >= since && now - since <= window.withinMs;
}

/** Whether `actor` may take `transitionName` from `state` now. */
export function checkTransition(
  state: ProcessState,
  transitionName: string,
  actor: Actor,
  ctx: TransitionContext = {},
): TransitionCheck {
  const transition = getTransition(transitionName);
  if (!transition) return { ok: false, reason: 'unknown-transition' };
  if (transition.from !== state) return { ok: false, reason: 'invalid-transition' };
  if (!transition.actors.includes(actor)) return { ok: false, reason: 'not-allowed' };
  const window = windowFor(transition, actor);
  if (window && !withinWindow(window, ctx)) return { ok: false, reason: 'window-closed' };
  return { ok: true, transition, to: transition.to };
}

/** The transitions `actor` may take from `state` now. */
export function allowedTransitions(
  state: ProcessState,
  actor: Actor,
  ctx: TransitionContext = {},
): Transition[] {
  return transitionsFrom(state).filter((tr) => checkTransition(state, tr.name, actor, ctx).ok);
}

/** Until when an actor's window on a transition stays open, or undefined if unlimited/unknown. */
export function windowDeadline(
  transitionName: string,
  actor: Actor,
  entered: StateEntryTimes,
): Date | undefined {
  const transition = getTransition(transitionName);
  const window = transition && windowFor(transition, actor);
  if (!window) return undefined;
  const since = entryTimeMs(entered[window.since]);
  return since === undefined ? undefined : new Date(since + window.withinMs);
}

/** The API error for a refused transition (§8). */
export function refusalErrorCode(reason: TransitionRefusal): ApiErrorCode {
  switch (reason) {
    case 'unknown-transition':
      return 'validation-invalid-params';
    case 'not-allowed':
      return 'forbidden';
    default:
      return 'transaction-invalid-transition';
  }
}

export interface TransactionParties {
  customerId: string;
  providerId: string;
}

/** The spec's rule (§4): customer if the user id equals the customer id, otherwise provider. */
export function roleOf(tx: TransactionParties, userId: string): Role {
  return userId === tx.customerId ? 'customer' : 'provider';
}

/** The role of a user who is a party, or undefined for anybody else (use this for access checks). */
export function partyRole(tx: TransactionParties, userId: string | undefined): Role | undefined {
  if (userId === undefined) return undefined;
  if (userId === tx.customerId) return 'customer';
  if (userId === tx.providerId) return 'provider';
  return undefined;
}

/** The other party's role. */
export function otherRole(role: Role): Role {
  return role === 'customer' ? 'provider' : 'customer';
}

/**
 * Transitions of which only one may run at a time for a transaction (§4): mark-received-from-purchased
 * and mark-delivered. A second one while the first is in progress is refused with
 * 'Transition already in progress'.
 */
export const mutuallyExclusiveTransitions: readonly string[] = [
  'mark-received-from-purchased',
  'mark-delivered',
];

/** Whether `transition` must be refused because `inProgress` (one of the exclusive pair) runs. */
export function blockedByTransitionInProgress(transition: string, inProgress: string | undefined): boolean {
  return (
    inProgress !== undefined &&
    mutuallyExclusiveTransitions.includes(transition) &&
    mutuallyExclusiveTransitions.includes(inProgress)
  );
}
