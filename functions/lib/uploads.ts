import {
  createPresignedPost,
  type PresignedPost,
  type PresignedPostOptions,
} from '@aws-sdk/s3-presigned-post';
import { imageSettings } from '../../shared/config/constants';
import { imagesBucket, s3 } from './aws';

/**
 * A short-lived presigned POST the browser sends a file with (multipart/form-data: every field,
 * then the file last), straight into the images bucket, so large photos never pass through
 * Lambda. Its policy fixes the key and the exact Content-Type and caps the size with
 * `content-length-range` 1…20 MB, which S3 enforces; s3rver checks no policy, so the object is
 * checked again after upload (size and real type). Keys start with `images/` (CloudFront serves
 * that prefix at /images/*) or, for a dispute's evidence, with the private `dispute-evidence/`
 * (functions/orders/dispute-evidence.ts), which nothing serves publicly.
 */
export const uploadUrlTtlSeconds = 300;

/**
 * Where presigned uploads land before a handler checks them and makes the images (avatar and
 * listing uploads: avatar-keys.ts, listings/images.ts): never served, neither by CloudFront (the
 * images bucket's policy denies it this prefix, infra/stacks/data-stack.ts) nor by the local gateway.
 */
export const rawUploadsKeyPrefix = 'images/uploads/';

/** The policy conditions besides bucket and key (which createPresignedPost adds itself). */
export function uploadPolicyConditions(contentType: string): NonNullable<PresignedPostOptions['Conditions']> {
  return [
    ['content-length-range', 1, imageSettings.maxUploadBytes],
    ['eq', '$Content-Type', contentType],
  ];
}

export type UploadKey = `images/${string}` | `dispute-evidence/${string}`;

export function presignedPost(key: UploadKey, contentType: string): Promise<PresignedPost> {
  return createPresignedPost(s3(), {
    Bucket: imagesBucket(),
    Key: key,
    Conditions: uploadPolicyConditions(contentType),
    Fields: { 'Content-Type': contentType },
    Expires: uploadUrlTtlSeconds,
  });
}
