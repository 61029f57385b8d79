import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { otherRole, partyRole } from '../../../shared/process/permissions';
import { dynamo, tableName } from '../../lib/aws';
import { keyPrefixes, keys } from '../../lib/table-design';
import type { MessageItem } from '../messages';
import type { TransactionRecord } from '../record';
import { getTransaction } from '../repository';
import { mailsForTransition } from './decide';
import { type MessageOutcome, mailOrBatch, sendNewMessage } from './message-mails';
import { mailable, type Parties, partiesOf, type SendOutcome, sendOnce, wants } from './send';
import { excerpt } from './templates';

/**
 * The order e-mails' part ("Notifications by e-mail") of the transaction stream dispatcher
 * (functions/orders/transaction-stream.ts), for one stream record:
 * - the transaction item (`TX#<id>` / `TX`), INSERT or MODIFY where `version` grew: the transition
 *   that made each new version (`transitions[version - 1]` of the item, read back consistently)
 *   mails what functions/orders/notifications/decide.ts says, each mail at most once per
 *   (txId, version, template, recipient) through a marker item (functions/orders/notifications/send.ts);
 * - a message (`TX#<id>` / `MSG#…`) INSERT: a mail to the other party at once if it opens their
 *   15-minute (× VELO_TIMER_SCALE) window, else batched into the digest mailed when the window
 *   closes (functions/orders/notifications/message-mails.ts); the buyer's question on an open enquiry is
 *   mailed as "New enquiry" instead (the enquire transition itself mails nothing: the spec sends the
 *   enquiry first and its message after).
 * Everything else of the `TX#` partition (outbox events, reviews, the markers themselves) is ignored.
 *
 * Records are delivered at least once; the markers (and the message window's `coveredThrough`)
 * make a redelivered record send nothing again.
 * A failed mail deletes its marker and throws: the dispatcher reports the record as a batch item
 * failure after the other records were handled, so the stream retries from it (AWS: then the
 * dead-letter queue) and only the failed mail goes again.
 */
export async function sendRecordMails(record: DynamoDBRecord): Promise<{ sent: number }> {
  const what = notificationRecord(record);
  if (!what) return { sent: 0 };
  const outcomes =
    what.kind === 'transaction'
      ? await transactionMails(what.transactionId, what.fromVersion, what.toVersion)
      : await messageMail(what.transactionId, what.sk);
  return { sent: outcomes.filter((outcome) => outcome === 'sent').length };
}

export type NotificationRecord =
  | { kind: 'transaction'; transactionId: string; fromVersion: number; toVersion: number }
  | { kind: 'message'; transactionId: string; sk: string };

function versionOf(image: Record<string, { N?: string }> | undefined): number {
  const value = Number(image?.version?.N ?? 0);
  return Number.isFinite(value) ? value : 0;
}

/** What a stream record calls for: a transaction whose version grew, an inserted message, or nothing. */
export function notificationRecord(record: DynamoDBRecord): NotificationRecord | undefined {
  const pk = record.dynamodb?.Keys?.PK?.S;
  const sk = record.dynamodb?.Keys?.SK?.S;
  if (!pk?.startsWith(keyPrefixes.transaction) || !sk) return undefined;
  const transactionId = pk.slice(keyPrefixes.transaction.length);
  if (sk === 'TX' && (record.eventName === 'INSERT' || record.eventName === 'MODIFY')) {
    const fromVersion = versionOf(record.dynamodb?.OldImage as Record<string, { N?: string }> | undefined);
    const toVersion = versionOf(record.dynamodb?.NewImage as Record<string, { N?: string }> | undefined);
    if (toVersion <= fromVersion) return undefined;
    // One transition that mails nobody (request-payment, a first review): no reads at all.
    const last = (record.dynamodb?.NewImage as Record<string, { S?: string }> | undefined)?.lastTransition?.S;
    if (toVersion === fromVersion + 1 && last && mailsForTransition(last).length === 0) return undefined;
    return { kind: 'transaction', transactionId, fromVersion, toVersion };
  }
  if (sk.startsWith(keyPrefixes.message) && record.eventName === 'INSERT')
    return { kind: 'message', transactionId, sk };
  return undefined;
}

/** The mails of versions fromVersion+1 … toVersion (one per transition; usually exactly one). */
async function transactionMails(
  txId: string,
  fromVersion: number,
  toVersion: number,
): Promise<SendOutcome[]> {
  const tx = await getTransaction(txId);
  if (!tx) return [];
  const parties = await partiesOf(tx);
  const outcomes: SendOutcome[] = [];
  for (let version = fromVersion + 1; version <= toVersion; version++) {
    const entry = tx.transitions[version - 1];
    if (!entry) continue;
    for (const mail of mailsForTransition(entry.transition)) {
      outcomes.push(
        await sendOnce(tx, `v${version}`, mail, parties, {
          now: new Date(entry.createdAt),
          extra: { step: { transition: entry.transition, by: entry.by } },
        }),
      );
    }
  }
  return outcomes;
}

async function messageMail(txId: string, sk: string): Promise<MessageOutcome[]> {
  const { Item } = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: { PK: keys.transaction(txId).PK, SK: sk },
      ConsistentRead: true,
    }),
  );
  const message = Item as MessageItem | undefined;
  if (message?.entity !== 'message') return [];
  const tx = await getTransaction(txId);
  if (!tx) return [];
  const sender = partyRole(tx, message.senderId);
  if (!sender) return ['no-recipient'];
  const role = otherRole(sender);
  const parties = await partiesOf(tx);
  const recipient = role === 'customer' ? parties.customer : parties.provider;
  if (!mailable(recipient)) return ['no-recipient'];
  const enquiry = isEnquiryQuestion(tx, message);
  // The enquiry mail is an order mail (it always goes); message mails follow the preference.
  if (!enquiry && !wants(recipient, 'new-message')) return ['turned-off'];
  const newMessage = () => sendNewMessage(tx, role, parties, message);
  return [
    await mailOrBatch(
      tx.id,
      recipient.id,
      message,
      enquiry ? () => enquiryMail(tx, message, parties, newMessage) : newMessage,
      {
        reason: enquiry ? 'enquiry' : 'message',
      },
    ),
  ];
}

/**
 * The buyer's question on an enquiry, when it opens the seller's window: "New enquiry" quoting it,
 * once per enquiry (a marker). Asked again after the enquiry was mailed and the window is over, it is
 * an ordinary message mail. An enquiry whose message never came mails nobody (there is nothing to
 * answer).
 */
async function enquiryMail(
  tx: TransactionRecord,
  message: MessageItem,
  parties: Parties,
  otherwise: () => Promise<SendOutcome>,
): Promise<SendOutcome> {
  const outcome = await sendOnce(tx, 'enquiry', { template: 'enquiry-received', to: 'provider' }, parties, {
    now: new Date(message.createdAt),
    extra: { messageExcerpt: excerpt(message.content) },
  });
  return outcome === 'already-sent' ? otherwise() : outcome;
}

/**
 * A buyer's message written while the transaction was an enquiry: it began with `enquire` and the
 * message is older than the first transition out of it (decided by the message's time, not the
 * state now, so a retry after the buyer has bought still mails the question as an enquiry).
 */
export function isEnquiryQuestion(
  tx: Pick<TransactionRecord, 'customerId' | 'transitions'>,
  message: Pick<MessageItem, 'senderId' | 'createdAt'>,
): boolean {
  if (message.senderId !== tx.customerId || tx.transitions[0]?.transition !== 'enquire') return false;
  const leftEnquiry = tx.transitions.find((entry) => entry.transition !== 'enquire');
  return !leftEnquiry || message.createdAt < leftEnquiry.createdAt;
}
