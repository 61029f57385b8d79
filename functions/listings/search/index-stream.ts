import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { loggedHandler } from '../../lib/lambda-handler';
import { keyPrefixes, keys } from '../../lib/table-design';
import type { ListingRecord } from '../listing-record';
import type { SearchDelta } from './delta-cursor';
import { allocateSequences, writeDeltas } from './delta-store';
import { searchDocumentOf } from './search-document';

/**
 * Stream consumer (issue 23): each change of a listing's main item becomes a search delta. The
 * batch gets a dense range of sequences from ONE atomic ADD on the sequence item, and its deltas
 * are written with BatchWrite; any failure throws, so the stream retries the whole batch (a retried
 * batch gets new sequences: the first attempt's deltas that were written are duplicates the version
 * check ignores, the others are gaps containers stop waiting for after 5 s).
 */
async function recordSearchDeltas(event: DynamoDBStreamEvent): Promise<{ recorded: number }> {
  const changes = event.Records.filter(isListingItem);
  if (changes.length === 0) return { recorded: 0 };
  const first = await allocateSequences(changes.length);
  const deltas = changes.map((record, i) => deltaOf(record, first + i));
  await writeDeltas(deltas);
  return { recorded: deltas.length };
}

/** The listing's own item (`LISTING#<id>` / `LISTING`), not another item in its partition. */
function isListingItem(record: DynamoDBRecord): boolean {
  const pk = record.dynamodb?.Keys?.PK?.S;
  const sk = record.dynamodb?.Keys?.SK?.S;
  return pk?.startsWith(keyPrefixes.listing) === true && sk === keys.listing('').SK;
}

/**
 * The version is the record's stream sequence number (increasing per item). The document is the new
 * image's public fields while the listing is in search; otherwise none (it left the search).
 */
function deltaOf(record: DynamoDBRecord, sequence: number): SearchDelta {
  const pk = record.dynamodb?.Keys?.PK?.S as string;
  const version = record.dynamodb?.SequenceNumber;
  if (!version) throw new Error(`Stream record of ${pk} without a sequence number`);
  const image = record.dynamodb?.NewImage;
  const listing = image ? (unmarshall(withEmptyMaps(image)) as ListingRecord) : undefined;
  return {
    sequence,
    id: listing?.id ?? pk.slice(keyPrefixes.listing.length),
    version,
    ...(listing && inSearch(listing) ? { document: searchDocumentOf(listing) } : {}),
  };
}

/**
 * In search exactly when in the sparse published index (GSI2), as the snapshot's read of it: the
 * GSI2 keys go with a close or a delete, and moderation removes them from a banned author's listings
 * that stay published (functions/accounts/moderation.ts).
 */
function inSearch(listing: ListingRecord): boolean {
  return listing.GSI2PK !== undefined && listing.state === 'published' && !listing.deleted;
}

/**
 * DynamoDB Local's stream gives an empty map (an image without variants yet: `variants: {}`) as a
 * value without a type, `{}`, which unmarshall refuses; AWS sends `{ M: {} }`. A value without a
 * type is read as the empty map it was written as.
 */
function withEmptyMaps(image: Record<string, unknown>): Record<string, AttributeValue> {
  const repair = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const attribute = value as Record<string, unknown>;
    const types = Object.keys(attribute).filter((key) => attribute[key] !== undefined && key !== '$unknown');
    if (types.length === 0) return { M: {} };
    if (Array.isArray(attribute.L)) return { L: attribute.L.map(repair) };
    if (attribute.M && typeof attribute.M === 'object') {
      return {
        M: Object.fromEntries(Object.entries(attribute.M).map(([key, inner]) => [key, repair(inner)])),
      };
    }
    return value;
  };
  return Object.fromEntries(Object.entries(image).map(([key, value]) => [key, repair(value)])) as Record<
    string,
    AttributeValue
  >;
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler(recordSearchDeltas);
