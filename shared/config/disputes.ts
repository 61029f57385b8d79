/**
 * Disputes (issue 25): the reasons a buyer picks from, how many photos they may add as evidence,
 * which image types, and how a stored dispute reads (including one stored before reasons existed,
 * whose `disputeReason` was free text).
 */
import { imageSettings } from './constants';

export const disputeReasons = [
  { id: 'not-received', label: 'I did not receive the item' },
  { id: 'not-as-described', label: 'The item is not as described' },
  { id: 'damaged', label: 'The item arrived damaged' },
  { id: 'other', label: 'Something else' },
] as const;

export type DisputeReasonId = (typeof disputeReasons)[number]['id'];

export function isDisputeReasonId(value: unknown): value is DisputeReasonId {
  return disputeReasons.some((reason) => reason.id === value);
}

export function disputeReasonLabel(id: DisputeReasonId): string {
  return disputeReasons.find((reason) => reason.id === id)!.label;
}

export const disputeEvidence = {
  /** Ours: six photos show a fault from enough sides; the item stays small. */
  maxPhotos: 6,
  /** Photos from a phone or a scan: JPEG or PNG (no GIF: evidence is a still picture). */
  acceptedTypes: ['image/jpeg', 'image/png'] as readonly string[],
  acceptedExtensions: ['.jpg', '.jpeg', '.png'] as readonly string[],
  /** The same limit as listing photos (§9: 20 MB). */
  maxUploadBytes: imageSettings.maxUploadBytes,
  /** How long a photo link handed to a party or the operator works. */
  linkTtlSeconds: 15 * 60,
} as const;

/** What the stored protected data says about a dispute. */
export interface StoredDispute {
  disputeReason?: string;
  disputeDetails?: string;
  disputePhotos?: ReadonlyArray<{ id: string }>;
}

export interface DisputeSummary {
  reason: DisputeReasonId;
  reasonLabel: string;
  details: string;
  photoIds: string[];
}

/**
 * The dispute as it reads, or undefined when there is none. A `disputeReason` that is not one of
 * the reasons is a dispute from before the list: its text is the details, its reason "other".
 */
export function disputeOf(data: StoredDispute): DisputeSummary | undefined {
  const stored = data.disputeReason;
  if (stored === undefined) return undefined;
  const known = isDisputeReasonId(stored);
  const reason: DisputeReasonId = known ? stored : 'other';
  return {
    reason,
    reasonLabel: disputeReasonLabel(reason),
    details: known ? (data.disputeDetails ?? '') : stored,
    photoIds: (data.disputePhotos ?? []).map((photo) => photo.id),
  };
}
