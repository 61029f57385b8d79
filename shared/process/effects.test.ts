import { describe, expect, it } from 'vitest';
import {
  chargingTransitions,
  effectsOf,
  isPrivilegedFor,
  mailsOf,
  paidOutStates,
  payoutTransitions,
  privilegedPartyTransitions,
  refundingTransitions,
  refundReasonOf,
  stockReleasingTransitions,
  stockReservingTransitions,
  type TransitionEffects,
  transitionEffects,
} from './effects';
import { type ProcessState, transitions } from './graph';
import { activityMessage, totalLabel } from './labels';

const names = transitions.map((tr) => tr.name);

/** How each effect must be decided: a yes or a no of its own kind, never left out. */
const decided: Record<keyof TransitionEffects, (value: unknown) => boolean> = {
  reservesStock: (value) => typeof value === 'boolean',
  chargesCustomer: (value) => typeof value === 'boolean',
  releasesStock: (value) => typeof value === 'boolean',
  capturesPayment: (value) => typeof value === 'boolean',
  refunds: (value) =>
    value === false ||
    value === 'canceled' ||
    value === 'auto-canceled' ||
    value === 'dispute-canceled' ||
    value === 'payment-expired',
  paysOut: (value) => typeof value === 'boolean',
  opensReviewWindow: (value) => typeof value === 'boolean',
  publishesReviews: (value) => typeof value === 'boolean',
  mails: (value) => Array.isArray(value),
  privilegedFor: (value) => value === false || value === 'customer' || value === 'provider',
};

describe('every transition is classified for every effect', () => {
  it('the declaration holds exactly the transitions of the graph', () => {
    expect(Object.keys(transitionEffects).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s decides every effect', (name) => {
    const effects = effectsOf(name) as unknown as Record<string, unknown>;
    expect(Object.keys(effects).sort()).toEqual(Object.keys(decided).sort());
    for (const [effect, isDecided] of Object.entries(decided)) {
      expect(isDecided(effects[effect]), `${name}.${effect} = ${String(effects[effect])}`).toBe(true);
    }
  });

  it('an unknown name (or an Object.prototype key) has no effect', () => {
    for (const name of ['nope', 'constructor', 'toString', '__proto__']) {
      expect(effectsOf(name)).toEqual(effectsOf('enquire'));
      expect(mailsOf(name)).toEqual([]);
      expect(refundReasonOf(name)).toBeUndefined();
    }
  });
});

describe('the named sets keep the lists they replace', () => {
  it('stock: request-payment-after-enquiry (and initiate) reserve; expire and every cancel path release', () => {
    expect(stockReservingTransitions).toEqual(['request-payment', 'request-payment-after-enquiry']);
    expect([...stockReleasingTransitions].sort()).toEqual(
      [
        'expire-payment',
        'cancel-payment',
        'cancel',
        'auto-cancel',
        'cancel-from-disputed',
        'auto-cancel-from-disputed',
      ].sort(),
    );
  });

  it('charges: the two transitions that create the payment', () => {
    expect(chargingTransitions).toEqual(['request-payment', 'request-payment-after-enquiry']);
  });

  it('refunds with the RefundIssued reasons', () => {
    expect(Object.fromEntries(refundingTransitions.map((name) => [name, refundReasonOf(name)]))).toEqual({
      'expire-payment': 'payment-expired',
      'cancel-payment': 'canceled',
      cancel: 'canceled',
      'auto-cancel': 'auto-canceled',
      'cancel-from-disputed': 'dispute-canceled',
      'auto-cancel-from-disputed': 'dispute-canceled',
    });
  });

  it('payouts: the four paths into received', () => {
    expect([...payoutTransitions].sort()).toEqual(
      [
        'mark-received-from-purchased',
        'mark-received',
        'auto-mark-received',
        'mark-received-from-disputed',
      ].sort(),
    );
  });

  it('the privileged route: the customer asks for five transitions, the provider for none', () => {
    expect([...privilegedPartyTransitions].sort()).toEqual(
      [
        'request-payment-after-enquiry',
        'confirm-payment',
        'cancel',
        'mark-received-from-purchased',
        'mark-received',
      ].sort(),
    );
    expect(privilegedPartyTransitions.every((name) => isPrivilegedFor(name, 'customer'))).toBe(true);
    expect(names.some((name) => isPrivilegedFor(name, 'provider'))).toBe(false);
  });

  it('paid-out states: received and everything after it', () => {
    expect([...paidOutStates].sort()).toEqual(
      ['received', 'completed', 'reviewed-by-customer', 'reviewed-by-provider', 'reviewed'].sort(),
    );
  });
});

describe('the effects agree with the graph', () => {
  const endsUnsold: readonly ProcessState[] = ['payment-expired', 'canceled'];

  it.each(transitions.map((tr) => [tr.name, tr] as const))('%s', (name, tr) => {
    const effects = effectsOf(name);
    // The order ends unsold exactly when the stock and the money go back.
    expect(effects.releasesStock).toBe(endsUnsold.includes(tr.to));
    expect(effects.refunds !== false).toBe(endsUnsold.includes(tr.to));
    expect(effects.paysOut).toBe(tr.to === 'received');
    expect(effects.capturesPayment).toBe(tr.to === 'purchased');
    expect(effects.reservesStock).toBe(tr.to === 'pending-payment');
    expect(effects.chargesCustomer).toBe(effects.reservesStock);
    expect(effects.opensReviewWindow).toBe(tr.to === 'completed');
    expect(effects.publishesReviews).toBe(tr.to === 'reviewed');
    // Money moves only on the server's privileged rights; a party asks only for its own.
    if (effects.capturesPayment || effects.paysOut || effects.reservesStock) expect(tr.privileged).toBe(true);
    if (effects.refunds && tr.from !== 'pending-payment') expect(tr.privileged).toBe(true);
    if (effects.privilegedFor) {
      expect(tr.privileged).toBe(true);
      expect(tr.actors).toContain(effects.privilegedFor);
    }
  });
});

describe('labels read the sets', () => {
  it('the total label: "You made" once paid out', () => {
    for (const state of paidOutStates) expect(totalLabel(state, 'provider')).toBe('You made');
    expect(totalLabel('disputed', 'provider')).toBe("You'll make");
  });

  it('activity: every payout path is "received", every path into canceled is "canceled"', () => {
    for (const name of payoutTransitions)
      expect(activityMessage(name)).toBe('The order was marked as received.');
    for (const tr of transitions.filter((t) => t.to === 'canceled')) {
      expect(activityMessage(tr.name)).toBe('The order was canceled.');
    }
    expect(activityMessage('cancel-payment')).toBeUndefined();
    expect(activityMessage('expire-payment')).toBeUndefined();
    expect(activityMessage('constructor')).toBeUndefined();
  });
});
