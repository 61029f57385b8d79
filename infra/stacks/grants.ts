/**
 * Narrower grants than the L2 `grant*` helpers: exactly the table's own indexes (from tableDesign)
 * instead of `index/*`, and only the object actions the handlers use on the images prefix.
 */
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { tableDesign } from '../../functions/lib/table-design';

/** Item reads and writes, transactions included (IAM checks each item action of a transaction). No Scan. */
export const tableReadWriteActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

export function grantTableReadWrite(table: dynamodb.ITable, grantee: iam.IGrantable): iam.Grant {
  return iam.Grant.addToPrincipal({
    grantee,
    actions: [...tableReadWriteActions],
    resourceArns: [
      table.tableArn,
      ...tableDesign.globalIndexes.map((index) => `${table.tableArn}/index/${index.name}`),
    ],
  });
}

/**
 * Item reads only (GetItem, BatchGetItem, Query): the search route (the sequence item and the
 * deltas, on the table) and the public read routes (`indexes`: with the table's own indexes, e.g. a
 * seller's listings; the reviews read their authors in one BatchGetItem). The local cloud refuses
 * anything else to those handlers (infra/local/read-only.ts).
 */
export const tableReadActions = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'] as const;

export function grantTableRead(
  table: dynamodb.ITable,
  grantee: iam.IGrantable,
  options: { indexes?: boolean } = {},
): iam.Grant {
  return iam.Grant.addToPrincipal({
    grantee,
    actions: [...tableReadActions],
    resourceArns: [
      table.tableArn,
      ...(options.indexes
        ? tableDesign.globalIndexes.map((index) => `${table.tableArn}/index/${index.name}`)
        : []),
    ],
  });
}

/**
 * `events:PutEvents` on the bus for events of these sources only (the `events:source` condition,
 * checked for every entry of a PutEvents call). No role gets PutEvents any other way: only the
 * outbox publisher may put `velo.finance` (issue 26), so a finance event always has its outbox item.
 */
export function grantPublish(
  bus: events.IEventBus,
  grantee: iam.IGrantable,
  sources: readonly string[],
): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['events:PutEvents'],
      resources: [bus.eventBusArn],
      conditions: { StringEquals: { 'events:source': [...sources] } },
    }),
  );
}

/** Read, write (including presigned POST uploads the handlers sign) and delete objects under one key prefix. */
export function grantObjects(bucket: s3.IBucket, keyPrefix: string, policy: iam.ManagedPolicy): void {
  policy.addStatements(
    new iam.PolicyStatement({
      actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      resources: [bucket.arnForObjects(`${keyPrefix}*`)],
    }),
  );
}

/** The search deltas' stream consumer: the ADD on the sequence item and the deltas' BatchWrite (issue 26). */
export const searchDeltaWriteActions = ['dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'] as const;

/** The finance ledger's one write (functions/orders/finance/ledger.ts: a conditional put per event). */
export const ledgerWriteActions = ['dynamodb:PutItem'] as const;

/** Just these item actions, on the table itself (no index). */
export function grantTableItemActions(
  table: dynamodb.ITable,
  grantee: iam.IGrantable,
  actions: readonly string[],
): iam.Grant {
  return iam.Grant.addToPrincipal({ grantee, actions: [...actions], resourceArns: [table.tableArn] });
}
