import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { loggedHandler } from '../../lib/lambda-handler';
import { log } from '../../lib/logger';
import { reportError } from '../../lib/observability';
import { batchResponse } from '../../lib/stream-batch';
import { keyPrefixes, keys } from '../../lib/table-design';
import type { ListingRecord } from '../listing-record';
import type { SearchDelta } from './delta-cursor';
import { allocateSequences, writeDeltas } from './delta-store';
import { searchDocumentOf } from './search-document';

/**
 * Stream consumer (issue 23): each change of a listing's main item becomes a search delta. The
 * batch gets a dense range of sequences from ONE atomic ADD on the sequence item, and its deltas
 * are written with BatchWrite, 25 at a time in stream order. A failure answers a partial-batch
 * response (issue 26) naming the first change not written for sure: Lambda retries from it (a
 * failed ADD: from the first change). A retried change gets a new sequence: a delta of the failed
 * chunk that was written is a duplicate the version check ignores, the others are gaps containers
 * stop waiting for after 5 s. The failure is reported (reportError) and logged.
 */
async function recordSearchDeltas(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const changes = event.Records.filter(isListingItem);
  if (changes.length === 0) return batchResponse();
  let written = 0;
  try {
    const first = await allocateSequences(changes.length);
    const deltas = changes.map((record, i) => deltaOf(record, first + i));
    for (; written < deltas.length; written += deltaChunk) {
      await writeDeltas(deltas.slice(written, written + deltaChunk));
    }
    return batchResponse();
  } catch (error) {
    const firstFailed = changes[written];
    await reportError(error, {
      task: 'search-index',
      sequenceNumber: firstFailed?.dynamodb?.SequenceNumber ?? '',
    });
    log.warn('Search deltas not written: the stream retries from the first', {
      written,
      changes: changes.length,
    });
    return batchResponse(firstFailed);
  }
}

/** One BatchWrite's worth of deltas: the unit a failure is counted in. */
const deltaChunk = 25;

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
