import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { assertPortFree } from './processes';

/** s3rver, in this process, with the project's buckets. It checks no signatures (see DESIGN.md). */
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
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => server.close() };
}
