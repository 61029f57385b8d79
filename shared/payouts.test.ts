import { describe, expect, it } from 'vitest';
import { payoutReadyOf, payoutStatusOf } from './payouts';

describe('payoutStatusOf', () => {
  const base = { requirementsDue: [] as string[], transfersActive: false };
  it('is verificationError when a requirement has an error, even with more due', () => {
    expect(
      payoutStatusOf({
        ...base,
        requirementsDue: ['external_account'],
        requirementErrors: ['invalid_address'],
      }),
    ).toBe('verificationError');
  });
  it('is verificationNeeded while anything is due', () => {
    expect(
      payoutStatusOf({
        ...base,
        requirementsDue: ['individual.verification.document'],
        disabledReason: 'requirements.past_due',
      }),
    ).toBe('verificationNeeded');
  });
  it('is verificationSuccess once transfers are active', () => {
    expect(payoutStatusOf({ ...base, transfersActive: true, requirementErrors: [] })).toBe(
      'verificationSuccess',
    );
  });
  it('is verificationError when disabled for another reason', () => {
    expect(payoutStatusOf({ ...base, disabledReason: 'rejected.fraud' })).toBe('verificationError');
  });
  it('shows no box while the provider reviews', () => {
    expect(payoutStatusOf(base)).toBeUndefined();
    expect(payoutStatusOf({ ...base, disabledReason: 'requirements.pending_verification' })).toBeUndefined();
  });
});

describe('payoutReadyOf', () => {
  it('is true with transfers active', () => {
    expect(payoutReadyOf({ stripeAccount: { transfersActive: true } })).toBe(true);
  });
  it('is false without any payout account, or with transfers inactive', () => {
    expect(payoutReadyOf({})).toBe(false);
    expect(payoutReadyOf({ stripeAccount: { transfersActive: false } })).toBe(false);
  });
  it('is true with PayPal onboarded and receivable, false when unlinked or not receivable', () => {
    expect(
      payoutReadyOf({ paypal: { merchantId: 'M1', paypalOnboarded: true, isPaymentsReceivable: true } }),
    ).toBe(true);
    expect(
      payoutReadyOf({
        paypal: {
          merchantId: 'M1',
          paypalOnboarded: true,
          isPaymentsReceivable: true,
          paypalOffboarded: true,
        },
      }),
    ).toBe(false);
    expect(
      payoutReadyOf({ paypal: { merchantId: 'M1', paypalOnboarded: true, isPaymentsReceivable: false } }),
    ).toBe(false);
    expect(
      payoutReadyOf({ paypal: { merchantId: 'M1', paypalOnboarded: false, isPaymentsReceivable: true } }),
    ).toBe(false);
    expect(
      payoutReadyOf({ paypal: { merchantId: null, paypalOnboarded: true, isPaymentsReceivable: true } }),
    ).toBe(false);
    expect(payoutReadyOf({ paypal: { paypalOnboarded: true, isPaymentsReceivable: true } })).toBe(false);
  });
});
