import type { DynamoDBStreamEvent } from 'aws-lambda';
import { loggedHandler } from '../../lib/lambda-handler';
import { keyPrefixes } from '../../lib/table-design';
import { bumpSearchVersion } from '../repository';

/** Stream consumer: any listing change makes the search index stale, once per batch. */
async function markSearchStale(event: DynamoDBStreamEvent): Promise<{ changed: number }> {
  const changed = event.Records.filter((record) => {
    const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
    return image?.PK?.S?.startsWith(keyPrefixes.listing);
  }).length;
  if (changed > 0) await bumpSearchVersion();
  return { changed };
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler(markSearchStale);
