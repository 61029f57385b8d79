import type { UserRecord } from '../accounts/user-record';
import { keys } from '../lib/table-design';

/** A seller's profile as the payout tests store it, with `extra` (its Stripe or PayPal state) on top. */
export function payoutUser(extra: Partial<UserRecord> = {}): UserRecord {
  return {
    ...keys.user('u1'),
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
