import { SearchCatalogue } from './catalogue';
import { DeltaCursor } from './delta-cursor';
import { readDeltasAfter, readSearchSequence } from './delta-store';
import { readSnapshot } from './snapshot-store';

/**
 * The search catalogue of this Lambda container (issue 23). At most one poll a second: a GetItem of
 * the sequence item; when the counter moved past the cursor, a Query of the deltas after it, applied
 * to the catalogue. A container without a catalogue, or one behind the deleted deltas, loads the
 * latest snapshot from S3 first. No request path reads the listings.
 */
const pollIntervalMs = 1000;

interface Container {
  catalogue: SearchCatalogue;
  cursor: DeltaCursor;
  polledAt: number;
}

let container: Container | undefined;
let polling: Promise<SearchCatalogue> | undefined;

export async function currentCatalogue(now = Date.now()): Promise<SearchCatalogue> {
  if (container && now - container.polledAt < pollIntervalMs) return container.catalogue;
  // Concurrent requests share one poll.
  polling ??= poll(now).finally(() => {
    polling = undefined;
  });
  return polling;
}

async function poll(now: number): Promise<SearchCatalogue> {
  const sequence = await readSearchSequence();
  let current = container;
  // Behind the deleted deltas, or past the counter (the table was emptied: `npm run seed -- --reset`).
  if (
    !current ||
    current.cursor.readAfter < sequence.deletedThrough ||
    current.cursor.readAfter > sequence.counter
  ) {
    const catalogue = sequence.snapshotKey
      ? SearchCatalogue.fromSnapshot(await readSnapshot(sequence.snapshotKey))
      : SearchCatalogue.empty();
    current = { catalogue, cursor: new DeltaCursor(catalogue.position), polledAt: now };
  }
  if (sequence.counter > current.cursor.readAfter) {
    const deltas = await readDeltasAfter(current.cursor.readAfter);
    current.catalogue.apply(current.cursor.accept(deltas, now));
  }
  current.polledAt = now;
  container = current;
  return current.catalogue;
}

/** For tests: forget the catalogue, as a new container would start. */
export function resetSearchCache(): void {
  container = undefined;
}
