/**
 * Transactions (orders, spec §3 transaction, message, pagination): the API's JSON shapes, produced by
 * the transaction routes and read by the web app. JSON, not Transit. The stored record is
 * `functions/transactions/record.ts`; payment ids and the workflow's bookkeeping never leave the server.
 */
import type { DeliveryMethod } from '../config/listing-fields';
import type { LineItem } from '../line-items';
import type { Money } from '../money';
import type { Actor, ProcessState, Role, TransitionName } from '../process/graph';
import type { ShippingAddressValues } from '../validation/addresses';
import type { ListingImage, Pagination, PublicUser } from './types';

export type PaymentMethodKind = 'card' | 'paypal';

/** The order data (§3): quantity is sent as `stockReservationQuantity` and stored as `quantity`. */
export interface OrderData {
  deliveryMethod?: DeliveryMethod;
  quantity?: number;
  shippingDetails?: ShippingAddressValues;
}

/** The listing as it was when the order was made (title, slug, first image). */
export interface ListingSnapshot {
  title: string;
  slug: string;
  image?: ListingImage;
}

/** One entry of the transitions log (§3 transitions: createdAt, by, transition). */
export interface TransactionTransitionView {
  transition: TransitionName;
  by: Actor;
  createdAt: string;
}

/** The protected data both parties see (§3). Payment ids stay on the server. */
export interface TransactionProtectedDataView {
  paypalOrderId?: string;
  paypalTransactionId?: string;
  paypalDisbursementId?: string;
  disputeReason?: string;
  trackingNumber?: string;
  shippingDetails?: ShippingAddressValues;
}

/** A transaction as the API shows it to a party (`GET /api/transactions/{id}` → `transaction`). */
export interface TransactionView {
  id: string;
  processAlias: string;
  state: ProcessState;
  /** Bumped by every transition; a client may send it back as the version it saw. */
  version: number;
  createdAt: string;
  lastTransition: TransitionName;
  lastTransitionedAt: string;
  listingId: string;
  customerId: string;
  providerId: string;
  listing: ListingSnapshot;
  orderData: OrderData;
  /** All lines; the web app shows `lineItemsFor(role)`. */
  lineItems: LineItem[];
  payinTotal: Money;
  payoutTotal: Money;
  paymentMethod?: PaymentMethodKind;
  transitions: TransactionTransitionView[];
  protectedData: TransactionProtectedDataView;
  /** When each state was first entered (windows and timers of shared/process). */
  entered: Partial<Record<ProcessState, string>>;
  /** The state's running timer, if any: the system takes `transition` at `dueAt`. */
  deadline?: { transition: TransitionName; dueAt: string };
}

/** `GET /api/transactions/{id}` answer. */
export interface TransactionShow {
  transaction: TransactionView;
  customer: PublicUser;
  provider: PublicUser;
  reviews: ReviewView[];
}

export interface ReviewView {
  id: string;
  type: 'ofProvider' | 'ofCustomer';
  rating: number;
  content: string;
  createdAt: string;
  authorId: string;
  subjectId: string;
  state: 'public';
}

/** One row of the inbox (`GET /api/transactions?only=order|sale`). */
export interface TransactionRow {
  id: string;
  state: ProcessState;
  lastTransition: TransitionName;
  lastTransitionedAt: string;
  listing: ListingSnapshot & { id: string };
  /** The other party, seen from the caller's role. */
  otherParty: PublicUser;
  role: Role;
  payinTotal: Money;
  payoutTotal: Money;
}

/** A message of a transaction (§3 message). */
export interface MessageView {
  id: string;
  transactionId: string;
  createdAt: string;
  content: string;
  senderId: string;
}

/** A page of transactions or messages (§3 pagination). */
export interface TransactionPage<T> {
  data: T[];
  pagination: Pagination;
}

/** `GET /api/transactions/{id}/transitions`: what the caller may do now. */
export interface AllowedTransitionView {
  name: TransitionName;
  label?: string;
}

/** `GET /api/me/notifications`. */
export interface NotificationsView {
  /** Sales whose last transition leads to `purchased`, counted up to 100. */
  saleNotificationCount: number;
}
