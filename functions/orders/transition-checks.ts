/**
 * The engine's checks before any write (docs/design/orders.md, "The write protocol"), pure: on the
 * transaction as read, they answer the §8 refusal of a request. What may change before the write
 * (state, version, money lock, a timer's deadline, a party's window) is checked again in its condition.
 */
import type { ApiErrorCode } from '../../shared/errors/catalogue';
import { chargeRefusalFor } from '../../shared/process/charges';
import { isDue, type TimerSettings, windowClock } from '../../shared/process/deadlines';
import { reservesStock } from '../../shared/process/effects';
import type { Actor, ProcessState, Transition } from '../../shared/process/graph';
import { checkTransition, partyRole, refusalErrorCode } from '../../shared/process/permissions';
import type { TransactionRecord } from './record';

/** Who asks for a transition, and what they saw. */
export interface TransitionRequest {
  actor: Actor;
  /** The acting user; required for party actors (customer, provider). */
  userId?: string;
  /** The version the caller saw; a different current version is refused as an invalid transition. */
  expectedVersion?: number;
  /** Finishes the money operation holding this key: condition `moneyOp.key = :mine`, and REMOVE moneyOp. */
  moneyOpKey?: string;
}

/** The transition to write, or the §8 code of the first refusal. */
export type RequestCheck =
  | { ok: true; transition: Transition; to: ProcessState }
  | { ok: false; refusal: ApiErrorCode };

/** The review transitions refused because a review was already given (§8 already-reviewed codes). */
function alreadyReviewedCode(state: ProcessState, name: string): ApiErrorCode | undefined {
  const match = /^review-[12]-by-(customer|provider)$/.exec(name);
  if (!match) return undefined;
  const reviewer = match[1];
  const other = reviewer === 'customer' ? 'provider' : 'customer';
  if (state === 'reviewed' || state === `reviewed-by-${reviewer}`) {
    return `transaction-already-reviewed-by-${reviewer}` as ApiErrorCode;
  }
  if (state === `reviewed-by-${other}` && name.startsWith('review-1-')) {
    return `transaction-already-reviewed-by-${other}` as ApiErrorCode;
  }
  return undefined;
}

/** The payout held by the lock is this very transition (asked again, or retried): it may finish it. */
function continuesPayout(tx: TransactionRecord, name: string): boolean {
  return tx.moneyOp?.op === 'payout' && tx.moneyOp.transition === name;
}

/**
 * Checks request `name` on `tx` at `now`: the expected version, the graph and the actor's (scaled)
 * window, the party, a timer's due deadline, the money lock and the charge refusals, in that order.
 */
export function checkTransitionRequest(
  tx: TransactionRecord,
  name: string,
  request: TransitionRequest,
  clock: { now: Date; timers: TimerSettings },
): RequestCheck {
  const refuse = (refusal: ApiErrorCode): RequestCheck => ({ ok: false, refusal });
  const { actor } = request;
  if (request.expectedVersion !== undefined && request.expectedVersion !== tx.version) {
    return refuse('transaction-invalid-transition');
  }
  const windowNow = windowClock(name, actor, tx.entered, clock.now, clock.timers);
  const result = checkTransition(tx.state, name, actor, { now: windowNow, entered: tx.entered });
  if (!result.ok) {
    const reviewed = result.reason === 'invalid-transition' ? alreadyReviewedCode(tx.state, name) : undefined;
    return refuse(reviewed ?? refusalErrorCode(result.reason));
  }
  if (actor === 'customer' || actor === 'provider') {
    if (partyRole(tx, request.userId) !== actor) return refuse('forbidden');
  }
  if (actor === 'system') {
    // A timer fires only when its deadline is due (the write checks the same).
    if (!tx.deadline || tx.deadline.transition !== name || !isDue(tx.deadline, clock.now)) {
      return refuse('transaction-invalid-transition');
    }
  }
  if (tx.moneyOp && tx.moneyOp.key !== request.moneyOpKey && !continuesPayout(tx, name)) {
    return refuse('transition-in-progress');
  }
  // request-payment-after-enquiry is priced (and its charge checked) from the listing, not the enquiry.
  const charge = reservesStock(name) ? undefined : chargeRefusalFor(name, tx);
  if (charge) return refuse(charge);
  return { ok: true, transition: result.transition, to: result.to };
}
