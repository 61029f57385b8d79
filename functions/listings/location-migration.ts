import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { drawPublicPoint } from '../../shared/maps';
import { dynamo, tableName } from '../lib/aws';
import { type ListingRecord, listingStateWrite } from './listing-record';
import { updateListing } from './repository';

/** What the migration did, by listing id. */
export interface LocationMigrationResult {
  /** Listings that had a point but no public point: one drawn (§5 fuzzy location). */
  pointsDrawn: string[];
  /** Drafts and closed listings at 0,0 without a city: the point removed (absent, not 0,0). */
  pointsRemoved: string[];
  /** Published listings without a place: closed (out of search) until their owner sets one. */
  closed: string[];
}

/** What a stored listing needs (issue 17), or nothing. Pure, so every case is unit tested. */
export function locationFix(
  record: Pick<ListingRecord, 'state' | 'geolocation' | 'publicGeolocation' | 'publicData' | 'deleted'>,
): 'drawPoint' | 'removePoint' | 'close' | 'removePointAndClose' | undefined {
  if (record.deleted) return undefined;
  const point = record.geolocation;
  const atZero = point !== undefined && point.lat === 0 && point.lng === 0;
  const placed = Boolean(record.publicData.location?.city) && point !== undefined && !atZero;
  if (!placed) {
    const close = record.state === 'published';
    if (point !== undefined) return close ? 'removePointAndClose' : 'removePoint';
    return close ? 'close' : undefined;
  }
  return record.publicGeolocation ? undefined : 'drawPoint';
}

/**
 * The one-off step that brings stored listings up to issue 17 (runs with the local seed on every
 * start, and is safe to run again: each write is conditional on what it read). A maintenance Scan,
 * never on a request path.
 */
export async function migrateListingLocations(): Promise<LocationMigrationResult> {
  const result: LocationMigrationResult = { pointsDrawn: [], pointsRemoved: [], closed: [] };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :listing',
        ExpressionAttributeValues: { ':listing': 'listing' },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const record of (page.Items ?? []) as ListingRecord[]) await fix(record, result);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return result;
}

async function fix(record: ListingRecord, result: LocationMigrationResult): Promise<void> {
  const action = locationFix(record);
  if (!action) return;
  if (action === 'drawPoint' && record.geolocation) {
    await updateListing(record.id, {
      set: { publicGeolocation: drawPublicPoint(record.geolocation) },
      condition: { expression: 'attribute_not_exists(publicGeolocation)', values: {} },
    });
    result.pointsDrawn.push(record.id);
    return;
  }
  const close = action === 'close' || action === 'removePointAndClose';
  const write = close ? listingStateWrite(record, 'closed') : { set: {}, remove: [] as string[] };
  const removePoint = action === 'removePoint' || action === 'removePointAndClose';
  await updateListing(record.id, {
    set: write.set,
    remove: [...(write.remove ?? []), ...(removePoint ? ['geolocation', 'publicGeolocation'] : [])],
    fromStates: [record.state],
  });
  if (removePoint) result.pointsRemoved.push(record.id);
  if (close) result.closed.push(record.id);
}
