import { loggedHandler } from '../../lib/lambda-handler';
import { log } from '../../lib/logger';
import { queryAllPublished } from '../repository';
import { SearchCatalogue } from './catalogue';
import { newerVersion, type SearchDelta } from './delta-cursor';
import { deleteDeltasThrough, readDeltasAfter, readSearchSequence, recordSnapshot } from './delta-store';
import type { SearchDocument } from './search-document';
import { searchDocumentOf } from './search-document';
import { deleteSnapshot, putSnapshot, searchSnapshotKey } from './snapshot-store';

export interface SnapshotResult {
  /** The position of the snapshot written, or of the one kept (nothing changed, or a newer one won). */
  position: number;
  written: boolean;
  listings: number;
  deletedDeltas: number;
}

/**
 * The scheduled snapshot writer (issue 23): locally at start and every 60 s, in AWS every 10
 * minutes; never per change.
 *
 * 1. The sequence item first: its counter C0 is the snapshot's position. Every change numbered up
 *    to C0 was written to its listing before C0 was read, so the listings read after it include it…
 * 2. …except where the published index (GSI2, eventually consistent) lags: the deltas up to C0 are
 *    laid over what was read, each listing's newest, so a lagging read cannot lose a change. A
 *    change numbered after C0 is a delta every container applies on top.
 * 3. The snapshot goes to S3 under a key with its position, then is recorded (conditionally: only
 *    a higher position, over the one this run read), which moves `deletedThrough` to the previous
 *    snapshot's position; then the deltas through it and the snapshot before it are deleted. One
 *    generation is kept: a container on the previous snapshot still catches up from its deltas.
 */
export async function writeSearchSnapshot(): Promise<SnapshotResult> {
  const sequence = await readSearchSequence();
  const position = sequence.counter;
  if (sequence.snapshotKey && position <= sequence.snapshotPosition) {
    return { position: sequence.snapshotPosition, written: false, listings: 0, deletedDeltas: 0 };
  }
  const documents = new Map<string, SearchDocument>(
    (await queryAllPublished()).map((record) => [record.id, searchDocumentOf(record)]),
  );
  for (const delta of newestUpTo(await readDeltasAfter(sequence.deletedThrough), position)) {
    if (delta.document) documents.set(delta.id, delta.document);
    else documents.delete(delta.id);
  }
  const key = searchSnapshotKey(position);
  await putSnapshot(key, SearchCatalogue.encode([...documents.values()], position));
  if (!(await recordSnapshot(sequence, { key, position }))) {
    // Another run recorded a snapshot meanwhile; this one is nobody's.
    await deleteSnapshot(key);
    return { position, written: false, listings: documents.size, deletedDeltas: 0 };
  }
  const deletedDeltas = sequence.snapshotKey ? await deleteDeltasThrough(sequence.snapshotPosition) : 0;
  if (sequence.previousSnapshotKey) await deleteSnapshot(sequence.previousSnapshotKey);
  // Quiet by default (the local cloud runs it every minute); POWERTOOLS_LOG_LEVEL=DEBUG shows each one.
  log.debug('Search snapshot written', { key, position, listings: documents.size, deletedDeltas });
  return { position, written: true, listings: documents.size, deletedDeltas };
}

/** Each listing's newest delta numbered up to `position`. */
function newestUpTo(deltas: readonly SearchDelta[], position: number): SearchDelta[] {
  const newest = new Map<string, SearchDelta>();
  for (const delta of deltas) {
    if (delta.sequence > position) continue;
    const kept = newest.get(delta.id);
    if (!kept || newerVersion(delta.version, kept.version)) newest.set(delta.id, delta);
  }
  return [...newest.values()];
}

/** The Lambda entry (EventBridge Scheduler; the local cloud's scheduler calls it the same way). */
export const handler = loggedHandler(writeSearchSnapshot);
