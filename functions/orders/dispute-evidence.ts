import { randomUUID } from 'node:crypto';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AvatarUpload as EvidenceUpload } from '../../shared/api/account';
import { disputeEvidence } from '../../shared/config/disputes';
import { disputeMessages } from '../../shared/validation/messages';
import { imagesBucket, s3 } from '../lib/aws';
import { ApiError, invalidField } from '../lib/errors';
import { detectImageType, unknownUpload } from '../lib/image-variants';
import { log } from '../lib/logger';
import { presignedPost } from '../lib/uploads';

/**
 * A dispute's photos (issue 25). They show a buyer's home, parcel labels and faces, so they are
 * private: they live under `dispute-evidence/` in the images bucket, a prefix CloudFront does not
 * serve (it serves only `images/`) and the bucket blocks to the public; a party or the operator
 * sees them only through presigned GET links that work for 15 minutes. The browser uploads with a
 * presigned POST to `dispute-evidence/uploads/<txId>/<uploadId>` (removed by the bucket after a
 * day if no dispute uses it); the dispute copies each one to `dispute-evidence/<txId>/<photoId>`.
 */
export const disputeEvidenceKeyPrefix = 'dispute-evidence/';
export const disputeEvidenceUploadsPrefix = `${disputeEvidenceKeyPrefix}uploads/`;

/** A stored photo of a dispute (on the transaction, `protectedData.disputePhotos`). */
export interface DisputePhoto {
  id: string;
  contentType: string;
  size: number;
}

export function evidenceUploadKey(txId: string, uploadId: string): `dispute-evidence/${string}` {
  return `${disputeEvidenceUploadsPrefix}${txId}/${uploadId}`;
}

export function evidenceKey(txId: string, photoId: string): `dispute-evidence/${string}` {
  return `${disputeEvidenceKeyPrefix}${txId}/${photoId}`;
}

/** A presigned POST for one photo `{ contentType, size }`: JPEG or PNG, at most 20 MB. */
export async function createEvidenceUpload(
  txId: string,
  body: Record<string, unknown>,
): Promise<EvidenceUpload> {
  const contentType = typeof body.contentType === 'string' ? body.contentType.trim().toLowerCase() : '';
  const size = body.size;
  if (!disputeEvidence.acceptedTypes.includes(contentType)) {
    throw invalidField('contentType', disputeMessages.wrongPhotoType);
  }
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size <= 0) {
    throw invalidField('size', 'The file size is missing or not valid.');
  }
  if (size > disputeEvidence.maxUploadBytes) {
    throw new ApiError('request-upload-over-limit', undefined, { maxBytes: disputeEvidence.maxUploadBytes });
  }
  const uploadId = randomUUID();
  const { url, fields } = await presignedPost(evidenceUploadKey(txId, uploadId), contentType);
  return { uploadId, url, fields };
}

const refuse = (message: string) => invalidField('disputePhotos', message);

/**
 * Checks one upload as stored (S3 enforces the POST policy, s3rver does not): it exists, is at
 * most 20 MB, and its first bytes are a JPEG or PNG whatever it was declared as; then copies it
 * to its evidence key. A refused upload is deleted.
 */
async function keepOne(txId: string, uploadId: string): Promise<DisputePhoto> {
  const Bucket = imagesBucket();
  const Key = evidenceUploadKey(txId, uploadId);
  let size: number;
  try {
    size = (await s3().send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NotFound' || name === 'NoSuchKey') throw refuse(unknownUpload);
    throw error;
  }
  const drop = () => s3().send(new DeleteObjectCommand({ Bucket, Key }));
  if (size > disputeEvidence.maxUploadBytes) {
    await drop();
    throw new ApiError('request-upload-over-limit', undefined, { maxBytes: disputeEvidence.maxUploadBytes });
  }
  const head = await s3().send(new GetObjectCommand({ Bucket, Key, Range: 'bytes=0-15' }));
  const type = detectImageType(await head.Body!.transformToByteArray());
  if (!type || !disputeEvidence.acceptedTypes.includes(type)) {
    await drop();
    throw refuse(disputeMessages.wrongPhotoType);
  }
  await s3().send(
    new CopyObjectCommand({
      Bucket,
      Key: evidenceKey(txId, uploadId),
      CopySource: `${Bucket}/${Key}`,
      ContentType: type,
      MetadataDirective: 'REPLACE',
    }),
  );
  return { id: uploadId, contentType: type, size };
}

/** Keeps the uploads a dispute names, in order; all are checked before the dispute is written. */
export async function keepEvidence(txId: string, uploadIds: readonly string[]): Promise<DisputePhoto[]> {
  return Promise.all(uploadIds.map((uploadId) => keepOne(txId, uploadId)));
}

/** Deletes the uploads once copied (best effort: the bucket removes leftovers after a day). */
export async function dropUploads(txId: string, uploadIds: readonly string[]): Promise<void> {
  await Promise.all(
    uploadIds.map((uploadId) =>
      s3()
        .send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: evidenceUploadKey(txId, uploadId) }))
        .catch((error: unknown) => log.warn('dispute upload not deleted', { txId, uploadId, error })),
    ),
  );
}

/** A photo as a party or the operator gets it: a link that works for `disputeEvidence.linkTtlSeconds`. */
export interface EvidenceLink {
  id: string;
  url: string;
}

export async function evidenceLinks(
  txId: string,
  photos: readonly Pick<DisputePhoto, 'id'>[],
): Promise<EvidenceLink[]> {
  return Promise.all(
    photos.map(async (photo) => ({
      id: photo.id,
      url: await getSignedUrl(
        s3(),
        new GetObjectCommand({ Bucket: imagesBucket(), Key: evidenceKey(txId, photo.id) }),
        {
          expiresIn: disputeEvidence.linkTtlSeconds,
        },
      ),
    })),
  );
}
