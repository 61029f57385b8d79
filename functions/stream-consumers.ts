import { keyPrefixes } from './lib/table-design';

/**
 * Consumers of the table's stream. CDK attaches each as a DynamoDB event source; the local
 * stream poller calls the same modules with the same event shape.
 * `handler` is a module under functions/ (without .ts) that exports `handler(event: DynamoDBStreamEvent)`.
 */
export interface StreamConsumer {
  name: string;
  handler: string;
  /** Only records whose new or old image has a PK starting with one of these prefixes. */
  keyPrefixes: readonly string[];
}

export const streamConsumers = [
  { name: 'search-index', handler: 'listings/search/index-stream', keyPrefixes: [keyPrefixes.listing] },
  // Every transaction item passes the PK filter; the handler publishes only INSERTs of `EVENT#…` items
  // (a transaction's finance events and a seller's payout-account events).
  {
    name: 'finance-outbox',
    handler: 'orders/finance/outbox-stream',
    keyPrefixes: [keyPrefixes.transaction, keyPrefixes.payoutAccountEvents],
  },
  // Order e-mails: the transaction item when its version grew, and inserted messages.
  {
    name: 'order-notifications',
    handler: 'orders/notifications/stream',
    keyPrefixes: [keyPrefixes.transaction],
  },
] as const satisfies readonly StreamConsumer[];
