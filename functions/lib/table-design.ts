/**
 * The one DynamoDB table: keys, indexes and stream. CDK (infra/stacks/data-stack.ts) and the local
 * bootstrap (infra/local/dynamodb.ts) both build the table from this, so they cannot drift.
 * Entity chart and access patterns: docs/data-model.md.
 */
export const tableDesign = {
  partitionKey: 'PK',
  sortKey: 'SK',
  globalIndexes: [
    // Listings by author, newest first: own listings, profile page.
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    // Published listings, spread over a few shards so no partition gets hot; sparse (only published).
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  stream: 'NEW_AND_OLD_IMAGES',
} as const;

export type IndexName = (typeof tableDesign.globalIndexes)[number]['name'];

/** How many GSI2 partitions published listings are spread over. */
export const publishedShardCount = 4;

/** The prefixes queries and stream filters match keys on (`begins_with`, `startsWith`). */
export const keyPrefixes = {
  listing: 'LISTING#',
  transaction: 'TX#',
  txEvent: 'EVENT#',
  txReview: 'REVIEW#',
  message: 'MSG#',
  saleAction: 'ACTION#',
  /** A seller's payout-account finance events (the outbox of `PayoutAccountUpdated`). */
  payoutAccountEvents: 'PAYOUT-ACCOUNT#',
} as const;

/** The partition keys of the by-owner queries (GSI1 `AUTHOR#`/`CUSTOMER#`, GSI2 `PROVIDER#`, a user's items). */
export const partitions = {
  user: (userId: string) => `USER#${userId}`,
  author: (authorId: string) => `AUTHOR#${authorId}`,
  customer: (customerId: string) => `CUSTOMER#${customerId}`,
  provider: (providerId: string) => `PROVIDER#${providerId}`,
  /** A seller's payout-account finance events (the outbox of `PayoutAccountUpdated`). */
  payoutAccount: (userId: string) => `PAYOUT-ACCOUNT#${userId}`,
  /** The finance ledger of one month (yyyy-mm). */
  ledger: (month: string) => `LEDGER#${month}`,
  /** The search index's deltas, one partition sorted by sequence (`SK > :after` reads what is new). */
  searchDeltas: 'SEARCH#DELTAS',
  /**
   * An e-mail address's own items (its daily limits), by the SHA-256 of the normalized address: the
   * table never holds the address of someone who is not a user (functions/lib/daily-limits.ts).
   */
  emailAddress: (addressHash: string) => `ADDRESS#${addressHash}`,
} as const;

export const keys = {
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' }),
  /** The one-time answer of an operator's limited session (functions/accounts/cognito-triggers/challenge.ts). */
  limitedChallenge: (userId: string, jti: string) => ({
    PK: `USER#${userId}`,
    SK: `LIMITED-CHALLENGE#${jti}`,
  }),
  listing: (listingId: string) => ({ PK: `LISTING#${listingId}`, SK: 'LISTING' }),
  listingByAuthor: (authorId: string, createdAt: string, listingId: string) => ({
    GSI1PK: `AUTHOR#${authorId}`,
    GSI1SK: `LISTING#${createdAt}#${listingId}`,
  }),
  publishedListing: (listingId: string, createdAt: string) => ({
    GSI2PK: publishedShardKey(shardOf(listingId)),
    GSI2SK: `${createdAt}#${listingId}`,
  }),
  /** Verification e-mails sent to a user on one UTC day (yyyy-mm-dd): the daily limit and the in-flight lease. */
  verificationEmails: (userId: string, day: string) =>
    keys.dailyCount(partitions.user(userId), 'VERIFY', day),
  /**
   * A daily limit's counter (functions/lib/daily-limits.ts): what one subject (a user's or an
   * address's partition) did for one purpose on one UTC day (yyyy-mm-dd). `VERIFY` is the
   * verification e-mails' item above, which e-mail changes count on too.
   */
  dailyCount: (subject: string, purpose: DailyLimitPurpose, day: string) => ({
    PK: subject,
    SK: `${purpose}#${day}`,
  }),
  /**
   * A buyer's open enquiry about a listing (`transactionId`): at most one, so a second "Contact"
   * answers it (functions/orders/enquiries.ts). Stale once that transaction left `enquiry`.
   */
  openEnquiry: (customerId: string, listingId: string) => ({
    PK: `USER#${customerId}`,
    SK: `OPEN-ENQUIRY#${listingId}`,
  }),
  /**
   * An account made unverified on that UTC day (yyyy-mm-dd), for the removal of accounts never
   * verified (functions/accounts/unverified-accounts.ts): one partition a day, read by day, no Scan.
   */
  unverifiedAccount: (day: string, userId: string) => ({ PK: `UNVERIFIED#${day}`, SK: `USER#${userId}` }),
  /** An operator's limited session as this user (audit record; the limit itself is the token's scope). */
  limitedSession: (userId: string, createdAt: string, sessionId: string) => ({
    PK: `USER#${userId}`,
    SK: `SESSION#${createdAt}#${sessionId}`,
  }),
  /**
   * The search index's sequence item (issue 23): `counter`, the number of listing changes recorded
   * (an atomic ADD), the latest snapshot (`snapshotKey`, `snapshotPosition`) and `deletedThrough`,
   * the highest sequence whose deltas are deleted. Search containers GetItem it once a second.
   */
  searchSequence: () => ({ PK: 'SEARCH', SK: 'SEQUENCE' }),
  /** One listing change for the search index, in the one delta partition by its sequence. */
  searchDelta: (sequence: number) => ({ PK: partitions.searchDeltas, SK: searchDeltaSortKey(sequence) }),
  /** A data migration that has run on this table (its name, when, and what it did). */
  migration: (name: string) => ({ PK: `MIGRATION#${name}`, SK: 'DONE' }),
  transaction: (transactionId: string) => ({ PK: `TX#${transactionId}`, SK: 'TX' }),
  /** Card provider (Stripe): the connected account's owner, for webhooks that name only the account. */
  stripeAccountOwner: (accountId: string) => ({ PK: `STRIPE-ACCOUNT#${accountId}`, SK: 'OWNER' }),
  /** A PayPal order made by create-paypal-order: its owner, transaction id and amount (paypal/orders.ts). */
  paypalOrder: (orderId: string) => ({ PK: `PAYPAL-ORDER#${orderId}`, SK: 'ORDER' }),
  /** A processed webhook event (idempotency by the provider's event id; a replay finds it and does nothing). */
  webhookEvent: (provider: string, eventId: string) => ({
    PK: `WEBHOOK#${provider}#${eventId}`,
    SK: 'EVENT',
  }),
  /** The simulated card provider's objects (accounts, tokens, customers, setup intents, payment methods, links) by id. */
  simulatedStripeObject: (objectId: string) => ({ PK: `SIMSTRIPE#${objectId}`, SK: 'OBJECT' }),
  /** The simulated card provider's idempotency keys → the id of the object first made with the key. */
  simulatedStripeIdempotency: (key: string) => ({ PK: `SIMSTRIPE-IDEMPOTENCY#${key}`, SK: 'KEY' }),
  /** Orders inbox (sparse GSI1 keys on the transaction item): a customer's orders, newest transition first. */
  customerOrder: (customerId: string, lastTransitionedAt: string, transactionId: string) => ({
    GSI1PK: `CUSTOMER#${customerId}`,
    GSI1SK: `TX#${lastTransitionedAt}#${transactionId}`,
  }),
  /** Sales inbox (sparse GSI2 keys on the transaction item): a provider's sales, newest transition first. */
  providerSale: (providerId: string, lastTransitionedAt: string, transactionId: string) => ({
    GSI2PK: `PROVIDER#${providerId}`,
    GSI2SK: `TX#${lastTransitionedAt}#${transactionId}`,
  }),
  /** Published reviews by their subject (sparse GSI1 keys, set when a review is published), newest first. */
  reviewBySubject: (
    subjectId: string,
    type: 'ofProvider' | 'ofCustomer',
    createdAt: string,
    txId: string,
  ) => ({
    GSI1PK: `REVIEWS#${subjectId}`,
    GSI1SK: `${type}#${createdAt}#${txId}`,
  }),
  /** A message of a transaction; `begins_with(SK, MSG#)` pages them by time. */
  message: (transactionId: string, createdAt: string, messageId: string) => ({
    PK: `TX#${transactionId}`,
    SK: `MSG#${createdAt}#${messageId}`,
  }),
  /** A finance event of a transaction in the transactional outbox (one per type and transaction). */
  txEvent: (transactionId: string, type: string) => ({ PK: `TX#${transactionId}`, SK: `EVENT#${type}` }),
  /**
   * A seller's `PayoutAccountUpdated` in the finance outbox (functions/orders/finance/payout-account.ts):
   * one per provider and moment the payout readiness flipped.
   */
  payoutAccountEvent: (userId: string, provider: string, at: string) => ({
    PK: partitions.payoutAccount(userId),
    SK: `EVENT#${at}#${provider}`,
  }),
  /** A review written by a review transition. */
  txReview: (transactionId: string, type: 'ofProvider' | 'ofCustomer') => ({
    PK: `TX#${transactionId}`,
    SK: `REVIEW#${type}`,
  }),
  /** A sale whose last transition leads to `purchased`: the provider's notification count. */
  saleAction: (providerId: string, transactionId: string) => ({
    PK: `USER#${providerId}`,
    SK: `ACTION#${transactionId}`,
  }),
  /**
   * A due deadline (a timer, the retry of an unfinished money operation, a reminder, a message
   * digest), swept by due time. A digest also names its recipient: one per conversation and recipient.
   */
  due: (transactionId: string, dueAt: string, kind: DueKind, recipientId?: string) => ({
    PK: dueShardKey(shardOf(transactionId, dueShardCount)),
    SK: `${dueAt}#${transactionId}#${kind}${recipientId ? `#${recipientId}` : ''}`,
  }),
  /**
   * An order e-mail sent (or being sent): written if not exists before sending, so a redelivered
   * stream record or a repeated sweep sends it at most once (functions/orders/notifications/send.ts).
   * `mailKey` is `<version or reminder>#<template>#<recipient>`.
   */
  notificationSent: (transactionId: string, mailKey: string) => ({
    PK: `TX#${transactionId}`,
    SK: `NOTIFIED#${mailKey}`,
  }),
  /** The message e-mails of a conversation to one recipient: the 15-minute window and what was mailed. */
  messageMailWindow: (transactionId: string, recipientId: string) => ({
    PK: `TX#${transactionId}`,
    SK: `MSGMAIL#${recipientId}`,
  }),
} as const;

/**
 * What a daily limit counts: verification e-mails and e-mail changes (per user), enquiries and
 * messages (per user), password resets and sign-ups (per address).
 */
export type DailyLimitPurpose = 'VERIFY' | 'ENQUIRY' | 'MESSAGE' | 'RESET' | 'SIGNUP';

/**
 * What a due item is for: the timer of the state, the retry of an unfinished refund/payout, an
 * e-mail reminder (functions/orders/notifications/reminders.ts), or the digest of the messages batched in
 * a message-mail window (functions/orders/notifications/message-mails.ts).
 */
export type DueKind = 'timer' | 'money' | 'reminder' | 'digest';

/** How many `DUE#n` partitions due items are spread over (the sweeper Queries each). */
export const dueShardCount = 4;

/** A delta's sort key: its sequence zero-padded to 16 digits (every safe integer), so text order is number order. */
export function searchDeltaSortKey(sequence: number): string {
  return String(sequence).padStart(16, '0');
}

export function dueShardKey(shard: number): string {
  return `DUE#${shard}`;
}

export function publishedShardKey(shard: number): string {
  return `PUBLISHED#${shard}`;
}

export function shardOf(id: string, count: number = publishedShardCount): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash % count;
}

/** PayPal: webhook receipts, the merchant → user index, and the simulated PayPal's own state. */
export const paypalKeys = {
  /** A received PayPal webhook event (written once, conditionally: replays change nothing). */
  webhookEvent: (eventId: string) => ({ PK: `PAYPALWEBHOOK#${eventId}`, SK: 'EVENT' }),
  /** Which user a PayPal merchant id belongs to (for webhooks that carry only the merchant id). */
  merchantUser: (merchantId: string) => ({ PK: `PAYPALMERCHANT#${merchantId}`, SK: 'USER' }),
  /** The simulated PayPal: a merchant (PayPal's side of a seller), by merchant id. */
  simulatedMerchant: (merchantId: string) => ({ PK: `SIMPAYPAL#MERCHANT#${merchantId}`, SK: 'MERCHANT' }),
  /** The simulated PayPal: the merchant onboarded with a tracking id. */
  simulatedTracking: (trackingId: string) => ({ PK: `SIMPAYPAL#TRACKING#${trackingId}`, SK: 'TRACKING' }),
  simulatedOrder: (orderId: string) => ({ PK: `SIMPAYPAL#ORDER#${orderId}`, SK: 'ORDER' }),
  simulatedPayout: (captureId: string) => ({ PK: `SIMPAYPAL#PAYOUT#${captureId}`, SK: 'PAYOUT' }),
} as const;
