/**
 * A dispute's photos in the form (issue 25): each picked file is checked (JPEG or PNG, at most
 * 20 MB, six at most), shown as a preview, and uploaded at once to the private evidence prefix
 * through a presigned POST, so the report itself only sends the upload ids.
 */
import { disputeEvidence } from '../../../../../shared/config/disputes';
import { disputePhotoProblem } from '../../../../../shared/validation/disputes';
import { disputeMessages } from '../../../../../shared/validation/messages';
import { createDisputePhotoUpload } from '../../../api/transactions';
import { postFile } from '../../../lib/upload';

export interface DisputePhotoDraft {
  key: string;
  name: string;
  /** An object URL of the file, for the preview (revoked when the photo is removed). */
  previewUrl: string;
  status: 'uploading' | 'ready' | 'failed';
  uploadId?: string;
}

export const photoUploadFailed =
  "Failed to upload image. Please check that the image wasn't too big and try again.";

/** The files that may join `current`: the accepted ones up to six in all, and the first refusal's message. */
export function acceptedPhotos(
  current: readonly DisputePhotoDraft[],
  files: readonly File[],
): { accepted: File[]; message: string | undefined } {
  let message: string | undefined;
  const accepted: File[] = [];
  for (const file of files) {
    const problem = disputePhotoProblem(file);
    if (problem) message ??= problem;
    else if (current.length + accepted.length >= disputeEvidence.maxPhotos)
      message ??= disputeMessages.tooManyPhotos;
    else accepted.push(file);
  }
  return { accepted, message };
}

/** Uploads one file; resolves with its upload id. */
export async function uploadDisputePhoto(transactionId: string, file: File): Promise<string> {
  const target = await createDisputePhotoUpload(transactionId, { contentType: file.type, size: file.size });
  await postFile(target.url, target.fields, file, () => undefined);
  return target.uploadId;
}
