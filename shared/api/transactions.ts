/**
 * Transactions (orders, spec §3 transaction, message, pagination): the API's JSON shapes, produced by
 * the transaction routes and read by the web app. JSON, not Transit. The stored record is
 * `functions/orders/record.ts`; payment ids and the workflow's bookkeeping never leave the server.
 */
import type { CarrierId } from '../config/carriers';
import type { DisputeReasonId } from '../config/disputes';
import type { DeliveryMethod } from '../config/listing-fields';
import type { LineItem } from '../line-items';
import type { Money } from '../money';
import type { Actor, ProcessState, Role, TransitionName } from '../process/graph';
import type { ShippingAddressValues } from '../validation/addresses';
import type { ListingImage, Page, PublicUser } from './types';

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

/**
 * Where a pickup order is collected: the listing's pickup address, building and exact
 * point, copied onto the order when it is made. The buyer sees it only once they have paid.
 */
export interface PickupLocation {
  address: string;
  building?: string;
  city?: string;
  region?: string;
  country?: string;
  geolocation: { lat: number; lng: number };
}

/**
 * The protected data of an order as a party sees it (§3). Payment ids stay on the server. The buyer's
 * shipping address is shown to the seller from the purchase on (not while the payment is pending);
 * the pickup place to the buyer from the purchase on, until the order is canceled.
 */
export interface TransactionProtectedDataView {
  paypalOrderId?: string;
  paypalTransactionId?: string;
  paypalDisbursementId?: string;
  /** The dispute's reason id (shared/config/disputes.ts), and the buyer's words with it. */
  disputeReason?: string;
  disputeDetails?: string;
  /** The carrier (`shared/config/carriers.ts` id) and tracking number given with mark shipped. */
  carrier?: CarrierId;
  trackingNumber?: string;
  shippingDetails?: ShippingAddressValues;
  pickupLocation?: PickupLocation;
}

/** A refund of the order's payment, as recorded with its RefundIssued event. */
export interface RefundView {
  /** What went back to the buyer: the captured amount. */
  amount: Money;
  refundedAt: string;
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
  /** Purchased orders: until when the customer may cancel (the 3-hour window, scaled like the timers). */
  customerCancelUntil?: string;
  /** Set once the payment went back to the buyer (the line items then carry the reversals). */
  refund?: RefundView;
  /** A dispute, once reported: the reason, the details and the photos as links of 15 minutes. */
  dispute?: DisputeView;
}

/** A dispute as its parties see it (issue 25). */
export interface DisputeView {
  reason: DisputeReasonId;
  reasonLabel: string;
  details: string;
  /** Presigned links to the private photos, in the buyer's order. */
  photos: { id: string; url: string }[];
  /** When the photo links stop working (the page reloads the order to get new ones). */
  linksExpireAt: string;
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
  /** Pending until both sides reviewed or the review window closed; only its author sees it then. */
  state: 'pending' | 'public';
}

/** A published review with its author (`GET /api/users/{id}/reviews`: the profile and listing pages). */
export interface PublicReview extends ReviewView {
  author: PublicUser;
  /** The item the review was for, as the order recorded it (issue 24); absent if it cannot be read. */
  listing?: ReviewedListing;
}

/** A listing a review was for: its id and the title the order recorded. */
export interface ReviewedListing {
  id: string;
  title: string;
}

/** `GET /api/users/{id}/reviews?type=ofProvider|ofCustomer` → `{ data: PublicReview[], meta }`. */
export interface UserReviewsMeta {
  totalItems: number;
  /** Mean rating of the reviews answered, 1 decimal; undefined when there are none. */
  averageRating?: number;
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
  /** How the order reaches the buyer (the status label depends on it); none for an enquiry. */
  deliveryMethod?: DeliveryMethod;
  /** The state's running timer (the "Ship by <date>" badge). */
  deadline?: { transition: TransitionName; dueAt: string };
  refund?: RefundView;
}

/** A message of a transaction (§3 message). */
export interface MessageView {
  id: string;
  transactionId: string;
  createdAt: string;
  content: string;
  senderId: string;
}

/** A page of transactions or messages (§3 pagination), the same shape as every paged answer. */
export type TransactionPage<T> = Page<T>;

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

// ---- Requests and answers of the transaction routes (docs/design/orders.md, "API routes"). Every
// answer is wrapped as `{ data: … }`, as the other routes; errors are `{ error: { code, message,
// meta? } }`.

/** `orderData` as the client sends it: the quantity travels as `stockReservationQuantity` (spec §7). */
export interface OrderDataRequest {
  deliveryMethod?: DeliveryMethod;
  stockReservationQuantity?: number;
  shippingDetails?: ShippingAddressValues;
}

/** `POST /api/transaction-line-items` body → `{ data: LineItemsAnswer }`. */
export interface LineItemsRequest {
  listingId: string;
  orderData: OrderDataRequest;
  /** The provider whose charge bounds apply; without it, any provider that can take the total. */
  paymentMethod?: PaymentMethodKind;
}

/** The server's price of an order (line items only ever computed by the domain core on the server). */
export interface LineItemsAnswer {
  lineItems: LineItem[];
  payinTotal: Money;
  payoutTotal: Money;
}

/** The params of request-payment (initiate-privileged) and request-payment-after-enquiry. */
export interface OrderParams extends OrderDataRequest {
  listingId: string;
  paymentMethod: PaymentMethodKind;
  /** Card: a saved card (pm_…) to charge; without it the browser confirms a new card. */
  stripePaymentMethodId?: string;
  /** Card: keep the new card as the buyer's default payment method (setup_future_usage off_session). */
  setupFutureUsage?: boolean;
  /** PayPal: the approved PayPal order made by `/api/create-paypal-order`. */
  protectedData?: { paypalOrderId?: string };
}

/** `POST /api/initiate-privileged` body → 201 `{ data: InitiateAnswer }` (speculative: 200, nothing written). */
export interface InitiateRequest {
  isSpeculative?: boolean;
  /** Made once by the checkout page (UUID); a retried initiate with it returns the same order. */
  checkoutKey: string;
  bodyParams: {
    processAlias?: string;
    transition: 'request-payment';
    params: OrderParams;
  };
}

/** What a speculative initiate or transition answers: the price, nothing stored. */
export interface SpeculativeTransaction extends LineItemsAnswer {
  speculative: true;
  orderData: OrderData;
}

export interface InitiateAnswer {
  transaction: TransactionView | SpeculativeTransaction;
  /** Card payments: the PaymentIntent's client secret for `confirmCardPayment` (or the simulated confirm). */
  stripePaymentIntentClientSecret?: string;
  /** Card payments: the PaymentIntent id (the simulated confirm route takes it). */
  stripePaymentIntentId?: string;
}

/** `POST /api/transactions` body (non-privileged initiate: `enquire`) → 201 `{ data: TransactionView }`. */
export interface EnquireRequest {
  transition: 'enquire';
  params: { listingId: string };
  /** Optional idempotency key (UUID); default a new one. */
  checkoutKey?: string;
}

/** `POST /api/transition-privileged` body → `{ data: InitiateAnswer }` (speculative: the price only). */
export interface TransitionPrivilegedRequest {
  transactionId: string;
  transition: TransitionName;
  isSpeculative?: boolean;
  /** The version the client saw (refused as an invalid transition when the order moved on). */
  expectedVersion?: number;
  params?: Partial<Omit<OrderParams, 'listingId'>> & {
    paypalTransactionId?: string;
    paypalDisbursementId?: string;
  };
}

/** `POST /api/transactions/{id}/transition` body (non-privileged transitions) → `{ data: TransactionView }`. */
export interface TransitionRequest {
  transition: TransitionName;
  expectedVersion?: number;
  params?: {
    protectedData?: {
      /** dispute: a reason id, the details, and the upload ids of up to six photos. */
      disputeReason?: string;
      disputeDetails?: string;
      disputePhotos?: string[];
      carrier?: CarrierId;
      trackingNumber?: string;
    };
    reviewRating?: number;
    reviewContent?: string;
  };
}

/** `POST /api/disburse-paypal-funds` body (spec §7 names) → `{ data: { paypalDisbursementId } }`. */
export interface DisbursePaypalFundsRequest {
  paypalTransactionId: string;
  sharetribeTransactionId: string;
}

/** `POST /api/create-paypal-order` body → `{ data: PaypalOrderView }`. Amounts are recomputed on the server. */
export interface CreatePaypalOrderRequest {
  listingId: string;
  orderData: OrderDataRequest;
  checkoutKey: string;
  /** Optional client amounts (spec §7 names, major units as strings); any that differ → 400. */
  subtotal?: string;
  item_total?: string;
  shipping?: string;
  tax?: string;
  platform_fee?: string;
  currency?: string;
  payee?: string;
}

/** A PayPal order as the checkout sees it (`create-paypal-order`, `get-paypal-order`). */
export interface PaypalOrderView {
  id: string;
  /** PayPal's status: CREATED, APPROVED, COMPLETED, VOIDED… */
  status: string;
  amount?: Money;
  /** Where the buyer approves it: PayPal's approve link, or the simulated PayPal page. */
  approveUrl?: string;
}

/** `POST /api/get-paypal-order` body → `{ data: PaypalOrderView }`. */
export interface GetPaypalOrderRequest {
  orderId: string;
}

/** `POST /api/transactions/{id}/messages` body → 201 `{ data: MessageView }`. */
export interface SendMessageRequest {
  content: string;
}
