/**
 * The dispute form (§5 "Dispute: reason required", issue 25): a reason from the list, details
 * (required for "Something else", at most 5000 characters), at most six JPEG or PNG photos of at
 * most 20 MB. The browser and the API check the same rules with the same messages.
 */
import { limits } from '../config/constants';
import { disputeEvidence, isDisputeReasonId } from '../config/disputes';
import { type FieldErrors, maxLength, VALID, type Validator, validateFields } from './core';
import { disputeMessages } from './messages';

export interface DisputeValues {
  disputeReason: unknown;
  disputeDetails: string;
  /** How many photos come with the dispute. */
  photoCount: number;
}

export const disputeReasonIdValidator: Validator<unknown> = (value) =>
  isDisputeReasonId(value) ? VALID : disputeMessages.reasonRequired;

export function validateDispute(values: DisputeValues): FieldErrors<DisputeValues> {
  const detailsTooLong = maxLength(disputeMessages.reasonTooLong, limits.textAreaMaxLength);
  return validateFields(values, {
    disputeReason: disputeReasonIdValidator,
    disputeDetails: (details) =>
      values.disputeReason === 'other' && details.trim() === ''
        ? disputeMessages.detailsRequired
        : detailsTooLong(details),
    photoCount: (count) => (count > disputeEvidence.maxPhotos ? disputeMessages.tooManyPhotos : VALID),
  });
}

/** A photo the buyer picked: refused with the message to show, or accepted (undefined). */
export function disputePhotoProblem(file: { type: string; size: number }): string | undefined {
  if (!disputeEvidence.acceptedTypes.includes(file.type.toLowerCase())) return disputeMessages.wrongPhotoType;
  if (file.size > disputeEvidence.maxUploadBytes) return disputeMessages.photoTooBig;
  return VALID;
}
