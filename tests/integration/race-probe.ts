import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cancellationCodes, isTransactionConflict } from '../../functions/lib/writes';

/**
 * A probe on the table client of the process that runs the handlers (the local gateway runs them in
 * the test worker), for the race tests: it sees every TransactWriteItems that updates one item (the
 * listing whose last unit is raced for) and counts how each ended — committed, refused by that
 * item's own condition, or cancelled by a concurrent transaction (retried by the engine).
 *
 * Why (issue 28, "tests that prove what they are named for"): the buyers read the listing's stock
 * before they write (priceOrder), and a loser that reads after the winner's write is turned away
 * there; a race test that only counts 409s then passes with the stock condition deleted. With
 * `holdUntil`, the probe holds every write of the item until that many have arrived, so every buyer
 * has passed every read before any write commits: only the condition can refuse the losers.
 */
export interface ItemWriteCounts {
  /** Writes of the item sent (every try of every caller, the held ones included). */
  arrived: number;
  committed: number;
  /** Cancelled because the item's own condition failed (ConditionalCheckFailed at its index). */
  refusedByCondition: number;
  /** Cancelled by another transaction on the item (TransactionConflict; the engine retries). */
  conflicted: number;
  /** Anything else (another element's condition, a connection error). */
  otherFailures: number;
  /** Whether the hold let the writes go because `holdUntil` arrived (false: the timeout did, or no hold). */
  releasedByArrivals: boolean;
}

export interface ItemWriteProbe {
  counts: ItemWriteCounts;
  /** Takes the probe off the client (the hold released). */
  remove(): void;
}

interface ProbeOptions {
  /** The item's partition key (`keys.listing(id).PK`). */
  partitionKey: string;
  /** Hold the writes until this many have arrived (then let them all go at once). */
  holdUntil?: number;
  /** Let the held writes go anyway this long after the first arrived (a caller that failed earlier). */
  holdTimeoutMs?: number;
}

type TransactElement = Record<string, { Key?: Record<string, unknown> } | undefined>;

/** The index of the element of a TransactWriteItems input that writes the item, or -1. */
function elementIndex(input: unknown, partitionKey: string): number {
  const elements = (input as { TransactItems?: TransactElement[] } | undefined)?.TransactItems ?? [];
  return elements.findIndex((element) => {
    const key = (element.Update ?? element.Put ?? element.Delete ?? element.ConditionCheck)?.Key?.PK;
    // The document client's input, or the marshalled one ({ S: … }) if the probe runs after marshalling.
    const value = typeof key === 'object' && key !== null ? (key as { S?: unknown }).S : key;
    return value === partitionKey;
  });
}

let probes = 0;

/** Puts a probe on `client` (functions/lib/aws.ts `dynamo()`, the handlers' own client). */
export function probeItemWrites(client: DynamoDBDocumentClient, options: ProbeOptions): ItemWriteProbe {
  const counts: ItemWriteCounts = {
    arrived: 0,
    committed: 0,
    refusedByCondition: 0,
    conflicted: 0,
    otherFailures: 0,
    releasedByArrivals: false,
  };
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let timer: NodeJS.Timeout | undefined;
  if (!options.holdUntil) release();
  const name = `veloRaceProbe${++probes}`;

  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!String(context.commandName).startsWith('TransactWrite')) return next(args);
      const index = elementIndex(args.input, options.partitionKey);
      if (index < 0) return next(args);
      counts.arrived += 1;
      if (options.holdUntil) {
        if (counts.arrived >= options.holdUntil) {
          counts.releasedByArrivals = true;
          release();
        }
        timer ??= setTimeout(release, options.holdTimeoutMs ?? 20_000);
        await released;
      }
      try {
        const result = await next(args);
        counts.committed += 1;
        return result;
      } catch (error) {
        if (cancellationCodes(error)?.[index] === 'ConditionalCheckFailed') counts.refusedByCondition += 1;
        else if (isTransactionConflict(error)) counts.conflicted += 1;
        else counts.otherFailures += 1;
        throw error;
      }
    },
    { step: 'initialize', name },
  );

  return {
    counts,
    remove() {
      clearTimeout(timer);
      release();
      client.middlewareStack.remove(name);
    },
  };
}
