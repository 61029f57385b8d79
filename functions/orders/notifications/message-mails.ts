/**
 * Message e-mails ("no message mail is lost"). Per conversation and recipient, one
 * window item `TX#<txId>/MSGMAIL#<recipientId>` holds:
 * - `lastAt`: when the current window began (the message mailed at once, or the end of the window
 *   whose digest was sent); a window lasts 15 minutes × VELO_TIMER_SCALE (`messageWindowMs`);
 * - `coveredThrough`: the SK (`MSG#<createdAt>#<id>`) of the last message a mail covered;
 * - `batchedThrough`: the SK of the last message batched; messages are pending while it is past
 *   `coveredThrough`.
 * A message that finds the window over and nothing pending is mailed at once (the stream consumer
 * says how: "New message", or "New enquiry" for the question of an enquiry). Any other is batched:
 * `batchedThrough` is set and a due item `DUE#<shard>` / `<windowEnd>#<txId>#digest#<recipientId>`
 * is Put. The deadline sweeper fires it as soon as due (`sendDigest`): the other party's messages
 * after `coveredThrough` go in ONE mail, and the next window begins at the end of this one.
 * Every change of the window is a compare-and-set on the values read, so a redelivered stream record
 * or a digest fired twice sends nothing twice; a failed send puts the window back and leaves its
 * messages pending. The messages themselves are the truth of what a digest lists, so a message whose
 * record comes after its window's digest went (stream lag) is listed by the next one.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MINUTE_MS } from '../../../shared/config/constants';
import { timerSettingsFromEnv } from '../../../shared/process/deadlines';
import type { Role } from '../../../shared/process/graph';
import { partyRole } from '../../../shared/process/permissions';
import { dynamo, tableName } from '../../lib/aws';
import { sendEmail } from '../../lib/email';
import { queryAll } from '../../lib/paging';
import { keyPrefixes, keys } from '../../lib/table-design';
import { isConditionFailure } from '../../lib/writes';
import type { MessageItem } from '../messages';
import type { TransactionRecord } from '../record';
import { deleteDueItem, getTransaction } from '../repository';
import { expiresAt, mailable, type Parties, partiesOf, type SendOutcome, templateInput, wants } from './send';
import { excerpt, renderTemplate } from './templates';

/** The message batching window: 15 minutes × VELO_TIMER_SCALE. */
export function messageWindowMs(env: Record<string, string | undefined> = process.env): number {
  return Math.round(15 * MINUTE_MS * (timerSettingsFromEnv(env).scale ?? 1));
}

/** The window fields of `TX#<txId>/MSGMAIL#<recipientId>`. */
export interface MessageWindow {
  lastAt?: string;
  coveredThrough?: string;
  batchedThrough?: string;
}

/** A `DUE#…` item of kind `digest`: the end of a window in which messages were batched. */
export interface DigestDueItem {
  PK: string;
  SK: string;
  entity: 'due';
  kind: 'digest';
  transactionId: string;
  recipientId: string;
  dueAt: string;
}

export function digestDueItem(transactionId: string, recipientId: string, dueAt: string): DigestDueItem {
  return {
    ...keys.due(transactionId, dueAt, 'digest', recipientId),
    entity: 'due',
    kind: 'digest',
    transactionId,
    recipientId,
    dueAt,
  };
}

export function isDigestDueItem(item: { kind?: string }): item is DigestDueItem {
  return item.kind === 'digest';
}

/**
 * The SK up to which the recipient has had the messages mailed. A window of the old throttling (no
 * marker) counts as having covered everything up to its last mail.
 */
export function coveredOf(window: MessageWindow | undefined): string {
  return window?.coveredThrough ?? (window?.lastAt ? `${keyPrefixes.message}${window.lastAt}#~` : '');
}

/** Whether batched messages wait for a digest. */
export function isPending(window: MessageWindow | undefined): boolean {
  return Boolean(window?.batchedThrough && window.batchedThrough > coveredOf(window));
}

/**
 * What a message's stream record does: nothing (a mail already covered it), a mail at once (the
 * window is over and nothing is pending: a pending digest goes first, so it takes this one along),
 * or a place in the window's digest.
 */
export function messageDecision(
  window: MessageWindow | undefined,
  message: Pick<MessageItem, 'SK' | 'createdAt'>,
  windowMs: number,
): 'covered' | 'mail' | 'batch' {
  if (message.SK <= coveredOf(window)) return 'covered';
  const over = !window?.lastAt || Date.parse(window.lastAt) <= Date.parse(message.createdAt) - windowMs;
  return over && !isPending(window) ? 'mail' : 'batch';
}

/** The end of the window (the digest's due time); `fallback` for a window that never began. */
export function windowEnd(window: MessageWindow | undefined, fallback: string, windowMs: number): string {
  return window?.lastAt ? new Date(Date.parse(window.lastAt) + windowMs).toISOString() : fallback;
}

async function readWindow(txId: string, recipientId: string): Promise<MessageWindow | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.messageMailWindow(txId, recipientId),
      ConsistentRead: true,
    }),
  );
  return Item as MessageWindow | undefined;
}

const windowFields = ['lastAt', 'coveredThrough', 'batchedThrough'] as const;

/**
 * Moves the window from `from` to `to`: a compare-and-set on every field `from` names (equal, or
 * absent when undefined); each field `to` names is SET, or REMOVEd when undefined. Answers the window
 * as written, or undefined when another writer changed it first.
 */
async function moveWindow(
  txId: string,
  recipientId: string,
  from: MessageWindow,
  to: MessageWindow & { reason?: 'message' | 'enquiry' },
  at: string,
): Promise<MessageWindow | undefined> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':entity': 'message-mail-window',
    ':tx': txId,
    ':recipient': recipientId,
    ':expires': expiresAt(new Date(at)),
  };
  const sets = [
    'entity = :entity',
    'transactionId = :tx',
    'recipientId = :recipient',
    'expiresAt = :expires',
  ];
  const removes: string[] = [];
  const conditions: string[] = [];
  for (const [field, value] of Object.entries(to)) {
    names[`#${field}`] = field;
    if (value === undefined) removes.push(`#${field}`);
    else {
      sets.push(`#${field} = :to_${field}`);
      values[`:to_${field}`] = value;
    }
  }
  for (const [field, value] of Object.entries(from)) {
    names[`#${field}`] = field;
    if (value === undefined) conditions.push(`attribute_not_exists(#${field})`);
    else {
      conditions.push(`#${field} = :from_${field}`);
      values[`:from_${field}`] = value;
    }
  }
  try {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.messageMailWindow(txId, recipientId),
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return result.Attributes as MessageWindow;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** The fields of `window` the next compare-and-set expects as read. */
function asRead(window: MessageWindow | undefined, fields: readonly (keyof MessageWindow)[]): MessageWindow {
  return Object.fromEntries(fields.map((field) => [field, window?.[field]]));
}

/** Puts the digest of `window` at its end if messages are pending (the same window, the same key). */
async function scheduleDigest(
  txId: string,
  recipientId: string,
  window: MessageWindow | undefined,
  fallbackDue: string,
  windowMs: number,
): Promise<void> {
  if (!isPending(window)) return;
  const item = digestDueItem(txId, recipientId, windowEnd(window, fallbackDue, windowMs));
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...item } }));
}

export type MessageOutcome = SendOutcome | 'batched';

/**
 * The stream's part: the mail of `message` to `recipientId`, through `mailNow` if it opens the
 * window (claimed first: `lastAt` and `coveredThrough` are the message's), else batched into the
 * window's digest. A message a mail already covered (a redelivered record) sends nothing.
 */
export async function mailOrBatch(
  txId: string,
  recipientId: string,
  message: Pick<MessageItem, 'SK' | 'createdAt'>,
  mailNow: () => Promise<SendOutcome>,
  options: { reason?: 'message' | 'enquiry'; windowMs?: number } = {},
): Promise<MessageOutcome> {
  const windowMs = options.windowMs ?? messageWindowMs();
  const at = message.createdAt;
  const window = await readWindow(txId, recipientId);
  const decision = messageDecision(window, message, windowMs);
  if (decision === 'covered') return 'already-sent';
  const claimed = { lastAt: at, coveredThrough: message.SK };
  if (
    decision === 'mail' &&
    (await moveWindow(
      txId,
      recipientId,
      asRead(window, windowFields),
      { ...claimed, reason: options.reason ?? 'message' },
      at,
    ))
  ) {
    try {
      return await mailNow();
    } catch (error) {
      // Not mailed: the window as it was (or as if one had just ended), with this message pending,
      // so no later message can claim the window past it; its digest is due at once.
      const back = await moveWindow(
        txId,
        recipientId,
        claimed,
        {
          lastAt: window?.lastAt ?? new Date(Date.parse(at) - windowMs).toISOString(),
          coveredThrough: window?.coveredThrough ?? `${keyPrefixes.message}${at}#`,
          batchedThrough: message.SK,
        },
        at,
      );
      await scheduleDigest(txId, recipientId, back, at, windowMs);
      throw error;
    }
  }
  // Batched (or the window changed under the claim): the digest lists it; no condition, since any
  // value past `coveredThrough` means the same (pending) and the digest reads the messages.
  const batched = await moveWindow(txId, recipientId, {}, { batchedThrough: message.SK }, at);
  await scheduleDigest(txId, recipientId, batched, at, windowMs);
  return 'batched';
}

/** The messages of `txId` after the SK `after`, oldest first (consistent, every page). */
async function messagesAfter(txId: string, after: string): Promise<MessageItem[]> {
  const items = await queryAll<MessageItem>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.transaction(txId).PK,
      ':from': after || keyPrefixes.message,
      ':to': `${keyPrefixes.message}~`,
    },
    ConsistentRead: true,
  });
  return items.filter((item) => item.entity === 'message' && item.SK > after);
}

/** "New message" quoting `message`, to the party of `role` (if reachable and it wants message mails). */
export async function sendNewMessage(
  tx: TransactionRecord,
  role: Role,
  parties: Parties,
  message: Pick<MessageItem, 'content'>,
): Promise<SendOutcome> {
  const recipient = role === 'customer' ? parties.customer : parties.provider;
  if (!mailable(recipient)) return 'no-recipient';
  if (!wants(recipient, 'new-message')) return 'turned-off';
  await sendEmail({
    to: recipient.email,
    ...renderTemplate(
      'new-message',
      templateInput(tx, role, parties, { messageExcerpt: excerpt(message.content) }),
    ),
  });
  return 'sent';
}

export type DigestOutcome = SendOutcome | 'nothing' | 'not-yet';

/**
 * The sweeper's part, for a digest due item: if messages are pending and their window is over,
 * the other party's messages after `coveredThrough` go to the recipient in ONE mail (or, for a
 * recipient who cannot or does not want it, are covered without one), and the next window begins at
 * this one's end. The item is deleted either way, and Put again at the window's end if messages are
 * still pending (batched meanwhile, or the window began again since this item was Put).
 */
export async function sendDigest(
  item: DigestDueItem,
  now: Date,
  windowMs: number = messageWindowMs(),
): Promise<DigestOutcome> {
  const { transactionId: txId, recipientId } = item;
  const window = await readWindow(txId, recipientId);
  const end = windowEnd(window, item.dueAt, windowMs);
  let outcome: DigestOutcome = 'nothing';
  if (isPending(window)) {
    outcome =
      Date.parse(end) <= now.getTime()
        ? await mailDigest(txId, recipientId, window!, end, settledBefore(now, windowMs))
        : 'not-yet';
  }
  await deleteDueItem(item);
  await scheduleDigest(txId, recipientId, await readWindow(txId, recipientId), item.dueAt, windowMs);
  return outcome;
}

/**
 * A digest covers only the messages written before this moment (5 s ago, less for a test window):
 * messages are ordered by their `createdAt`, and one created a moment earlier may still be in
 * flight; covering past it would skip it for good. Newer ones stay pending for the next digest.
 */
export function settledBefore(now: Date, windowMs: number): string {
  return new Date(now.getTime() - Math.min(5000, windowMs / 4)).toISOString();
}

async function mailDigest(
  txId: string,
  recipientId: string,
  window: MessageWindow,
  end: string,
  settled: string,
): Promise<SendOutcome | 'nothing'> {
  const tx = await getTransaction(txId);
  const role = tx && partyRole(tx, recipientId);
  const parties = tx && (await partiesOf(tx));
  const recipient = role === 'customer' ? parties?.customer : parties?.provider;
  const after = await messagesAfter(txId, coveredOf(window));
  const messages = after.filter((message) => message.createdAt <= settled);
  // Nothing settled yet: leave everything pending (the sweeper fires the digest again shortly).
  if (after.length && !messages.length) return 'nothing';
  const through = messages.at(-1)?.SK ?? window.batchedThrough;
  const theirs = messages.filter((message) => message.senderId !== recipientId);
  const read = asRead(window, ['lastAt', 'coveredThrough']);
  if (
    !tx ||
    !role ||
    !parties ||
    !mailable(recipient) ||
    !wants(recipient, 'message-digest') ||
    !theirs.length
  ) {
    // Nothing to mail: covered all the same, so they neither block the window nor go out later.
    await moveWindow(txId, recipientId, read, { coveredThrough: through }, end);
    return !mailable(recipient) ? 'no-recipient' : theirs.length ? 'turned-off' : 'nothing';
  }
  const sent = { lastAt: end, coveredThrough: through };
  if (!(await moveWindow(txId, recipientId, read, sent, end))) return 'already-sent'; // the other firing
  const input = templateInput(tx, role, parties);
  const names = { customer: input.customerName, provider: input.providerName };
  const nameOf = (senderId: string) => {
    const sender = partyRole(tx, senderId);
    return (sender && names[sender]) ?? 'The other party';
  };
  try {
    await sendEmail({
      to: recipient.email,
      ...renderTemplate('message-digest', {
        ...input,
        messages: theirs.map((message) => ({
          senderName: nameOf(message.senderId),
          at: message.createdAt,
          excerpt: excerpt(message.content),
        })),
      }),
    });
  } catch (error) {
    await moveWindow(txId, recipientId, sent, read, end);
    throw error;
  }
  return 'sent';
}
