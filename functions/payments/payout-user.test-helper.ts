import type { UserRecord } from '../accounts/user-record';

/** A seller's profile as the payout tests store it, with `extra` (its Stripe or PayPal state) on top. */
export function payoutUser(extra: Partial<UserRecord> = {}): UserRecord {
  return {
    PK: 'USER#u1',
    SK: 'PROFILE',
    entity: 'user',
    id: 'u1',
    email: 'paula@example.com',
    emailVerified: true,
    firstName: 'Paula',
    lastName: 'Payout',
    displayName: 'Paula P.',
    ...extra,
  } as UserRecord;
}
