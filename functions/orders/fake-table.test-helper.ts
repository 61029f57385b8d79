/**
 * Unit-test doubles for the engine and the workflow tasks: an in-memory table behind the document client (the
 * reads and the few conditional updates the tasks make) and a recorded Step Functions client.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DescribeExecutionCommand,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  SFNClient,
  StartExecutionCommand,
} from '@aws-sdk/client-sfn';
import {
  DeleteCommand,
  type DeleteCommandInput,
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { keys } from '../lib/table-design';
import { dueItem, inboxKeys, type TransactionRecord } from './record';

export const ddb = mockClient(DynamoDBDocumentClient);
export const sfnMock = mockClient(SFNClient);
export const items = new Map<string, Record<string, unknown>>();
const keyOf = (key: { PK?: unknown; SK?: unknown }) => `${key.PK}|${key.SK}`;

export const t0 = Date.parse('2026-11-22T10:00:00.000Z');
export const iso = (ms: number) => new Date(t0 + ms).toISOString();

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/** The updates the workflow code makes, evaluated on the in-memory items. */
function update(input: UpdateCommandInput) {
  const key = keyOf(input.Key!);
  const item = items.get(key);
  const values = input.ExpressionAttributeValues ?? {};
  switch (input.UpdateExpression) {
    case 'SET taskToken = :token, awaitingVersion = :version':
      if (!item || item.version !== values[':version']) throw conditionFailed();
      item.taskToken = values[':token'];
      item.awaitingVersion = values[':version'];
      return {};
    case 'REMOVE taskToken, awaitingVersion':
      if (!item || item.taskToken !== values[':t']) throw conditionFailed();
      delete item.taskToken;
      delete item.awaitingVersion;
      return {};
    case 'SET executionArn = :arn':
      if (!item) throw conditionFailed();
      item.executionArn = values[':arn'];
      return {};
    default:
      throw new Error(`Unexpected update in a unit test: ${input.UpdateExpression}`);
  }
}

/** The DUE# query: SK <= :upTo on one partition. */
function query(input: QueryCommandInput) {
  const values = input.ExpressionAttributeValues ?? {};
  const found = [...items.values()]
    .filter((item) => item.PK === values[':pk'] && String(item.SK) <= String(values[':upTo']))
    .sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
  return { Items: found };
}

export interface TransactionWrites {
  /** What each TransactWrite does to the items (default: nothing, and it succeeds). */
  onTransactWrite?: (input: TransactWriteCommandInput) => void;
}

export let transactWrites: TransactWriteCommandInput[] = [];

/** Resets both mocks and the items; TransactWrite succeeds and runs `onTransactWrite`. */
export function resetFakes(options: TransactionWrites = {}) {
  items.clear();
  ddb.reset();
  sfnMock.reset();
  transactWrites = [];
  ddb.on(GetCommand).callsFake((input: GetCommandInput) => {
    const item = items.get(keyOf(input.Key!));
    return { Item: item && structuredClone(item) };
  });
  ddb.on(UpdateCommand).callsFake(update);
  ddb.on(QueryCommand).callsFake(query);
  ddb.on(DeleteCommand).callsFake((input: DeleteCommandInput) => {
    items.delete(keyOf(input.Key!));
    return {};
  });
  ddb.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
    transactWrites.push(input);
    options.onTransactWrite?.(input);
    return {};
  });
  sfnMock.on(SendTaskSuccessCommand).resolves({});
  sfnMock.on(SendTaskFailureCommand).resolves({});
  sfnMock.on(StartExecutionCommand).resolves({});
  sfnMock.on(DescribeExecutionCommand).resolves({});
}

/** A TransactWrite cancelled on the transaction item's condition (a lost race). */
export function lostRace() {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
  });
}

/** A stored order (default: pending-payment since t0, version 1, its expire-payment due item stored). */
export function givenTx(overrides: Partial<TransactionRecord> = {}, id = 'tx-1'): TransactionRecord {
  const state = overrides.state ?? 'pending-payment';
  const entered = overrides.entered ?? { initial: iso(0), 'pending-payment': iso(0) };
  const due = dueItem(id, { transition: 'expire-payment', dueAt: iso(15 * 60_000) });
  const tx: TransactionRecord = {
    ...keys.transaction(id),
    SK: 'TX',
    ...inboxKeys({ id, customerId: 'c-1', providerId: 'p-1' }, state, iso(0)),
    entity: 'transaction',
    id,
    processAlias: 'release-2',
    state,
    version: 1,
    listingId: 'l-1',
    customerId: 'c-1',
    providerId: 'p-1',
    listingSnapshot: { title: 'Trek', slug: 'trek' },
    orderData: { deliveryMethod: 'pickup', quantity: 1 },
    lineItems: [],
    payinTotal: { amount: 1000, currency: 'USD' },
    payoutTotal: { amount: 900, currency: 'USD' },
    createdAt: iso(0),
    lastTransition: 'request-payment',
    lastTransitionedAt: iso(0),
    entered,
    transitions: [{ transition: 'request-payment', by: 'customer', userId: 'c-1', createdAt: iso(0) }],
    protectedData: {},
    deadline: { transition: due.transition, dueAt: due.dueAt, dueKey: { PK: due.PK, SK: due.SK } },
    messageCount: 0,
    checkoutKey: 'k',
    ...overrides,
  };
  items.set(keyOf(tx), structuredClone(tx) as unknown as Record<string, unknown>);
  if (tx.deadline && overrides.deadline === undefined && state === 'pending-payment') {
    items.set(keyOf(due), { ...due });
  }
  return tx;
}

export function stored(id = 'tx-1'): TransactionRecord | undefined {
  return items.get(keyOf(keys.transaction(id))) as TransactionRecord | undefined;
}

export function storeItem(item: Record<string, unknown>) {
  items.set(keyOf(item as { PK: string; SK: string }), structuredClone(item));
}

export function hasItem(key: { PK: string; SK: string }) {
  return items.has(keyOf(key));
}

/** Applies a TransactWrite's Puts, Deletes and Update SET/REMOVE clauses (conditions are not checked). */
export function applyTransactWrite(input: TransactWriteCommandInput) {
  for (const element of input.TransactItems ?? []) {
    if (element.Put) storeItem(element.Put.Item as Record<string, unknown>);
    if (element.Delete) items.delete(keyOf(element.Delete.Key!));
    const u = element.Update;
    if (!u) continue;
    const item = items.get(keyOf(u.Key!));
    if (!item) continue;
    const names = u.ExpressionAttributeNames ?? {};
    const values = u.ExpressionAttributeValues ?? {};
    const path = (text: string) =>
      text
        .trim()
        .split('.')
        .map((part) => names[part] ?? part);
    const setAt = (target: string[], value: unknown) => {
      let node = item as Record<string, unknown>;
      for (const part of target.slice(0, -1)) {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
      node[target.at(-1)!] = value;
    };
    const getAt = (target: string[]) =>
      target.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], item);
    const [, setPart = '', removePart = ''] = /^(?:SET (.*?))?(?: ?REMOVE (.*))?$/.exec(u.UpdateExpression!)!;
    for (const clause of setPart.split(/, (?=#)/).filter(Boolean)) {
      const [lhs, rhs] = clause.split(' = ') as [string, string];
      const target = path(lhs);
      const fn = /^(if_not_exists|list_append)\((.*), (:v\d+)\)$/.exec(rhs);
      if (!fn) setAt(target, values[rhs.trim()]);
      else if (fn[1] === 'if_not_exists') setAt(target, getAt(target) ?? values[fn[3]!]);
      else setAt(target, [...((getAt(target) as unknown[]) ?? []), ...(values[fn[3]!] as unknown[])]);
    }
    for (const clause of removePart.split(', ').filter(Boolean)) {
      const target = path(clause);
      let node = item as Record<string, unknown>;
      for (const part of target.slice(0, -1)) node = node[part] as Record<string, unknown>;
      delete node[target.at(-1)!];
    }
  }
}
