/**
 * The event envelope: `{ id, type, version, occurredAt, source, data }`, with a constructor per event
 * type that validates the payload, and `validateEvent` for consumers.
 */

import { isUuid } from '../ids';
import {
  type EventData,
  type EventSource,
  type EventType,
  eventDefinitions,
  latestVersion,
} from './definitions';
import { checkSpec, isIsoTimestamp, type Spec } from './schema';

export interface DomainEvent<T extends EventType = EventType> {
  /**
   * Unique per event: consumers deduplicate on it. A UUID, or for a transaction's finance events
   * written through the outbox (functions/orders/outbox.ts) `<data.transactionId>:<type>`
   * (`transactionEventId`): one event of a type per transaction, the same id on every delivery.
   */
  id: string;
  type: T;
  version: number;
  /** ISO 8601 UTC timestamp of when it happened. */
  occurredAt: string;
  source: EventSource;
  data: EventData<T>;
}

export type AnyDomainEvent = { [T in EventType]: DomainEvent<T> }[EventType];

export class EventValidationError extends Error {
  override readonly name = 'EventValidationError';
  constructor(readonly errors: string[]) {
    super(`Invalid event: ${errors.join('; ')}`);
  }
}

export interface EventOptions {
  id?: string;
  occurredAt?: Date | string;
}

/**
 * The id of a transaction's one event of a type: `<transactionId>:<type>` (e.g.
 * `…:PaymentCaptured`). Deterministic, so a redelivery or a replay carries the same id.
 */
export function transactionEventId(transactionId: string, type: EventType): string {
  return `${transactionId}:${type}`;
}

/** Whether `id` is a valid event id for this type and payload: a UUID or `transactionEventId`. */
function isEventId(id: unknown, type: EventType, data: unknown): boolean {
  if (isUuid(id)) return true;
  const transactionId = (data as { transactionId?: unknown } | null)?.transactionId;
  return (
    typeof transactionId === 'string' &&
    transactionId.trim() !== '' &&
    id === transactionEventId(transactionId, type)
  );
}

function newId(): string {
  return globalThis.crypto.randomUUID();
}

function dataSpec(type: EventType, version: number): Spec<unknown> | undefined {
  const versions = eventDefinitions[type].versions as Record<number, Spec<unknown>>;
  return versions[version];
}

/** Builds and validates an event of the latest version; throws EventValidationError when invalid. */
export function createEvent<T extends EventType>(
  type: T,
  data: EventData<T>,
  options: EventOptions = {},
): DomainEvent<T> {
  const occurredAt =
    options.occurredAt instanceof Date
      ? options.occurredAt.toISOString()
      : (options.occurredAt ?? new Date().toISOString());
  const event: DomainEvent<T> = {
    id: options.id ?? newId(),
    type,
    version: latestVersion(type),
    occurredAt,
    source: eventDefinitions[type].source,
    data,
  };
  const result = validateEvent(event);
  if (!result.ok) throw new EventValidationError(result.errors);
  return event;
}

export type EventValidation = { ok: true; event: AnyDomainEvent } | { ok: false; errors: string[] };

/** Validates any value as an event: envelope fields, a known type and version, and its payload. */
export function validateEvent(value: unknown): EventValidation {
  if (typeof value !== 'object' || value === null) return { ok: false, errors: ['event must be an object'] };
  const e = value as Record<string, unknown>;
  const errors: string[] = [];
  const type = e.type;
  const knownType = typeof type === 'string' && Object.hasOwn(eventDefinitions, type);
  if (!(knownType ? isEventId(e.id, type as EventType, e.data) : isUuid(e.id))) {
    const hasTransaction = typeof (e.data as { transactionId?: unknown } | null)?.transactionId === 'string';
    errors.push(
      hasTransaction ? 'event.id must be a UUID or <data.transactionId>:<type>' : 'event.id must be a UUID',
    );
  }
  if (!isIsoTimestamp(e.occurredAt)) errors.push('event.occurredAt must be an ISO 8601 timestamp');
  if (!knownType) {
    errors.push(`event.type is unknown: ${String(type)}`);
    return { ok: false, errors };
  }
  const definition = eventDefinitions[type as EventType];
  if (e.source !== definition.source) errors.push(`event.source must be ${definition.source}`);
  const spec = typeof e.version === 'number' ? dataSpec(type as EventType, e.version) : undefined;
  if (!spec) {
    errors.push(`event.version is unknown for ${type}: ${String(e.version)}`);
    return { ok: false, errors };
  }
  errors.push(...checkSpec(e.data, spec, 'event.data'));
  for (const key of Object.keys(e)) {
    if (!['id', 'type', 'version', 'occurredAt', 'source', 'data'].includes(key))
      errors.push(`event.${key} is not allowed`);
  }
  return errors.length === 0 ? { ok: true, event: value as AnyDomainEvent } : { ok: false, errors };
}

export function isEventOfType<T extends EventType>(value: unknown, type: T): value is DomainEvent<T> {
  const result = validateEvent(value);
  return result.ok && result.event.type === type;
}

/** The EventBridge entry fields of an event: Source, DetailType, Detail. */
export function toBusEntry(event: AnyDomainEvent): { Source: string; DetailType: string; Detail: string } {
  return { Source: event.source, DetailType: event.type, Detail: JSON.stringify(event) };
}

type Constructor<T extends EventType> = (data: EventData<T>, options?: EventOptions) => DomainEvent<T>;
const make =
  <T extends EventType>(type: T): Constructor<T> =>
  (data, options) =>
    createEvent(type, data, options);

/** One constructor per event type. */
export const orderInitiated = make('OrderInitiated');
export const orderTransitioned = make('OrderTransitioned');
export const paymentCaptured = make('PaymentCaptured');
export const refundIssued = make('RefundIssued');
export const payoutScheduled = make('PayoutScheduled');
export const payoutDisbursed = make('PayoutDisbursed');
export const commissionEarned = make('CommissionEarned');
export const payoutAccountUpdated = make('PayoutAccountUpdated');
export const listingPublished = make('ListingPublished');
export const listingClosed = make('ListingClosed');
export const reviewSubmitted = make('ReviewSubmitted');
export const disputeOpened = make('DisputeOpened');
