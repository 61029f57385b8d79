/** The message thread: whether sending is allowed, who sent what, and the order of the pages. */
import type { MessageView, TransactionShow } from '../../../../../shared/api/transactions';
import type { PublicUser } from '../../../../../shared/api/types';
import { messages } from '../../../../../shared/errors/catalogue';
import type { Role } from '../../../../../shared/process/graph';
import { userDisplayName } from '../../../lib/users';
import { otherPartyOf } from './viewer';

/** Sending is not possible once the other party was removed (§6), with the spec's explanation. */
export function messagingDisabledReason(
  show: Pick<TransactionShow, 'customer' | 'provider'>,
  role: Role,
): string | undefined {
  const other = otherPartyOf(show, role);
  return other.banned || other.deleted ? messages.sendingMessageNotAllowed : undefined;
}

export function senderLabel(
  message: Pick<MessageView, 'senderId'>,
  userId: string | undefined,
  other: PublicUser,
) {
  return message.senderId === userId ? 'You' : userDisplayName(other);
}

/**
 * Pages arrive newest first (page 1 = the latest 100). The thread shows them oldest at the top:
 * later pages (older messages) go above, and a message sent here goes at the bottom. Duplicates (a
 * page boundary that moved because of a new message) are dropped.
 */
export function threadOrder(
  pages: readonly (readonly MessageView[])[],
  sent: readonly MessageView[] = [],
): MessageView[] {
  const seen = new Set<string>();
  const result: MessageView[] = [];
  const push = (message: MessageView) => {
    if (seen.has(message.id)) return;
    seen.add(message.id);
    result.push(message);
  };
  for (let p = pages.length - 1; p >= 0; p--) {
    const page = pages[p] ?? [];
    for (let i = page.length - 1; i >= 0; i--) push(page[i]!);
  }
  for (const message of sent) push(message);
  return result;
}
