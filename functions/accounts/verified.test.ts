import { describe, expect, it } from 'vitest';
import { messagingNeedsVerifiedEmail, verifyEmailToMessage } from '../../shared/config/verified-email';
import { ApiError } from '../lib/errors';
import { requireVerifiedEmail } from './verified';

describe('requireVerifiedEmail', () => {
  it('lets a verified address through', () => {
    expect(() => requireVerifiedEmail({ emailVerified: true })).not.toThrow();
  });

  it('refuses an unverified address, or no profile, with 403 forbidden and the reason', () => {
    for (const profile of [{ emailVerified: false }, {}, undefined]) {
      let caught: unknown;
      try {
        requireVerifiedEmail(profile);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ApiError);
      expect(caught).toMatchObject({
        code: 'forbidden',
        message: verifyEmailToMessage,
        meta: { reason: 'email-unverified' },
      });
    }
  });
});

describe('messagingNeedsVerifiedEmail', () => {
  it('needs a verified address before the order is paid, not after', () => {
    for (const state of ['initial', 'enquiry', 'pending-payment', 'payment-expired'] as const)
      expect(messagingNeedsVerifiedEmail(state), state).toBe(true);
    for (const state of ['purchased', 'delivered', 'disputed', 'received', 'completed', 'canceled'] as const)
      expect(messagingNeedsVerifiedEmail(state), state).toBe(false);
  });
});
