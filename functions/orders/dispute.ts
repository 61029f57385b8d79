/**
 * A buyer's dispute (issue 25): the reason from the list, the details and up to six photo
 * uploads, checked with the form's rules (shared/validation/disputes.ts); the photos kept as
 * private evidence before the transition is written; and the dispute as the parties see it, with
 * the photos as short-lived links.
 */
import type { DisputeView, TransactionView } from '../../shared/api/transactions';
import { disputeEvidence, disputeOf } from '../../shared/config/disputes';
import type { Role } from '../../shared/process/graph';
import { firstError } from '../../shared/validation/core';
import { validateDispute } from '../../shared/validation/disputes';
import { ApiError, invalidField } from '../lib/errors';
import { unknownUpload, uploadIdPattern } from '../lib/image-variants';
import { evidenceLinks, keepEvidence } from './dispute-evidence';
import type { TransitionProtectedData } from './plan-write';
import { type TransactionRecord, toTransactionView } from './record';
import { isObject } from './request';

export interface DisputeInput {
  disputeReason: string;
  disputeDetails: string;
  uploadIds: string[];
}

/** The dispute a request carries, or 400 with the form's messages by field. */
export function disputeInputOf(raw: unknown): DisputeInput {
  const data = isObject(raw) ? raw : {};
  const reason = typeof data.disputeReason === 'string' ? data.disputeReason.trim() : '';
  if (data.disputeDetails !== undefined && typeof data.disputeDetails !== 'string') {
    throw invalidField('disputeDetails', 'The details must be text.');
  }
  const details = typeof data.disputeDetails === 'string' ? data.disputeDetails.trim() : '';
  const photos = data.disputePhotos ?? [];
  if (!Array.isArray(photos)) throw invalidField('disputePhotos', unknownUpload);
  const { photoCount, ...problems } = validateDispute({
    disputeReason: reason,
    disputeDetails: details,
    photoCount: photos.length,
  });
  // The form's photo count is the request's `disputePhotos`; the first message is the answer's title.
  const fields = { ...problems, ...(photoCount ? { disputePhotos: photoCount } : {}) };
  const first = firstError(fields);
  if (first) throw new ApiError('validation-invalid-params', first, { fields });
  const uploadIds = photos.map((id) => {
    if (typeof id !== 'string' || !uploadIdPattern.test(id))
      throw invalidField('disputePhotos', unknownUpload);
    return id;
  });
  if (new Set(uploadIds).size !== uploadIds.length) throw invalidField('disputePhotos', unknownUpload);
  return { disputeReason: reason, disputeDetails: details, uploadIds };
}

/** The protected data of the dispute transition, its photos checked and kept (before the write). */
export async function disputeProtectedData(
  txId: string,
  input: DisputeInput,
): Promise<TransitionProtectedData> {
  const photos = await keepEvidence(txId, input.uploadIds);
  return {
    disputeReason: input.disputeReason,
    ...(input.disputeDetails ? { disputeDetails: input.disputeDetails } : {}),
    ...(photos.length ? { disputePhotos: photos } : {}),
  };
}

/** The dispute of `record` as a party or the operator sees it, or undefined when there is none. */
export async function disputeViewOf(
  record: Pick<TransactionRecord, 'id' | 'protectedData'>,
): Promise<DisputeView | undefined> {
  const dispute = disputeOf(record.protectedData);
  if (!dispute) return undefined;
  const photos = await evidenceLinks(record.id, record.protectedData.disputePhotos ?? []);
  return {
    reason: dispute.reason,
    reasonLabel: dispute.reasonLabel,
    details: dispute.details,
    photos,
    linksExpireAt: new Date(Date.now() + disputeEvidence.linkTtlSeconds * 1000).toISOString(),
  };
}

/** The API view for `role` with its dispute (links are signed per read, so this is async). */
export async function transactionViewWithDispute(
  record: TransactionRecord,
  role: Role,
): Promise<TransactionView> {
  const view = toTransactionView(record, role);
  const dispute = await disputeViewOf(record);
  return dispute ? { ...view, dispute } : view;
}
