import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { imagesBucket, s3 } from '../../lib/aws';

/**
 * Where search snapshots live (issue 23): a private prefix of the images bucket (docs/decisions.md,
 * "Search snapshots in the images bucket"). CloudFront reads only `images/*` and the asset API only
 * `assets/*`, so nothing serves this prefix; the search Lambda may read it and the snapshot writer
 * write and delete it (infra/stacks/data-stack.ts).
 */
export const searchSnapshotKeyPrefix = 'search-snapshots/';

/** A snapshot's key names its position, zero-padded, so a listing of the prefix sorts by it. */
export function searchSnapshotKey(position: number): string {
  return `${searchSnapshotKeyPrefix}${String(position).padStart(16, '0')}.bin`;
}

export async function readSnapshot(key: string): Promise<Uint8Array> {
  const object = await s3().send(new GetObjectCommand({ Bucket: imagesBucket(), Key: key }));
  if (!object.Body) throw new Error(`Search snapshot ${key} has no body`);
  return object.Body.transformToByteArray();
}

export async function putSnapshot(key: string, bytes: Uint8Array): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: imagesBucket(),
      Key: key,
      Body: bytes,
      ContentType: 'application/octet-stream',
    }),
  );
}

export async function deleteSnapshot(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: key }));
}
