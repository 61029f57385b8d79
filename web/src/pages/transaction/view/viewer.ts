/** Who is looking at the order page: the viewer's party, the other party, the page's words per role. */
import type { TransactionShow, TransactionView } from '../../../../../shared/api/transactions';
import type { PublicUser } from '../../../../../shared/api/types';
import { messages } from '../../../../../shared/errors/catalogue';
import type { Role } from '../../../../../shared/process/graph';

/** Whether the signed-in user is the party of the route's role (a customer opening /sale/… is not). */
export function viewerHasRole(
  tx: Pick<TransactionView, 'customerId' | 'providerId'>,
  role: Role,
  userId: string | undefined,
) {
  if (!userId) return false;
  return role === 'customer' ? tx.customerId === userId : tx.providerId === userId;
}

/** The other party, seen from `role`. */
export function otherPartyOf(show: Pick<TransactionShow, 'customer' | 'provider'>, role: Role): PublicUser {
  return role === 'customer' ? show.provider : show.customer;
}

/** §8: "fetching order data failed" / "fetching sale data failed". */
export function fetchFailedMessage(role: Role): string {
  return role === 'customer' ? messages.fetchOrderFailed : messages.fetchSaleFailed;
}

export function pageHeading(role: Role): string {
  return role === 'customer' ? 'Order' : 'Sale';
}
