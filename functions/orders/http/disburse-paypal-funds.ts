import { timerSettingsFromEnv } from '../../../shared/process/deadlines';
import { ApiError, json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { disbursePaypalFunds } from '../money/payouts';
import { getTransaction } from '../repository';
import { transactionIdOf } from '../request';

/**
 * POST /api/disburse-paypal-funds `{ paypalTransactionId, sharetribeTransactionId }` (spec §7) →
 * `{ data: { paypalDisbursementId } }`: only the order's customer, only for a PayPal order that is
 * purchased or delivered, only for its own capture. Idempotent: asked again, the same disbursement.
 * A PayPal refusal → 502 'Funds were not successfully disbursed from paypal'. The client then takes
 * mark-received(-from-purchased) with the id.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const body = jsonBody(event);
  const { paypalTransactionId, sharetribeTransactionId } = body;
  if (typeof paypalTransactionId !== 'string' || !paypalTransactionId) {
    throw new ApiError(
      'validation-invalid-params',
      'paypalTransactionId and sharetribeTransactionId are required.',
    );
  }
  const tx = await getTransaction(transactionIdOf(sharetribeTransactionId, 'sharetribeTransactionId'));
  if (!tx || (tx.customerId !== user.id && tx.providerId !== user.id)) throw new ApiError('not-found');
  if (tx.customerId !== user.id) throw new ApiError('forbidden');
  const capture = tx.payment?.paypalCaptureId ?? tx.protectedData.paypalTransactionId;
  if (tx.payment?.method !== 'paypal' || !capture || capture !== paypalTransactionId) {
    throw new ApiError(
      'validation-invalid-params',
      'paypalTransactionId is not the PayPal capture of this order.',
    );
  }
  const scale = timerSettingsFromEnv(process.env).scale ?? 1;
  const paypalDisbursementId = await disbursePaypalFunds(tx, user.id, new Date(), scale);
  return json(200, { data: { paypalDisbursementId } });
});
