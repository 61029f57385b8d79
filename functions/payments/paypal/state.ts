import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PaypalOnboardingStatus } from '../../../shared/api/payments';
import { getUser, updateUser, userUpdateInput } from '../../accounts/repository';
import {
  type PaypalRecordState,
  payoutReadyOfRecord,
  paypalPayoutReady,
  paypalStateOf,
  type UserRecord,
} from '../../accounts/user-record';
import { dynamo, tableName } from '../../lib/aws';
import { paypalKeys } from '../../lib/table-design';
import { updateWithPut } from '../../lib/writes';
import { payoutAccountUpdatedPut } from '../../orders/finance/payout-account';

/**
 * The one writer of a user's PayPal state (`paypal` on the user item). Every change that flips the
 * PayPal payout readiness records `PayoutAccountUpdated` (provider `paypal`) in the finance outbox.
 */
export async function changePaypalState(
  user: UserRecord,
  change: (current: PaypalRecordState) => PaypalRecordState,
): Promise<UserRecord> {
  const before = user.paypal ?? {};
  const at = new Date().toISOString();
  const after: PaypalRecordState = { ...change({ ...before }), updatedAt: at };
  for (const key of Object.keys(after) as (keyof PaypalRecordState)[]) {
    if (after[key] === undefined) delete after[key];
  }
  // Whether PayPal's half of readiness flips is a fact of the PayPal state alone (paypalStateOf reads
  // only `paypal`), so it is known before writing: a flip's outbox item goes in the same transaction
  // as the new state, and a failed write leaves neither (the webhook's retry finds the flip again).
  const wasReady = paypalPayoutReady(paypalStateOf({ paypal: before }));
  const isReady = paypalPayoutReady(paypalStateOf({ paypal: after }));
  const event =
    wasReady !== isReady
      ? payoutAccountUpdatedPut({ userId: user.id, provider: 'paypal', payoutReady: isReady, at })
      : undefined;
  const stateUpdate = userUpdateInput(user.id, { set: { paypal: after } });
  let updated = await updateWithPut<UserRecord>(stateUpdate, event?.put, { update: 'not-found' });
  // The one gating fact (Stripe or PayPal ready), from the stored record so a Stripe change counts.
  const payoutReady = payoutReadyOfRecord(updated);
  if (updated.payoutReady !== payoutReady) updated = await updateUser(user.id, { set: { payoutReady } });
  if (after.merchantId && after.merchantId !== before.merchantId) {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...paypalKeys.merchantUser(after.merchantId),
          entity: 'paypal-merchant-user',
          merchantId: after.merchantId,
          userId: user.id,
        },
      }),
    );
  }
  return updated;
}

/** Stores the five flags of a merchant (get-paypal-onboarding-status with updateUserMaybe, webhooks). */
export function storeOnboardingStatus(user: UserRecord, merchantId: string, status: PaypalOnboardingStatus) {
  return changePaypalState(user, (current) => ({
    ...current,
    trackingId: current.trackingId ?? user.id,
    merchantId,
    ...status,
    paypalOffboarded: false,
    requestOnboardingLinks: !status.paypalOnboarded,
  }));
}

/** The user a merchant id was stored for, if any. */
export async function userOfMerchant(merchantId: string): Promise<UserRecord | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: paypalKeys.merchantUser(merchantId) }),
  );
  const userId = (result.Item as { userId?: string } | undefined)?.userId;
  return userId ? getUser(userId) : undefined;
}

/** Forgets the merchant → user link (offboarding). */
export async function forgetMerchant(merchantId: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: tableName(), Key: paypalKeys.merchantUser(merchantId) }),
  );
}
