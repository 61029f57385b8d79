import { timerSettingsFromEnv } from '../../../shared/process/deadlines';
import { ApiError, json, jsonBody } from '../../lib/http';
import { userHandler } from '../../lib/user-handler';
import { createEvidenceUpload } from '../dispute-evidence';
import { checkTransitionRequest } from '../transition-checks';
import { getPartyTransaction } from '../views';
import { transactionIdParam } from './params';

/**
 * POST /api/transactions/{id}/dispute-photo-uploads {contentType, size} → 201 { data: { uploadId,
 * url, fields } }: a presigned POST for one photo of a dispute, into the private
 * `dispute-evidence/` prefix (functions/orders/dispute-evidence.ts). Only the buyer, only while
 * they may still report a problem (the same checks as the dispute itself: 409 once the window
 * closed, 403 for the seller, 404 for anyone else). JPG or PNG, at most 20 MB.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const { transaction } = await getPartyTransaction(transactionIdParam(event), user.id);
  const check = checkTransitionRequest(
    transaction,
    'dispute',
    { actor: 'customer', userId: user.id },
    { now: new Date(), timers: timerSettingsFromEnv(process.env) },
  );
  if (!check.ok) throw new ApiError(check.refusal);
  const data = await createEvidenceUpload(transaction.id, jsonBody(event));
  return json(201, { data });
});
