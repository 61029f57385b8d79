import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { assertPortFree } from './processes';
import { privateReads } from './s3-access';

/**
 * The images bucket's CORS rule, as in the CDK Data stack: browsers POST uploads (multipart form,
 * presigned POST policy) straight to the bucket from the site's origin (any origin: the signed
 * policy is the gate).
 */
export const uploadCorsXml = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver, in this process, with the project's buckets. It checks no SigV4 signatures (see
 * DESIGN.md), so reads go through `privateReads` first: an anonymous GET or HEAD is 403, a
 * presigned link must verify and be unexpired, as in S3 (infra/local/s3-access.ts).
 */
export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startS3(options: {
  port: number;
  directory: string;
  buckets: string[];
}): Promise<LocalS3> {
  await assertPortFree(options.port, 's3rver');
  mkdirSync(options.directory, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.directory,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [uploadCorsXml] })),
  });
  // First in line, before s3rver's own routes (Koa composes the list when the server starts).
  (server as unknown as { middleware: unknown[] }).middleware.unshift(
    privateReads(new Map([['S3RVER', 'S3RVER']])),
  );
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
