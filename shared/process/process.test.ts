import { describe, expect, it } from 'vitest';
import { processAlias } from '../config/marketplace';
import { chargeRefusal, chargeRefusalFor } from './charges';
import {
  actors,
  getTransition,
  isoDuration,
  isProcessState,
  isTerminal,
  isTransitionName,
  nextState,
  type ProcessState,
  processStates,
  type Role,
  terminalStates,
  timerDeadline,
  timerFor,
  timers,
  transitions,
  transitionsFrom,
  transitionsTo,
} from './graph';
import {
  actionErrors,
  actionLabel,
  actionLabels,
  activityMessage,
  isRelevantForInbox,
  needsAction,
  providerNeedsAction,
  providerNotificationTransitions,
  statusCopy,
  statusLabel,
  totalLabel,
} from './labels';
import {
  allowedTransitions,
  blockedByTransitionInProgress,
  checkTransition,
  otherRole,
  partyRole,
  refusalErrorCode,
  roleOf,
  windowDeadline,
} from './permissions';
import { canReview, fallbackReviewTransition, reviewTransitionFor, reviewTypeBy } from './reviews';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const names = (list: readonly { name: string }[]) => list.map((t) => t.name);

describe('process graph (§4)', () => {
  it('uses the release-2 alias', () => {
    expect(processAlias).toBe('release-2');
  });
  it('has the spec table exactly', () => {
    const table = Object.fromEntries(
      processStates.map((s) => [s, transitionsFrom(s).map((t) => `${t.name} -> ${t.to}`)]),
    );
    expect(table).toEqual({
      initial: ['enquire -> enquiry', 'request-payment -> pending-payment'],
      enquiry: ['request-payment-after-enquiry -> pending-payment'],
      'pending-payment': [
        'expire-payment -> payment-expired',
        'cancel-payment -> payment-expired',
        'confirm-payment -> purchased',
      ],
      purchased: [
        'mark-delivered -> delivered',
        'mark-received-from-purchased -> received',
        'auto-cancel -> canceled',
        'cancel -> canceled',
      ],
      delivered: ['mark-received -> received', 'auto-mark-received -> received', 'dispute -> disputed'],
      disputed: [
        'auto-cancel-from-disputed -> canceled',
        'cancel-from-disputed -> canceled',
        'mark-received-from-disputed -> received',
      ],
      received: ['auto-complete -> completed'],
      completed: [
        'expire-review-period -> reviewed',
        'review-1-by-customer -> reviewed-by-customer',
        'review-1-by-provider -> reviewed-by-provider',
      ],
      'reviewed-by-customer': [
        'review-2-by-provider -> reviewed',
        'expire-provider-review-period -> reviewed',
      ],
      'reviewed-by-provider': [
        'review-2-by-customer -> reviewed',
        'expire-customer-review-period -> reviewed',
      ],
      reviewed: [],
      canceled: [],
      'payment-expired': [],
    });
    expect(transitions).toHaveLength(24);
    expect(new Set(names(transitions)).size).toBe(24);
  });
  it('has terminal states and lookups', () => {
    expect(terminalStates).toEqual(['reviewed', 'canceled', 'payment-expired']);
    for (const s of terminalStates) expect(transitionsFrom(s)).toEqual([]);
    expect(isTerminal('purchased')).toBe(false);
    expect(isTerminal('canceled')).toBe(true);
    expect(isProcessState('purchased')).toBe(true);
    expect(isProcessState('sold')).toBe(false);
    expect(isTransitionName('dispute')).toBe(true);
    expect(isTransitionName('transition/dispute')).toBe(false);
    expect(getTransition('nope')).toBeUndefined();
    expect(nextState('purchased', 'mark-delivered')).toBe('delivered');
    expect(nextState('delivered', 'mark-delivered')).toBeUndefined();
    expect(nextState('delivered', 'nope')).toBeUndefined();
    expect(names(transitionsTo('received'))).toEqual([
      'mark-received-from-purchased',
      'mark-received',
      'auto-mark-received',
      'mark-received-from-disputed',
    ]);
  });
  it('names the actors', () => {
    expect(actors).toEqual(['customer', 'provider', 'system', 'operator']);
    const by = (actor: string) =>
      names(transitions.filter((t) => (t.actors as readonly string[]).includes(actor)));
    expect(by('customer')).toEqual([
      'enquire',
      'request-payment',
      'request-payment-after-enquiry',
      'cancel-payment',
      'confirm-payment',
      'mark-received-from-purchased',
      'cancel',
      'mark-received',
      'dispute',
      'review-1-by-customer',
      'review-2-by-customer',
    ]);
    expect(by('provider')).toEqual(['mark-delivered', 'review-1-by-provider', 'review-2-by-provider']);
    expect(by('operator')).toEqual([
      'cancel-payment',
      'cancel',
      'cancel-from-disputed',
      'mark-received-from-disputed',
    ]);
    expect(by('system')).toEqual([
      'expire-payment',
      'auto-cancel',
      'auto-mark-received',
      'auto-cancel-from-disputed',
      'auto-complete',
      'expire-review-period',
      'expire-provider-review-period',
      'expire-customer-review-period',
    ]);
    // Every transition is reachable by someone; the system only takes timer transitions.
    for (const t of transitions) expect(t.actors.length).toBeGreaterThan(0);
    expect(by('system').sort()).toEqual(timers.map((t) => t.transition).sort());
  });
});

describe('timers (DESIGN.md "The order")', () => {
  const minute = 60_000;
  const day = 86_400_000;
  it('has the durations', () => {
    expect(timers.map((t) => [t.transition, t.state, t.anchor, t.afterMs, t.iso])).toEqual([
      ['expire-payment', 'pending-payment', 'pending-payment', 15 * minute, 'PT15M'],
      ['auto-cancel', 'purchased', 'purchased', 5 * day, 'P5D'],
      ['auto-mark-received', 'delivered', 'delivered', 3 * day, 'P3D'],
      ['auto-cancel-from-disputed', 'disputed', 'disputed', 60 * day, 'P60D'],
      ['auto-complete', 'received', 'received', 0, 'PT0S'],
      ['expire-review-period', 'completed', 'received', 7 * day, 'P7D'],
      ['expire-provider-review-period', 'reviewed-by-customer', 'received', 7 * day, 'P7D'],
      ['expire-customer-review-period', 'reviewed-by-provider', 'received', 7 * day, 'P7D'],
    ]);
    for (const t of timers) expect(getTransition(t.transition)?.from).toBe(t.state);
    expect(timerFor('enquiry')).toBeUndefined();
  });
  it('counts a shipped order as delivered after the transit allowance (10 days), a pickup at hand-over', () => {
    expect(timerFor('delivered', { deliveryMethod: 'shipping' })).toMatchObject({
      transition: 'auto-mark-received',
      afterMs: 13 * day,
      iso: 'P13D',
    });
    expect(timerFor('delivered', { deliveryMethod: 'pickup' })?.afterMs).toBe(3 * day);
    expect(timerFor('delivered')?.afterMs).toBe(3 * day);
    // Only the report window depends on the delivery method.
    expect(timerFor('purchased', { deliveryMethod: 'shipping' })?.afterMs).toBe(5 * day);
    const delivered = { delivered: '2026-03-01T10:00:00.000Z' };
    expect(timerDeadline('delivered', delivered, { deliveryMethod: 'shipping' })?.toISOString()).toBe(
      '2026-03-14T10:00:00.000Z',
    );
    expect(timerDeadline('delivered', delivered, { deliveryMethod: 'pickup' })?.toISOString()).toBe(
      '2026-03-04T10:00:00.000Z',
    );
  });
  it('writes durations as ISO 8601', () => {
    expect([0, 90_000, 15 * minute, 3 * day, 13 * day + 3_600_000].map(isoDuration)).toEqual([
      'PT0S',
      'PT1M30S',
      'PT15M',
      'P3D',
      'P13DT1H',
    ]);
  });
  it('computes deadlines from entry times', () => {
    const entered = {
      'pending-payment': '2026-03-01T10:00:00.000Z',
      purchased: new Date('2026-03-01T10:05:00.000Z'),
      received: '2026-03-10T00:00:00.000Z',
    };
    expect(timerDeadline('pending-payment', entered)?.toISOString()).toBe('2026-03-01T10:15:00.000Z');
    expect(timerDeadline('purchased', entered)?.toISOString()).toBe('2026-03-06T10:05:00.000Z');
    expect(timerDeadline('reviewed-by-customer', entered)?.toISOString()).toBe('2026-03-17T00:00:00.000Z');
    expect(timerDeadline('received', entered)?.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(timerDeadline('delivered', entered)).toBeUndefined();
    expect(timerDeadline('delivered', { delivered: 'garbage' })).toBeUndefined();
    expect(timerDeadline('enquiry', entered)).toBeUndefined();
  });
});

describe('permissions', () => {
  const purchasedAt = new Date('2026-03-01T12:00:00.000Z');
  const entered = { purchased: purchasedAt.toISOString() };
  const at = (ms: number) => new Date(purchasedAt.getTime() + ms);
  const hour = 3_600_000;

  it('lets each role take its own transitions', () => {
    expect(names(allowedTransitions('initial', 'customer'))).toEqual(['enquire', 'request-payment']);
    expect(names(allowedTransitions('initial', 'provider'))).toEqual([]);
    expect(names(allowedTransitions('purchased', 'provider'))).toEqual(['mark-delivered']);
    expect(names(allowedTransitions('delivered', 'customer'))).toEqual(['mark-received', 'dispute']);
    expect(names(allowedTransitions('disputed', 'operator'))).toEqual([
      'cancel-from-disputed',
      'mark-received-from-disputed',
    ]);
    expect(names(allowedTransitions('pending-payment', 'system'))).toEqual(['expire-payment']);
    expect(names(allowedTransitions('reviewed', 'customer'))).toEqual([]);
  });
  it('lets the customer cancel within 3 hours of purchase, the operator any time', () => {
    const customer = (now: Date) => names(allowedTransitions('purchased', 'customer', { now, entered }));
    expect(customer(at(0))).toEqual(['mark-received-from-purchased', 'cancel']);
    expect(customer(at(2 * hour))).toContain('cancel');
    expect(customer(at(3 * hour))).toContain('cancel');
    expect(customer(at(3 * hour + 1))).not.toContain('cancel');
    expect(customer(at(-1))).not.toContain('cancel');
    expect(names(allowedTransitions('purchased', 'customer', { now: at(hour) }))).not.toContain('cancel');
    expect(checkTransition('purchased', 'cancel', 'customer', { now: at(4 * hour), entered })).toEqual({
      ok: false,
      reason: 'window-closed',
    });
    expect(
      checkTransition('purchased', 'cancel', 'operator', { now: at(100 * hour), entered }),
    ).toMatchObject({
      ok: true,
      to: 'canceled',
    });
    expect(checkTransition('purchased', 'cancel', 'operator')).toMatchObject({ ok: true });
    expect(windowDeadline('cancel', 'customer', entered)?.toISOString()).toBe('2026-03-01T15:00:00.000Z');
    expect(windowDeadline('cancel', 'operator', entered)).toBeUndefined();
    expect(windowDeadline('cancel', 'customer', {})).toBeUndefined();
    expect(windowDeadline('nope', 'customer', entered)).toBeUndefined();
  });
  it('uses the real clock by default', () => {
    const recent = { purchased: new Date(Date.now() - 60_000).toISOString() };
    expect(checkTransition('purchased', 'cancel', 'customer', { entered: recent }).ok).toBe(true);
  });
  it('explains refusals and maps them to API errors', () => {
    expect(checkTransition('purchased', 'fly', 'customer')).toEqual({
      ok: false,
      reason: 'unknown-transition',
    });
    expect(checkTransition('delivered', 'mark-delivered', 'provider')).toEqual({
      ok: false,
      reason: 'invalid-transition',
    });
    expect(checkTransition('purchased', 'mark-delivered', 'customer')).toEqual({
      ok: false,
      reason: 'not-allowed',
    });
    expect(refusalErrorCode('unknown-transition')).toBe('validation-invalid-params');
    expect(refusalErrorCode('invalid-transition')).toBe('transaction-invalid-transition');
    expect(refusalErrorCode('window-closed')).toBe('transaction-invalid-transition');
    expect(refusalErrorCode('not-allowed')).toBe('forbidden');
  });
  it('finds the role of a user', () => {
    const tx = { customerId: 'c', providerId: 'p' };
    expect(roleOf(tx, 'c')).toBe('customer');
    expect(roleOf(tx, 'p')).toBe('provider');
    expect(roleOf(tx, 'x')).toBe('provider');
    expect(partyRole(tx, 'c')).toBe('customer');
    expect(partyRole(tx, 'p')).toBe('provider');
    expect(partyRole(tx, 'x')).toBeUndefined();
    expect(partyRole(tx, undefined)).toBeUndefined();
    expect(otherRole('customer')).toBe('provider');
    expect(otherRole('provider')).toBe('customer');
  });
  it('lets only one of mark-received-from-purchased and mark-delivered run at once', () => {
    expect(blockedByTransitionInProgress('mark-delivered', 'mark-received-from-purchased')).toBe(true);
    expect(blockedByTransitionInProgress('mark-received-from-purchased', 'mark-delivered')).toBe(true);
    expect(blockedByTransitionInProgress('mark-delivered', undefined)).toBe(false);
    expect(blockedByTransitionInProgress('dispute', 'mark-delivered')).toBe(false);
    expect(blockedByTransitionInProgress('mark-delivered', 'dispute')).toBe(false);
  });
});

describe('labels and inbox', () => {
  it('labels states per role and delivery method; a deadline label carries its date', () => {
    const date = (d: Date) => d.toISOString().slice(0, 10);
    const label = (state: ProcessState, role: Role, deliveryMethod?: 'shipping' | 'pickup', dueAt?: string) =>
      statusLabel({ state, deliveryMethod, ...(dueAt ? { deadline: { dueAt } } : {}) }, role, date);
    const due = '2026-03-06T10:00:00.000Z';
    expect(label('enquiry', 'customer')).toBe('Enquiry');
    expect(label('pending-payment', 'provider', 'shipping')).toBe('Pending payment');
    expect(label('payment-expired', 'customer')).toBe('Payment expired');
    expect(label('purchased', 'customer', 'shipping', due)).toBe('Waiting for the seller to ship');
    expect(label('purchased', 'provider', 'shipping', due)).toBe('Ship by 2026-03-06');
    expect(label('purchased', 'provider', 'shipping')).toBe('Waiting for you to ship');
    expect(label('purchased', 'customer', 'pickup', due)).toBe('Ready for pickup');
    expect(label('purchased', 'provider', 'pickup', due)).toBe('Hand over by 2026-03-06');
    expect(label('delivered', 'customer', 'shipping')).toBe('On its way');
    expect(label('delivered', 'provider', 'shipping')).toBe('Shipped');
    expect(label('delivered', 'customer', 'pickup')).toBe('Picked up');
    expect(label('delivered', 'provider', 'pickup')).toBe('Picked up');
    expect(label('received', 'provider')).toBe('Waiting for review');
    expect(label('reviewed-by-customer', 'customer')).toBe('In review');
    expect(label('reviewed-by-customer', 'provider')).toBe('Waiting for review');
    expect(label('reviewed-by-provider', 'provider')).toBe('In review');
    expect(label('reviewed', 'provider')).toBe('Completed');
    expect(label('canceled', 'customer')).toBe('Canceled');
    expect(label('disputed', 'customer')).toBe('Problem reported');
    expect(statusCopy({ state: 'pending-payment' }, 'provider').description).toContain('15 minutes');
  });
  it('never words a status as an action: no button verbs, every state and role labelled', () => {
    const buttonWords = /^(Mark|Cancel|Leave|Report|Dispute|Pay|Buy|Confirm)\b/;
    for (const state of processStates) {
      for (const role of ['customer', 'provider'] as const) {
        for (const deliveryMethod of ['shipping', 'pickup'] as const) {
          const text = statusLabel({ state, deliveryMethod }, role, () => 'soon');
          expect(text, `${state} ${role} ${deliveryMethod}`).toBeTruthy();
          expect(text).not.toMatch(buttonWords);
          expect(text).not.toContain('{date}');
        }
      }
    }
  });
  it('names the pickup hand-over button apart from shipping', () => {
    expect(actionLabel('mark-delivered', 'shipping')).toBe('Mark shipped');
    expect(actionLabel('mark-delivered', 'pickup')).toBe('Mark handed over');
    expect(actionLabel('mark-received', 'pickup')).toBe('Mark received');
  });
  it('hides payment-expired from the inbox', () => {
    expect(processStates.filter((s) => !isRelevantForInbox(s))).toEqual(['payment-expired']);
  });
  it('notifies providers of transitions leading to purchased', () => {
    expect(providerNotificationTransitions).toEqual(['confirm-payment']);
    expect(providerNeedsAction('confirm-payment')).toBe(true);
    expect(providerNeedsAction('mark-delivered')).toBe(false);
    expect(providerNeedsAction(undefined)).toBe(false);
  });
  it('knows who needs to act', () => {
    const who = (s: ProcessState) => (['customer', 'provider'] as const).filter((r) => needsAction(s, r));
    expect(who('pending-payment')).toEqual(['customer']);
    expect(who('purchased')).toEqual(['provider']);
    expect(who('delivered')).toEqual(['customer']);
    expect(who('completed')).toEqual(['customer', 'provider']);
    expect(who('reviewed-by-customer')).toEqual(['provider']);
    expect(who('reviewed-by-provider')).toEqual(['customer']);
    expect(who('canceled')).toEqual([]);
  });
  it('labels the total', () => {
    expect(totalLabel('purchased', 'customer')).toBe('Total price');
    expect(totalLabel('purchased', 'provider')).toBe("You'll make");
    expect(totalLabel('received', 'provider')).toBe('You made');
    expect(totalLabel('completed', 'provider')).toBe('You made');
    expect(totalLabel('reviewed', 'provider')).toBe('You made');
    expect(totalLabel('canceled', 'provider')).toBe('Total price');
  });
  it('has action labels, errors and activity messages', () => {
    expect(actionLabels['mark-delivered']).toBe('Mark shipped');
    expect(actionErrors['mark-delivered']).toContain('shipped');
    expect(activityMessage('confirm-payment')).toBe('The order was placed.');
    expect(activityMessage('mark-delivered')).toBe('The item was handed over.');
    expect(activityMessage('mark-delivered', { shipping: true })).toBe('The order was marked as shipped.');
    expect(activityMessage('auto-mark-received')).toBe('The order was marked as received.');
    expect(activityMessage('dispute')).toBe('The order was marked as disputed.');
    expect(activityMessage('auto-cancel')).toBe('The order was canceled.');
    expect(activityMessage('auto-complete')).toBeUndefined();
  });
});

describe('reviews (§4)', () => {
  it('picks the first or second review transition by role', () => {
    expect(reviewTransitionFor('completed', 'customer')).toBe('review-1-by-customer');
    expect(reviewTransitionFor('completed', 'provider')).toBe('review-1-by-provider');
    expect(reviewTransitionFor('reviewed-by-customer', 'provider')).toBe('review-2-by-provider');
    expect(reviewTransitionFor('reviewed-by-provider', 'customer')).toBe('review-2-by-customer');
    expect(reviewTransitionFor('reviewed-by-customer', 'customer')).toBeUndefined();
    expect(reviewTransitionFor('received', 'customer')).toBeUndefined();
    expect(canReview('completed', 'provider')).toBe(true);
    expect(canReview('reviewed', 'provider')).toBe(false);
  });
  it('falls back to the second review when already reviewed', () => {
    expect(fallbackReviewTransition('review-1-by-customer')).toBe('review-2-by-customer');
    expect(fallbackReviewTransition('review-1-by-provider')).toBe('review-2-by-provider');
    expect(fallbackReviewTransition('review-2-by-provider')).toBeUndefined();
    expect(reviewTypeBy('customer')).toBe('ofProvider');
    expect(reviewTypeBy('provider')).toBe('ofCustomer');
  });
  it('every review transition it names exists and belongs to the role', () => {
    for (const state of processStates) {
      for (const role of ['customer', 'provider'] as const) {
        const t = reviewTransitionFor(state, role);
        if (t) expect(checkTransition(state, t, role).ok).toBe(true);
      }
    }
  });
});

describe('zero pay-in and payout refusals', () => {
  it('refuses a zero pay-in first, then a zero payout', () => {
    expect(chargeRefusal({ payinTotal: usd(0), payoutTotal: usd(0) })).toBe('transaction-charge-zero-payin');
    expect(chargeRefusal({ payinTotal: usd(100), payoutTotal: usd(0) })).toBe(
      'transaction-charge-zero-payout',
    );
    expect(chargeRefusal({ payinTotal: usd(100), payoutTotal: usd(90) })).toBeUndefined();
  });
  it('applies to charging and payout transitions only', () => {
    const zeroPayout = { payinTotal: usd(100), payoutTotal: usd(0) };
    expect(chargeRefusalFor('request-payment', { payinTotal: usd(0), payoutTotal: usd(0) })).toBe(
      'transaction-charge-zero-payin',
    );
    expect(chargeRefusalFor('request-payment-after-enquiry', zeroPayout)).toBe(
      'transaction-charge-zero-payout',
    );
    expect(chargeRefusalFor('mark-received', zeroPayout)).toBe('transaction-charge-zero-payout');
    expect(chargeRefusalFor('mark-received', { payinTotal: usd(100), payoutTotal: usd(1) })).toBeUndefined();
    expect(chargeRefusalFor('dispute', zeroPayout)).toBeUndefined();
  });
});
