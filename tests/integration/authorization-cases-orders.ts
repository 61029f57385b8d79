import { randomUUID } from 'node:crypto';
import { keys } from '../../functions/lib/table-design';
import { type ApiRouteName, apiPath } from '../../shared/api/routes';
import { type Case, listingKey, notFound, onOwner, self, testCard, txKey } from './authorization-case-kit';
import type { Call } from './authorization-matrix';
import { ownerListing, ownerPaymentIntent, ownerPaypalOrder, type World } from './authorization-world';
import { paidCardOrder, pickupOne } from './order-fixtures';

/** The authorization matrix's cases of the order routes (authorization-cases.ts). */
export const orderCases = {
  lineItems: {
    auth: 'user',
    why: 'self: a price for the caller, nothing written',
    other: self(200),
    owner: 200,
    prepare: async (w) =>
      onOwner(
        w,
        {
          method: 'POST',
          path: '/api/transaction-line-items',
          body: { listingId: w.sellerListingId, orderData: pickupOne },
        },
        [listingKey(w.sellerListingId)],
      ),
  },
  initiatePrivileged: {
    auth: 'user',
    why: 'self: the order is the caller’s (speculative here: a quote, nothing written)',
    other: self(200),
    owner: 200,
    prepare: async (w) =>
      onOwner(
        w,
        {
          method: 'POST',
          path: '/api/initiate-privileged',
          body: {
            isSpeculative: true,
            checkoutKey: randomUUID(),
            bodyParams: {
              processAlias: 'release-2',
              transition: 'request-payment',
              params: { listingId: w.sellerListingId, ...pickupOne, paymentMethod: 'card' },
            },
          },
        },
        [listingKey(w.sellerListingId)],
      ),
  },
  transitionPrivileged: orderCase('POST', 'transitionPrivileged', 200, (w) => ({
    path: '/api/transition-privileged',
    body: { transactionId: w.purchaseId, transition: 'mark-received', isSpeculative: true },
  })),
  disbursePaypalFunds: {
    auth: 'user',
    why: 'only the order’s customer: a stranger 404 (a party who is not the customer 403)',
    other: notFound,
    owner: 200,
    prepare: async (w) => ({
      call: {
        method: 'POST',
        path: '/api/disburse-paypal-funds',
        body: {
          paypalTransactionId: w.paypalPurchase.captureId,
          sharetribeTransactionId: w.paypalPurchase.id,
        },
      },
      watch: [txKey(w.paypalPurchase.id)],
    }),
  },
  enquire: {
    auth: 'user',
    why: 'self: the enquiry is the caller’s',
    other: self(201),
    owner: 201,
    prepare: async (w) =>
      onOwner(
        w,
        {
          method: 'POST',
          path: '/api/transactions',
          body: { transition: 'enquire', params: { listingId: w.sellerListingId } },
        },
        [listingKey(w.sellerListingId)],
      ),
  },
  transactions: {
    auth: 'user',
    why: 'self: the caller’s own orders',
    other: self(200),
    owner: 200,
    prepare: async (w) =>
      onOwner(w, { method: 'GET', path: '/api/transactions?only=order' }, [txKey(w.purchaseId)]),
  },
  transaction: orderCase('GET', 'transaction', 200, (w) => ({
    path: apiPath('transaction', { id: w.purchaseId }),
  })),
  transition: {
    auth: 'user',
    why: 'parties only: anyone else 404',
    other: notFound,
    owner: 200,
    prepare: async (w) => {
      // A sale of the owner's (the seller buys one of their listings), which the owner marks delivered.
      const listing = await ownerListing(w);
      const sale = await paidCardOrder(w.seller, listing.id);
      return {
        call: {
          method: 'POST',
          path: apiPath('transition', { id: sale.id }),
          body: { transition: 'mark-delivered' },
        },
        watch: [txKey(sale.id), listingKey(listing.id)],
      };
    },
  },
  transitionsOf: orderCase('GET', 'transitionsOf', 200, (w) => ({
    path: apiPath('transitionsOf', { id: w.purchaseId }),
  })),
  messages: orderCase('GET', 'messages', 200, (w) => ({ path: apiPath('messages', { id: w.purchaseId }) })),
  sendMessage: orderCase('POST', 'sendMessage', 201, (w) => ({
    path: apiPath('sendMessage', { id: w.purchaseId }),
    body: { content: 'Is the bike still in one piece?' },
  })),
  notifications: {
    auth: 'user',
    why: 'self: the caller’s own notifications',
    other: self(200),
    owner: 200,
    prepare: async (w) => onOwner(w, { method: 'GET', path: '/api/me/notifications' }),
  },
  createPaypalOrder: {
    auth: 'user',
    why: 'self: the PayPal order is made for the caller',
    other: self(201),
    owner: 201,
    prepare: async (w) =>
      onOwner(w, {
        method: 'POST',
        path: '/api/create-paypal-order',
        body: { listingId: w.sellerListingId, checkoutKey: randomUUID(), orderData: pickupOne },
      }),
  },
  paypalOrder: paypalOrderCase('paypalOrder', 200, (orderId) => ({
    path: '/api/get-paypal-order',
    body: { orderId },
  })),
  simulatedStripeConfirmPaymentIntent: {
    auth: 'user',
    why: 'only the buyer the PaymentIntent was made for: anyone else 404',
    other: notFound,
    owner: 200,
    prepare: async (w) => {
      const id = await ownerPaymentIntent(w);
      return {
        call: {
          method: 'POST',
          path: apiPath('simulatedStripeConfirmPaymentIntent', { id }),
          body: testCard,
        },
        watch: [keys.simulatedStripeObject(id)],
      };
    },
  },
  simulatedPaypalApproveOrder: paypalOrderCase('simulatedPaypalApproveOrder', 200, (id) => ({
    path: apiPath('simulatedPaypalApproveOrder', { id }),
    body: { action: 'approve' },
  })),
  createDisputePhotoUpload: orderCase('POST', 'createDisputePhotoUpload', 201, (w) => ({
    path: apiPath('createDisputePhotoUpload', { id: w.purchaseId }),
    body: { contentType: 'image/png', size: 100 },
  })),
} satisfies Partial<Record<ApiRouteName, Case>>;

/** A route on the owner's card purchase (parties only: anyone else 404). */
function orderCase(
  method: Call['method'],
  _name: ApiRouteName,
  owner: number,
  call: (world: World) => { path: string; body?: unknown },
): Case {
  return {
    auth: 'user',
    why: 'parties only: anyone else 404 (the order’s existence is private)',
    other: notFound,
    owner,
    prepare: async (w) => ({ call: { method, ...call(w) }, watch: [txKey(w.purchaseId)] }),
  };
}

/** A route on a PayPal order the owner created (only its buyer: anyone else 404). */
function paypalOrderCase(
  _name: ApiRouteName,
  owner: number,
  call: (orderId: string) => { path: string; body?: unknown },
): Case {
  return {
    auth: 'user',
    why: 'only the PayPal order’s buyer: anyone else 404',
    other: notFound,
    owner,
    prepare: async (w) => {
      const orderId = await ownerPaypalOrder(w);
      return { call: { method: 'POST', ...call(orderId) }, watch: [keys.paypalOrder(orderId)] };
    },
  };
}
