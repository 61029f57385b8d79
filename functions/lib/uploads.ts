import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { imagesBucket, s3 } from './aws';

/**
 * A short-lived URL the browser PUTs a file to, straight into the images bucket, so large photos
 * never pass through Lambda. The object is checked after upload (size and type), since a presigned
 * PUT cannot enforce them (and s3rver checks nothing). Keys start with `images/`: CloudFront serves
 * that prefix at /images/* and the Lambdas' grant covers only it.
 */
export const uploadUrlTtlSeconds = 300;

/**
 * With `contentLength`, the length is signed too: S3 refuses a PUT of any other size (browsers
 * send Content-Length themselves; it is not one of the headers the caller must add).
 */
export function presignedUpload(
  key: `images/${string}`,
  contentType: string,
  contentLength?: number,
): Promise<string> {
  return getSignedUrl(
    s3(),
    new PutObjectCommand({
      Bucket: imagesBucket(),
      Key: key,
      ContentType: contentType,
      ...(contentLength !== undefined ? { ContentLength: contentLength } : {}),
    }),
    {
      expiresIn: uploadUrlTtlSeconds,
    },
  );
}
