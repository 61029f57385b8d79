import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { drawPublicPoint } from '../../shared/maps';
import { hasPlace } from '../../shared/validation/listing';
import { dynamo, tableName } from '../lib/aws';
import { scanPages } from '../lib/paging';
import { keys } from '../lib/table-design';
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

/** What a stored listing needs, or nothing. Pure, so every case is unit tested. */
export function locationFix(
  record: Pick<ListingRecord, 'state' | 'geolocation' | 'publicGeolocation' | 'publicData' | 'deleted'>,
): 'drawPoint' | 'removePoint' | 'close' | 'removePointAndClose' | undefined {
  if (record.deleted) return undefined;
  if (!hasPlace(record)) {
    const close = record.state === 'published';
    if (record.geolocation !== undefined) return close ? 'removePointAndClose' : 'removePoint';
    return close ? 'close' : undefined;
  }
  return record.publicGeolocation ? undefined : 'drawPoint';
}

/**
 * The one-off step that gives stored listings a place and a public point, or closes them (safe to
 * run again: each write is conditional on what it read). A maintenance Scan, never on a request path.
 */
export async function migrateListingLocations(): Promise<LocationMigrationResult> {
  const result: LocationMigrationResult = { pointsDrawn: [], pointsRemoved: [], closed: [] };
  const pages = scanPages({
    TableName: tableName(),
    FilterExpression: 'entity = :listing',
    ExpressionAttributeValues: { ':listing': 'listing' },
  });
  for await (const page of pages) {
    for (const record of (page.Items ?? []) as ListingRecord[]) await fix(record, result);
  }
  return result;
}

const migrationName = 'listing-locations';

/**
 * The migration, once per table: a marker item says it has run, so a local start does not Scan the
 * whole table every time. Undefined when it had already run.
 */
export async function migrateListingLocationsOnce(): Promise<LocationMigrationResult | undefined> {
  const marker = keys.migration(migrationName);
  const done = await dynamo().send(new GetCommand({ TableName: tableName(), Key: marker }));
  if (done.Item) return undefined;
  const result = await migrateListingLocations();
  const counts = Object.fromEntries(Object.entries(result).map(([name, ids]) => [name, ids.length]));
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...marker, ranAt: new Date().toISOString(), ...counts },
    }),
  );
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
