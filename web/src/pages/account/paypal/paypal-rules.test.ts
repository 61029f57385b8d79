import { describe, expect, it } from 'vitest';
import { paypalProblems } from '../../../../../shared/errors/paypal-errors';
import { actionUrlOf } from '../../../api/payment-methods';
import { flagText, isPaypalLinked, paypalFlags, paypalProblemMessages, paypalReturnOf } from './paypal-rules';

describe('PayPal settings rules', () => {
  it('shows the five status flags as yes or no', () => {
    expect(paypalFlags.map((flag) => flag.key)).toEqual([
      'paypalOnboarded',
      'isPaymentsReceivable',
      'isPrimaryEmailValidated',
      'isExpressCheckoutActive',
      'hasOAuthPermissions',
    ]);
    expect([flagText(true), flagText(false), flagText(undefined)]).toEqual(['Yes', 'No', 'Not known yet']);
  });

  it('is linked with a merchant id until offboarded', () => {
    expect(isPaypalLinked(undefined)).toBe(false);
    expect(isPaypalLinked({ merchantId: 'M1' })).toBe(true);
    expect(isPaypalLinked({ merchantId: 'M1', paypalOffboarded: true })).toBe(false);
  });

  it("lists the §8 problems of the seller's account", () => {
    expect(paypalProblemMessages(undefined)).toEqual([paypalProblems.accountNotLinked]);
    expect(
      paypalProblemMessages({
        merchantId: 'M1',
        paypalOnboarded: true,
        isPaymentsReceivable: false,
        isPrimaryEmailValidated: false,
        hasOAuthPermissions: true,
      }),
    ).toEqual([paypalProblems.paymentsNotReceivable, paypalProblems.primaryEmailNotValidated]);
    expect(
      paypalProblemMessages({
        merchantId: 'M1',
        paypalOnboarded: true,
        isPaymentsReceivable: true,
        isPrimaryEmailValidated: true,
        hasOAuthPermissions: true,
      }),
    ).toEqual([]);
  });

  it("reads PayPal's way back", () => {
    expect(paypalReturnOf({})).toEqual({ kind: 'none' });
    expect(
      paypalReturnOf({
        merchantIdInPayPal: 'M1',
        permissionsGranted: 'true',
        accountStatus: 'BUSINESS_ACCOUNT',
      }),
    ).toEqual({ kind: 'linked', merchantIdInPayPal: 'M1' });
    expect(paypalReturnOf({ merchantIdInPayPal: 'M1', permissionsGranted: 'false' })).toEqual({
      kind: 'failed',
    });
    expect(paypalReturnOf({ returnURLType: 'failure' })).toEqual({ kind: 'failed' });
  });

  it('goes to the onboarding link with rel action_url', () => {
    expect(
      actionUrlOf([
        { href: 'https://example.test/self', rel: 'self' },
        { href: 'https://example.test/onboard', rel: 'action_url', method: 'GET' },
      ]),
    ).toBe('https://example.test/onboard');
    expect(actionUrlOf([])).toBeUndefined();
  });
});
