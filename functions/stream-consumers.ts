import { keyPrefixes } from './lib/table-design';

/**
 * Consumers of the table's stream. CDK attaches each as a DynamoDB event source; the local
 * stream poller calls the same modules with the same event shape.
 * `handler` is a module under functions/ (without .ts) that exports `handler(event: DynamoDBStreamEvent)`
 * answering a partial-batch response (`DynamoDBBatchResponse`: the first failed record, or none).
 * DynamoDB advises at most two readers per stream shard: tests/infra/stacks.test.ts holds this
 * list to two (issue 26).
 */
export interface StreamConsumer {
  name: string;
  handler: string;
  /** Only records whose new or old image has a PK starting with one of these prefixes. */
  keyPrefixes: readonly string[];
}

export const streamConsumers = [
  { name: 'search-index', handler: 'listings/search/index-stream', keyPrefixes: [keyPrefixes.listing] },
  // Every transaction item: one dispatcher publishes the finance outbox and sends the order e-mails
  // (issue 26: at most two readers per stream shard, as DynamoDB advises).
  {
    name: 'transaction-stream',
    handler: 'orders/transaction-stream',
    // A seller's payout-account finance events are outbox items too (PAYOUT-ACCOUNT#…).
    keyPrefixes: [keyPrefixes.transaction, keyPrefixes.payoutAccountEvents],
  },
] as const satisfies readonly StreamConsumer[];

export type StreamConsumerName = (typeof streamConsumers)[number]['name'];
