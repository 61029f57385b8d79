/**
 * The transaction read side (docs/design/orders.md: the inbox in "Data: items in the single table",
 * the read routes in "API routes"): the party check, the parties' public profiles (one BatchGet),
 * reviews, allowed transitions and the paged Queries (inbox, messages) with the "skip (N−1)×perPage
 * by a keys-only Query, then one page" rule. The handlers in functions/orders stay small over
 * these.
 */
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AllowedTransitionView, ReviewView, TransactionRow } from '../../shared/api/transactions';
import type { Page, PublicUser } from '../../shared/api/types';
import { pageSizes } from '../../shared/config/marketplace';
import { type TimerSettings, timerSettingsFromEnv, windowClock } from '../../shared/process/deadlines';
import { type Role, transitionsFrom } from '../../shared/process/graph';
import { actionLabel } from '../../shared/process/labels';
import { checkTransition, otherRole, partyRole } from '../../shared/process/permissions';
import type { UserRecord } from '../accounts/user-record';
import { toPublicUser } from '../accounts/user-record';
import { dynamo, tableName } from '../lib/aws';
import { ApiError } from '../lib/errors';
import { queryCount } from '../lib/paging';
import { keyPrefixes, keys, partitions } from '../lib/table-design';
import { deadlineView, refundOf, type TransactionRecord } from './record';
import { getTransaction } from './repository';
import { type ReviewItem, toReviewView } from './reviews';

/** The highest page number a paged read accepts (the skip reads keys only, but not without end). */
export const MAX_PAGE = 1000;
/** The largest inbox page (`perPage`). */
export const MAX_PER_PAGE = 100;

export interface PartyTransaction {
  transaction: TransactionRecord;
  role: Role;
}

/**
 * The transaction if `userId` is one of its parties; 404 `not-found` for an unknown id and for
 * anybody else alike (a stranger cannot tell that the id exists). Consistent: the page is read back
 * right after a transition.
 */
export async function getPartyTransaction(txId: string, userId: string): Promise<PartyTransaction> {
  const transaction = await getTransaction(txId, true);
  const role = transaction && partyRole(transaction, userId);
  if (!transaction || !role) throw new ApiError('not-found', 'This transaction does not exist.');
  return { transaction, role };
}

/** The other party's user id, seen from `role`. */
export function otherPartyId(tx: Pick<TransactionRecord, 'customerId' | 'providerId'>, role: Role): string {
  return otherRole(role) === 'customer' ? tx.customerId : tx.providerId;
}

/**
 * The profile items of `ids` (deduplicated) in one BatchGet (100 keys a call; unprocessed keys are
 * asked again). Missing profiles are simply absent from the map.
 */
export async function getProfiles(ids: readonly string[]): Promise<Map<string, UserRecord>> {
  const found = new Map<string, UserRecord>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += 100) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(start, start + 100).map(keys.user);
    for (let attempt = 0; pending?.length && attempt < 8; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
      const result: BatchGetCommandOutput = await dynamo().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }),
      );
      for (const item of result.Responses?.[tableName()] ?? []) {
        const record = item as UserRecord;
        found.set(record.id, record);
      }
      pending = result.UnprocessedKeys?.[tableName()]?.Keys;
    }
    if (pending?.length) throw new Error('BatchGet of profiles left keys unprocessed');
  }
  return found;
}

/**
 * The public view of each of `ids` (PublicUser): a missing or deleted profile shows as "Deleted
 * user" with `deleted: true`, a banned one as "Banned user" with `banned: true` (spec §3), so the
 * page can disable messaging.
 */
export async function getPublicUsers(ids: readonly string[]): Promise<Map<string, PublicUser>> {
  const profiles = await getProfiles(ids);
  return new Map(ids.map((id) => [id, toPublicUser(profiles.get(id), id)]));
}

/**
 * The reviews of a transaction the caller may see: the published ones, and their own review while it
 * waits for the other side (reviews are published when both reviewed or the window closed).
 */
export async function getReviews(txId: string, viewerId: string): Promise<ReviewView[]> {
  const page = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :review)',
      ExpressionAttributeValues: { ':pk': keys.transaction(txId).PK, ':review': keyPrefixes.txReview },
      ConsistentRead: true,
    }),
  );
  return ((page.Items ?? []) as ReviewItem[])
    .filter((item) => item.state === 'public' || item.authorId === viewerId)
    .map(toReviewView);
}

/**
 * What `role` may do now (spec processTransitions): the graph's transitions from the state that the
 * role may take, windows included. Each window is checked on the engine's clock (`windowClock`, the
 * scaled 3-hour cancel window), so the page offers exactly what the engine would accept. System and
 * operator transitions never show (the role is a party).
 */
export function allowedTransitionViews(
  tx: Pick<TransactionRecord, 'state' | 'entered'> & Partial<Pick<TransactionRecord, 'orderData'>>,
  role: Role,
  now: Date = new Date(),
  timers: TimerSettings = timerSettingsFromEnv(process.env),
): AllowedTransitionView[] {
  return transitionsFrom(tx.state)
    .filter((transition) => {
      const clock = windowClock(transition.name, role, tx.entered, now, timers);
      return checkTransition(tx.state, transition.name, role, { now: clock, entered: tx.entered }).ok;
    })
    .map((transition) => {
      const name = transition.name as AllowedTransitionView['name'];
      const label = actionLabel(name, tx.orderData?.deliveryMethod);
      return { name, ...(label ? { label } : {}) };
    });
}

export interface PageRequest {
  page: number;
  perPage: number;
}

/** The page's meta (spec §3 pagination). */
export function pagination({ page, perPage }: PageRequest, totalItems: number): Page<never>['meta'] {
  return { page, perPage, totalItems, totalPages: Math.ceil(totalItems / perPage) };
}

type Key = Record<string, unknown>;

/**
 * One page of a Query (newest first): a keys-only Query skips the first (page−1)×perPage items and
 * gives the start key, then up to perPage items are read from there. A page past the end is empty.
 * `keyNames` are the attributes of the LastEvaluatedKey (the table's keys, plus the index's).
 */
export async function queryPage<T>(
  input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey' | 'ScanIndexForward' | 'Select'>,
  keyNames: readonly string[],
  { page, perPage }: PageRequest,
): Promise<T[]> {
  let startKey: Key | undefined;
  let toSkip = (page - 1) * perPage;
  while (toSkip > 0) {
    const skipped = await dynamo().send(
      new QueryCommand({
        ...input,
        ScanIndexForward: false,
        ProjectionExpression: keyNames.map((_, i) => `#k${i}`).join(', '),
        ExpressionAttributeNames: {
          ...input.ExpressionAttributeNames,
          ...Object.fromEntries(keyNames.map((name, i) => [`#k${i}`, name])),
        },
        Limit: toSkip,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    toSkip -= skipped.Count ?? 0;
    startKey = skipped.LastEvaluatedKey;
    if (!startKey) return []; // the page is past the end
  }
  const items: T[] = [];
  do {
    const result = await dynamo().send(
      new QueryCommand({
        ...input,
        ScanIndexForward: false,
        Limit: perPage - items.length,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    items.push(...((result.Items ?? []) as T[]));
    startKey = result.LastEvaluatedKey;
  } while (startKey && items.length < perPage);
  return items;
}

export type InboxKind = 'order' | 'sale';

/** The inbox page size: 10 by default (spec §9), at most 100. */
export const inboxPerPage = { fallback: pageSizes.inbox, max: MAX_PER_PAGE } as const;

/** The inbox Query of a user: orders on GSI1 `CUSTOMER#<me>`, sales on GSI2 `PROVIDER#<me>` (sparse keys). */
function inboxQuery(userId: string, only: InboxKind) {
  const index = only === 'order' ? 'GSI1' : 'GSI2';
  const partition = only === 'order' ? partitions.customer(userId) : partitions.provider(userId);
  return {
    index,
    input: {
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :tx)',
      ExpressionAttributeNames: { '#pk': `${index}PK`, '#sk': `${index}SK` },
      ExpressionAttributeValues: { ':pk': partition, ':tx': keyPrefixes.transaction },
    },
  };
}

/** One inbox row seen by `role`, with the other party's public view. */
export function toTransactionRow(
  record: TransactionRecord,
  role: Role,
  otherParty: PublicUser,
): TransactionRow {
  const refund = refundOf(record);
  return {
    id: record.id,
    state: record.state,
    lastTransition: record.lastTransition,
    lastTransitionedAt: record.lastTransitionedAt,
    listing: { ...record.listingSnapshot, id: record.listingId },
    otherParty,
    role,
    payinTotal: record.payinTotal,
    payoutTotal: record.payoutTotal,
    ...(record.orderData.deliveryMethod ? { deliveryMethod: record.orderData.deliveryMethod } : {}),
    ...deadlineView(record),
    ...(refund ? { refund } : {}),
  };
}

/**
 * A page of the caller's orders or sales, last transition first (the GSI sort key is
 * `TX#<lastTransitionedAt>#<id>`); payment-expired orders have no inbox keys, so they never show.
 * The other parties come from one BatchGet.
 */
export async function queryInbox(
  userId: string,
  only: InboxKind,
  request: PageRequest,
): Promise<Page<TransactionRow>> {
  const { index, input } = inboxQuery(userId, only);
  const [records, totalItems] = await Promise.all([
    queryPage<TransactionRecord>(input, ['PK', 'SK', `${index}PK`, `${index}SK`], request),
    queryCount(input),
  ]);
  const role: Role = only === 'order' ? 'customer' : 'provider';
  const others = await getPublicUsers(records.map((record) => otherPartyId(record, role)));
  return {
    data: records.map((record) => toTransactionRow(record, role, others.get(otherPartyId(record, role))!)),
    meta: pagination(request, totalItems),
  };
}
