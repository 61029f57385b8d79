import type { DisputeView } from '../../../shared/api/transactions';
import { OperatorError } from '../../lib/errors';
import { disputeViewOf } from '../dispute';
import { getTransaction } from '../repository';

/**
 * `npm run operator -- show-order <txId>` (issue 25): what the operator needs to decide a dispute,
 * read from the table: the order, its state and deadline, and the dispute's reason, details and
 * photos as presigned links (15 minutes). It only reads, so it runs where the operator is (locally
 * or with --aws and the operator's own credentials), not in the operator function.
 */
export interface OrderSummary {
  transactionId: string;
  state: string;
  listingTitle: string;
  customerId: string;
  providerId: string;
  createdAt: string;
  lastTransition: string;
  lastTransitionedAt: string;
  deadline?: { transition: string; dueAt: string };
  dispute?: DisputeView;
}

export async function showOrder(txId: string): Promise<OrderSummary> {
  const tx = await getTransaction(txId, true);
  if (!tx) throw new OperatorError(`No order ${txId}.`);
  const dispute = await disputeViewOf(tx);
  return {
    transactionId: tx.id,
    state: tx.state,
    listingTitle: tx.listingSnapshot.title,
    customerId: tx.customerId,
    providerId: tx.providerId,
    createdAt: tx.createdAt,
    lastTransition: tx.lastTransition,
    lastTransitionedAt: tx.lastTransitionedAt,
    ...(tx.deadline ? { deadline: { transition: tx.deadline.transition, dueAt: tx.deadline.dueAt } } : {}),
    ...(dispute ? { dispute } : {}),
  };
}

/** The summary as the operator reads it in the terminal. */
export function orderLines(order: OrderSummary): string[] {
  const lines = [
    `Order ${order.transactionId}: ${order.listingTitle}`,
    `  State: ${order.state}`,
    `  Buyer ${order.customerId}, seller ${order.providerId}`,
    `  Created ${order.createdAt}; last ${order.lastTransition} at ${order.lastTransitionedAt}`,
  ];
  if (order.deadline) lines.push(`  Next: ${order.deadline.transition} at ${order.deadline.dueAt}`);
  const { dispute } = order;
  if (!dispute) return [...lines, '  No dispute.'];
  lines.push(
    `  Dispute reason: ${dispute.reasonLabel} (${dispute.reason})`,
    `  Details: ${dispute.details || '(none)'}`,
    dispute.photos.length ? `  Photos (links work until ${dispute.linksExpireAt}):` : '  Photos: none',
    ...dispute.photos.map((photo, index) => `    ${index + 1}. ${photo.url}`),
  );
  if (order.state === 'disputed') {
    lines.push(
      '  Decide with: cancel-from-disputed <txId> (refund) or mark-received-from-disputed <txId> (pay the seller)',
    );
  }
  return lines;
}
