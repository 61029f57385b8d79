import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from './tracing';

/**
 * AWS clients, created once per Lambda container. Endpoints come from the SDK's own
 * AWS_ENDPOINT_URL_<SERVICE> variables, so this code is the same in AWS and in the local cloud.
 */
let documentClient: DynamoDBDocumentClient | undefined;
let s3Client: S3Client | undefined;
let sfnClient: SFNClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(traced(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}

export function s3(): S3Client {
  s3Client ??= traced(
    new S3Client({
      forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
      // s3rver stores bodies corrupted when the SDK adds its default checksums (DESIGN.md).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
  return s3Client;
}

/** Step Functions (the order workflow: start executions, answer task tokens). */
export function sfn(): SFNClient {
  sfnClient ??= traced(new SFNClient({}));
  return sfnClient;
}

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const tableName = () => requiredEnv('TABLE_NAME');
export const imagesBucket = () => requiredEnv('IMAGES_BUCKET');
/** The hosted content (functions/content/assets.ts): its own bucket, apart from the images (issue 26). */
export const contentBucket = () => requiredEnv('CONTENT_BUCKET');
