import { route } from '../../../shared/api/routes';
import type {
  AllowedTransitionView,
  CreatePaypalOrderRequest,
  EnquireRequest,
  InitiateAnswer,
  InitiateRequest,
  LineItemsAnswer,
  LineItemsRequest,
  MessageView,
  NotificationsView,
  PaypalOrderView,
  TransactionPage,
  TransactionRow,
  TransactionShow,
  TransactionView,
  TransitionPrivilegedRequest,
  TransitionRequest,
} from '../../../shared/api/transactions';
import { callApi, callApiData, type RequestOptions } from './client';

/**
 * Orders (functions/orders, docs/design/orders.md, "API routes"): checkout, the order and sale
 * pages, the inbox and the top bar's notification count. JSON in and out; every answer is `{ data
 * }` (pages: `{ data, meta }`).
 */

/** The server's price of an order (`POST /api/transaction-line-items`). */
export function fetchLineItems(body: LineItemsRequest, options?: RequestOptions): Promise<LineItemsAnswer> {
  return callApiData(route('lineItems'), { ...options, body });
}

/** request-payment (speculative: the price only). Card answers carry the PaymentIntent's client secret. */
export function initiateOrder(body: InitiateRequest, options?: RequestOptions): Promise<InitiateAnswer> {
  return callApiData(route('initiatePrivileged'), { ...options, body });
}

/** enquire (`POST /api/transactions`): a new enquiry about someone else's listing (own listing: 403). */
export function enquire(body: EnquireRequest, options?: RequestOptions): Promise<TransactionView> {
  return callApiData(route('enquire'), { ...options, body });
}

/** A privileged transition: confirm-payment, cancel, mark-received(-from-purchased), request-payment-after-enquiry. */
export function transitionPrivileged(
  body: TransitionPrivilegedRequest,
  options?: RequestOptions,
): Promise<InitiateAnswer> {
  return callApiData(route('transitionPrivileged'), { ...options, body });
}

/** A non-privileged transition (mark-delivered, dispute, reviews…). */
export function transition(
  transactionId: string,
  body: TransitionRequest,
  options?: RequestOptions,
): Promise<TransactionView> {
  return callApiData(route('transition', { id: transactionId }), { ...options, body });
}

/** A presigned POST for one photo of a dispute (the buyer of a delivered order only). */
export function createDisputePhotoUpload(
  transactionId: string,
  body: { contentType: string; size: number },
  options?: RequestOptions,
): Promise<{ uploadId: string; url: string; fields: Record<string, string> }> {
  return callApiData(route('createDisputePhotoUpload', { id: transactionId }), { ...options, body });
}

/** One transaction with both parties and its reviews; 404 for anyone but its parties. */
export function getTransaction(id: string, options?: RequestOptions): Promise<TransactionShow> {
  return callApiData(route('transaction', { id }), options);
}

/** The caller's orders or sales, newest first, 10 a page. */
export function getTransactions(
  only: 'order' | 'sale',
  page = 1,
  options?: RequestOptions & { perPage?: number },
): Promise<TransactionPage<TransactionRow>> {
  const query = new URLSearchParams({ only });
  if (page > 1) query.set('page', String(page));
  if (options?.perPage) query.set('perPage', String(options.perPage));
  return callApi(route('transactions'), { ...options, query: `?${query}` });
}

/** The transitions the caller may take now (spec processTransitions). */
export function getAllowedTransitions(
  id: string,
  options?: RequestOptions,
): Promise<AllowedTransitionView[]> {
  return callApiData(route('transitionsOf', { id }), options);
}

/** The order's messages, newest first, 100 a page. */
export function getMessages(
  id: string,
  page = 1,
  options?: RequestOptions,
): Promise<TransactionPage<MessageView>> {
  return callApi(route('messages', { id }), { ...options, query: page > 1 ? `?page=${page}` : '' });
}

export function sendMessage(id: string, content: string, options?: RequestOptions): Promise<MessageView> {
  return callApiData(route('sendMessage', { id }), { ...options, body: { content } });
}

/** Sales that need the seller's action (the top bar's dot, the mobile menu's count). */
export function getNotifications(options?: RequestOptions): Promise<NotificationsView> {
  return callApiData(route('notifications'), options);
}

export function createPaypalOrder(
  body: CreatePaypalOrderRequest,
  options?: RequestOptions,
): Promise<PaypalOrderView> {
  return callApiData(route('createPaypalOrder'), { ...options, body });
}

export function getPaypalOrder(orderId: string, options?: RequestOptions): Promise<PaypalOrderView> {
  return callApiData(route('paypalOrder'), { ...options, body: { orderId } });
}

/** The customer pays the seller out of a PayPal capture before marking the order received. */
export function disbursePaypalFunds(
  body: { paypalTransactionId: string; sharetribeTransactionId: string },
  options?: RequestOptions,
): Promise<{ paypalDisbursementId: string }> {
  return callApiData(route('disbursePaypalFunds'), { ...options, body });
}
