import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { limits } from '../../shared/config/constants';
import { dynamo, tableName } from '../lib/aws';
import { type DailyLimit, dailyCountUpdate, refusedByCount, userSubject } from '../lib/daily-limits';
import { keys } from '../lib/table-design';
import { cancellationCodes } from '../lib/writes';
import { transactionIdFor } from './record';
import { type CreatedTransaction, createTransaction, getTransaction, type TransactItem } from './repository';

/**
 * Enquiries (issue 25: no one can make us mail others without limit). A buyer has at most one open
 * enquiry per listing: an item `USER#<buyer> / OPEN-ENQUIRY#<listing>` names it, and a second "Contact"
 * answers that enquiry (200, `created: false`) instead of starting one, so the seller hears again in
 * the same conversation. The item is written with the enquiry in ONE TransactWrite, with the buyer's
 * daily count (10 a day; 429 too-many-requests), so two racing Contacts make one enquiry and an
 * enquiry is never counted without being made. The item goes stale when its enquiry becomes an order
 * (it leaves `enquiry`); the next Contact replaces it, on the condition that it still names that one.
 */
export function enquiryLimit(customerId: string): DailyLimit {
  return { subject: userSubject(customerId), purpose: 'ENQUIRY', max: limits.maxEnquiriesPerDay };
}

export async function openEnquiry(input: {
  customerId: string;
  listingId: string;
  checkoutKey: string;
  now?: Date;
}): Promise<CreatedTransaction> {
  const now = input.now ?? new Date();
  // A retry with the same key answers what the first try made, as for every initiate.
  const retried = await getTransaction(transactionIdFor(input.customerId, input.checkoutKey));
  if (retried) return createTransaction({ ...input, transition: 'enquire' });

  for (let attempt = 0; ; attempt++) {
    const open = await currentEnquiry(input.customerId, input.listingId);
    if (open.transaction) return { transaction: open.transaction, created: false };
    const limit = enquiryLimit(input.customerId);
    try {
      return await createTransaction({
        transition: 'enquire',
        customerId: input.customerId,
        listingId: input.listingId,
        checkoutKey: input.checkoutKey,
        now,
        // The last two items of the write, whatever comes before them.
        extraItems: [openEnquiryPut(input, open.staleId), dailyCountUpdate(limit, now)],
      });
    } catch (error) {
      const refused = refusedByCount(error, -1, limit);
      if (refused) throw refused;
      const codes = cancellationCodes(error);
      // Another Contact made (or replaced) the open enquiry first: answer that one.
      if (codes?.at(-2) === 'ConditionalCheckFailed' && attempt < 2) continue;
      throw error;
    }
  }
}

/** The buyer's open enquiry about the listing, or the id of one that has become an order since. */
async function currentEnquiry(
  customerId: string,
  listingId: string,
): Promise<{ transaction?: CreatedTransaction['transaction']; staleId?: string }> {
  const item = (
    await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.openEnquiry(customerId, listingId),
        ConsistentRead: true,
      }),
    )
  ).Item as { transactionId: string } | undefined;
  if (!item) return {};
  const transaction = await getTransaction(item.transactionId);
  return transaction?.state === 'enquiry' ? { transaction } : { staleId: item.transactionId };
}

function openEnquiryPut(
  input: { customerId: string; listingId: string; checkoutKey: string },
  staleId: string | undefined,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.openEnquiry(input.customerId, input.listingId),
        entity: 'openEnquiry',
        transactionId: transactionIdFor(input.customerId, input.checkoutKey),
        listingId: input.listingId,
      },
      ...(staleId
        ? {
            ConditionExpression: 'attribute_not_exists(PK) OR transactionId = :stale',
            ExpressionAttributeValues: { ':stale': staleId },
          }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}
