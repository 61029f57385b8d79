import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the local cloud's stand-ins did, counted for `npm run cost` (infra/cost/): each handler
 * module's invocations and their duration, and the DynamoDB capacity and S3 requests made inside
 * each invocation. Off unless a process turns it on (startMetering): then loadHandler
 * (./handlers.ts) wraps each handler it loads with `meteredHandler`; off, that call answers the
 * handler itself, so `npm start` and the tests pay nothing.
 *
 * Calls made outside any handler (a cost run's own setup and checks, the stream poller's reads) have
 * no current function and are tallied under `outsideHandlers`, which the cost model leaves out.
 */
export const outsideHandlers = '(outside handlers)';

export interface InvocationTally {
  count: number;
  /** The sum of each invocation's duration rounded up to the millisecond, as Lambda bills. */
  billedMs: number;
}

export interface DynamoTally {
  requests: number;
  /** Read and write request units as DynamoDB Local reported them (ReturnConsumedCapacity INDEXES). */
  readUnits: number;
  writeUnits: number;
  /** Write units of refused conditional writes and canceled transactions, estimated (no figure comes back). */
  estimatedWriteUnits: number;
  refusedWrites: number;
}

export interface UsageSnapshot {
  invocations: Record<string, InvocationTally>;
  dynamodb: Record<string, DynamoTally>;
  /** Handler → S3 command name → requests. */
  s3: Record<string, Record<string, number>>;
}

export class UsageMeter {
  private invocations = new Map<string, InvocationTally>();
  private dynamodb = new Map<string, DynamoTally>();
  private s3 = new Map<string, Map<string, number>>();

  invoked(handler: string, durationMs: number): void {
    const tally = this.invocations.get(handler) ?? { count: 0, billedMs: 0 };
    tally.count += 1;
    tally.billedMs += Math.max(1, Math.ceil(durationMs));
    this.invocations.set(handler, tally);
  }

  dynamo(handler: string, change: Partial<DynamoTally>): void {
    const tally = this.dynamodb.get(handler) ?? {
      requests: 0,
      readUnits: 0,
      writeUnits: 0,
      estimatedWriteUnits: 0,
      refusedWrites: 0,
    };
    for (const key of Object.keys(change) as (keyof DynamoTally)[]) tally[key] += change[key] ?? 0;
    this.dynamodb.set(handler, tally);
  }

  s3Request(handler: string, command: string): void {
    const commands = this.s3.get(handler) ?? new Map<string, number>();
    commands.set(command, (commands.get(command) ?? 0) + 1);
    this.s3.set(handler, commands);
  }

  /** Forgets everything counted so far (the start of a measured window). */
  reset(): void {
    this.invocations = new Map();
    this.dynamodb = new Map();
    this.s3 = new Map();
  }

  snapshot(): UsageSnapshot {
    return {
      invocations: Object.fromEntries([...this.invocations].map(([name, tally]) => [name, { ...tally }])),
      dynamodb: Object.fromEntries([...this.dynamodb].map(([name, tally]) => [name, { ...tally }])),
      s3: Object.fromEntries([...this.s3].map(([name, commands]) => [name, Object.fromEntries(commands)])),
    };
  }
}

let active: UsageMeter | undefined;
const currentHandler = new AsyncLocalStorage<string>();

/** Turns metering on for this process (before the local cloud starts, so every handler is wrapped). */
export function startMetering(): UsageMeter {
  active ??= new UsageMeter();
  return active;
}

export function activeMeter(): UsageMeter | undefined {
  return active;
}

/** The handler module whose invocation is running here, or outsideHandlers. */
export function currentFunction(): string {
  return currentHandler.getStore() ?? outsideHandlers;
}

/** The handler itself when metering is off; else one that counts its invocations and their time. */
export function meteredHandler<T>(name: string, handler: T): T {
  const meter = active;
  if (!meter || typeof handler !== 'function') return handler;
  const run = handler as (...args: unknown[]) => unknown;
  return (async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await currentHandler.run(name, () => run(...args));
    } finally {
      meter.invoked(name, performance.now() - started);
    }
  }) as T;
}
