import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventBridgeEvent } from 'aws-lambda';
import {
  asyncInvokeRetryAttempts,
  type EventRule,
  eventRules,
  ruleMatches,
} from '../../functions/event-rules';
import type { AsyncFailureRecord } from '../../functions/failure-queues';
import { asyncFailureRecord, localFunctionArn } from './failure-records';
import { loadHandler } from './handlers';
import { localAccount, localRegion } from './stepfunctions';

/**
 * EventBridge stand-in: every event is appended to an ndjson file (the archive) and dispatched to
 * the targets of the matching rules, asynchronously as EventBridge does. A rule handler that fails
 * is retried as Lambda retries an asynchronous invocation (asyncInvokeRetryAttempts times, after
 * short delays here instead of Lambda's minutes), then Lambda's on-failure record goes to
 * `failedInvocations` (locally the failed-invocations queue) instead of being dropped.
 */
export interface PutEventEntry {
  Source: string;
  DetailType: string;
  Detail: string;
  EventBusName?: string;
  /** The SDK sends a Date as epoch seconds (JSON protocol); an ISO string is accepted too. */
  Time?: string | number;
}

/** The event's `time` as EventBridge writes it: ISO 8601 UTC to the second (`2026-11-22T02:10:00Z`). */
function eventTime(time: string | number | undefined): string {
  if (time === undefined) return new Date().toISOString();
  const date = new Date(typeof time === 'number' ? time * 1000 : time);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export type BusEvent = EventBridgeEvent<string, unknown>;

export interface LocalEventBusOptions {
  /** Where a delivery that failed every attempt goes (Lambda's on-failure destination). */
  failedInvocations?: (record: AsyncFailureRecord) => unknown;
  /** The waits before each retry; Lambda waits about 1 and 2 minutes. */
  retryDelaysMs?: readonly number[];
}

const defaultRetryDelaysMs = [500, 1000];

export class LocalEventBus {
  private readonly pending = new Set<Promise<void>>();
  private readonly memory: BusEvent[] = [];

  /** `file` undefined: keep events in memory only (ephemeral runs). */
  constructor(
    private readonly file?: string,
    private readonly options: LocalEventBusOptions = {},
  ) {
    if (file) mkdirSync(dirname(file), { recursive: true });
  }

  put(entries: PutEventEntry[]): string[] {
    return entries.map((entry) => {
      const event: BusEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': entry.DetailType,
        source: entry.Source,
        account: localAccount,
        time: eventTime(entry.Time),
        region: localRegion,
        resources: [],
        detail: JSON.parse(entry.Detail),
      };
      if (this.file) appendFileSync(this.file, `${JSON.stringify(event)}\n`);
      else this.memory.push(event);
      for (const rule of eventRules as readonly EventRule[]) {
        if (ruleMatches(rule, event.source, event['detail-type'])) this.dispatch(rule, event);
      }
      return event.id;
    });
  }

  private dispatch(rule: EventRule, event: BusEvent): void {
    const delivery = this.deliver(rule, event).catch((error) =>
      console.error(`[events] rule ${rule.name}: the failure of ${event.id} was not kept: ${error}`),
    );
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  private async deliver(rule: EventRule, event: BusEvent): Promise<void> {
    const attempts = 1 + asyncInvokeRetryAttempts;
    const delays = this.options.retryDelaysMs ?? defaultRetryDelaysMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const handler = await loadHandler<(event: BusEvent) => Promise<unknown>>(rule.handler);
        await handler(event);
        return;
      } catch (error) {
        if (attempt < attempts) {
          await new Promise((resolve) => setTimeout(resolve, delays[attempt - 1] ?? delays.at(-1) ?? 0));
          continue;
        }
        const outcome = this.options.failedInvocations ? 'kept in the failed-invocations queue' : 'dropped';
        console.error(
          `[events] rule ${rule.name} failed ${attempts} times for ${event.id}, ${outcome}: ${error}`,
        );
        await this.options.failedInvocations?.(
          asyncFailureRecord({
            functionArn: localFunctionArn(rule.handler),
            event,
            error,
            invokeCount: attempts,
          }),
        );
        return;
      }
    }
  }

  /** Every event recorded so far, oldest first. */
  events(): BusEvent[] {
    if (!this.file) return [...this.memory];
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as BusEvent);
  }

  /** Resolves when every dispatch started so far has finished. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
