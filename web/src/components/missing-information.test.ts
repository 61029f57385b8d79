import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/api/account';
import {
  countsAsVisit,
  isExcludedPath,
  type MissingInformationInput,
  marksSeenOnVisit,
  missingInformationPrompt,
} from './missing-information';

const user = (
  changes: Partial<CurrentUser> = {},
  payments: Partial<NonNullable<CurrentUser['payments']>> = {},
) =>
  ({
    id: 'u1',
    email: 'robin@example.com',
    emailVerified: true,
    firstName: 'Robin',
    lastName: 'C',
    displayName: 'Robin C',
    abbreviatedName: 'RC',
    createdAt: '2026-01-01T00:00:00Z',
    payments: { payoutReady: false, stripeConnected: false, seenMissingInformation: false, ...payments },
    hasListings: true,
    ...changes,
  }) as CurrentUser;

const input = (changes: Partial<MissingInformationInput> = {}): MissingInformationInput => ({
  user: user(),
  pathname: '/s',
  visits: 2,
  shown: false,
  ...changes,
});

describe('missing-information modal (§4)', () => {
  it('asks a seller without payouts for a payment account', () => {
    expect(missingInformationPrompt(input())).toBe('payment-account');
  });

  it('asks for the e-mail first when the user has listings or orders and it is unverified', () => {
    const withListings = { ...user({ emailVerified: false }), hasListings: true } as CurrentUser;
    expect(missingInformationPrompt(input({ user: withListings }))).toBe('verify-email');
    const withOrders = { ...user({ emailVerified: false }), hasOrders: true } as CurrentUser;
    expect(missingInformationPrompt(input({ user: withOrders }))).toBe('verify-email');
    // Unverified with nothing listed or ordered: nothing to verify for, no payouts to ask for.
    expect(
      missingInformationPrompt(input({ user: user({ emailVerified: false, hasListings: undefined }) })),
    ).toBe(null);
  });

  it('never asks a buyer (no listing that is not a draft) for payout details', () => {
    const buyer = user({ hasListings: false, hasOrders: true });
    expect(missingInformationPrompt(input({ user: buyer, pathname: '/l/bike/1/checkout' }))).toBeNull();
    expect(missingInformationPrompt(input({ user: buyer, pathname: '/order/tx-1/details' }))).toBeNull();
    expect(missingInformationPrompt(input({ user: user({ hasListings: false }) }))).toBeNull();
    // An unverified buyer is still asked to verify the e-mail.
    expect(
      missingInformationPrompt(
        input({ user: user({ hasListings: false, hasOrders: true, emailVerified: false }) }),
      ),
    ).toBe('verify-email');
  });

  it('shows nothing when the user can be paid out and the e-mail needs nothing', () => {
    expect(missingInformationPrompt(input({ user: user({}, { payoutReady: true }) }))).toBeNull();
  });

  it('is only for signed-in, non-limited users who have not seen it', () => {
    expect(missingInformationPrompt(input({ user: null }))).toBeNull();
    expect(missingInformationPrompt(input({ user: user({ limited: true }) }))).toBeNull();
    expect(missingInformationPrompt(input({ user: user({}, { seenMissingInformation: true }) }))).toBeNull();
    const { payments: _, ...withoutPayments } = user();
    expect(missingInformationPrompt(input({ user: withoutPayments as CurrentUser }))).toBeNull();
  });

  it('never shows on login, signup, contact details, verification, password reset or payout pages', () => {
    for (const pathname of [
      '/login',
      '/signup',
      '/confirm',
      '/verify-email',
      '/recover-password',
      '/reset-password',
      '/account/contact-details',
      '/account/payments',
      '/account/payments/success',
      '/account/paypal',
    ]) {
      expect(isExcludedPath(pathname)).toBe(true);
      expect(missingInformationPrompt(input({ pathname }))).toBeNull();
    }
    expect(isExcludedPath('/account/payment-methods')).toBe(false);
    expect(isExcludedPath('/')).toBe(false);
  });

  it('waits for the second page of the visit and shows at most once', () => {
    expect(missingInformationPrompt(input({ visits: 1 }))).toBeNull();
    expect(missingInformationPrompt(input({ visits: 2 }))).toBe('payment-account');
    expect(missingInformationPrompt(input({ shown: true }))).toBeNull();
    expect(countsAsVisit('/login')).toBe(false);
    expect(countsAsVisit('/signup')).toBe(false);
    expect(countsAsVisit('/')).toBe(true);
  });

  it('a visit to a payout page marks it seen', () => {
    expect(marksSeenOnVisit(user(), '/account/payments')).toBe(true);
    expect(marksSeenOnVisit(user(), '/account/paypal')).toBe(true);
    expect(marksSeenOnVisit(user(), '/s')).toBe(false);
    expect(marksSeenOnVisit(user({}, { seenMissingInformation: true }), '/account/paypal')).toBe(false);
    expect(marksSeenOnVisit(user({ limited: true }), '/account/paypal')).toBe(false);
    expect(marksSeenOnVisit(null, '/account/paypal')).toBe(false);
  });
});
