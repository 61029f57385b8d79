import type { DynamoDBStreamEvent } from 'aws-lambda';
import { keyPrefixes } from '../../lib/table-design';
import { bumpSearchVersion } from '../repository';

/** Stream consumer: any listing change makes the search index stale, once per batch. */
export async function handler(event: DynamoDBStreamEvent): Promise<{ changed: number }> {
  const changed = event.Records.filter((record) => {
    const image = record.dynamodb?.NewImage ?? record.dynamodb?.OldImage;
    return image?.PK?.S?.startsWith(keyPrefixes.listing);
  }).length;
  if (changed > 0) await bumpSearchVersion();
  return { changed };
}
