import { getUser } from '../../functions/accounts/repository';
import { tableName } from '../../functions/lib/aws';
import { queryAll } from '../../functions/lib/paging';
import { partitions } from '../../functions/lib/table-design';
import { findUser, type OperatorContext, OperatorError } from '../operator/operations';
import {
  type CommissionReport,
  commissionReport,
  type LedgerItem,
  type PayoutReport,
  payoutReport,
} from './report';

/**
 * The finance report's reads, the same locally and in AWS (the target sets TABLE_NAME and the
 * endpoints): one Query of the month's ledger partition, and for a seller named by e-mail one
 * Cognito AdminGetUser (as the operator finds a user), for one named by id one GetItem of the
 * profile. Nothing is written.
 */

/** Every ledger item of a month (`LEDGER#<yyyy-mm>`), strongly consistent, all pages. */
export async function ledgerItems(month: string): Promise<LedgerItem[]> {
  return queryAll<LedgerItem>({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partitions.ledger(month) },
    ProjectionExpression: 'SK, detailType, dedupeId, eventId, detail',
    ConsistentRead: true,
  });
}

/**
 * The seller a report is for: an e-mail address is looked up in the user pool (an unknown one is
 * an OperatorError with a clear message), anything else is taken as a user id and must have a
 * profile in the table (deleted users keep theirs, so their past payouts stay reportable).
 */
export async function resolveSeller(
  context: Pick<OperatorContext, 'cognito' | 'userPoolId'>,
  seller: string,
): Promise<{ id: string; email?: string }> {
  if (seller.includes('@')) {
    const user = await findUser(context, seller);
    return { id: user.id, email: user.email };
  }
  const profile = await getUser(seller);
  if (!profile) throw new OperatorError(`No user with the id ${seller}.`);
  return { id: seller, ...(profile.email ? { email: profile.email } : {}) };
}

export async function sellerPayouts(
  context: Pick<OperatorContext, 'cognito' | 'userPoolId'>,
  seller: string,
  month: string,
): Promise<PayoutReport> {
  const who = await resolveSeller(context, seller);
  return payoutReport(await ledgerItems(month), who, month);
}

export async function monthCommission(month: string): Promise<CommissionReport> {
  return commissionReport(await ledgerItems(month), month);
}
