/** Test data for the order/sale page tests: one shipped order of two bikes with every line kind. */
import type { TransactionShow, TransactionView } from '../../../../shared/api/transactions';
import type { LineItem } from '../../../../shared/line-items';

const usd = (amount: number) => ({ amount, currency: 'USD' });

export const fixtureLineItems: LineItem[] = [
  {
    code: 'line-item/units',
    includeFor: ['customer', 'provider'],
    unitPrice: usd(50000),
    quantity: 2,
    lineTotal: usd(100000),
    reversal: false,
  },
  {
    code: 'line-item/shipping-fee',
    includeFor: ['customer', 'provider'],
    unitPrice: usd(2500),
    quantity: 1,
    lineTotal: usd(2500),
    reversal: false,
  },
  {
    code: 'line-item/provider-commission',
    includeFor: ['provider'],
    unitPrice: usd(100000),
    percentage: -10,
    lineTotal: usd(-10000),
    reversal: false,
  },
  {
    code: 'line-item/customer-commission',
    includeFor: ['customer'],
    unitPrice: usd(100000),
    percentage: 5,
    lineTotal: usd(5000),
    reversal: false,
  },
];

export const PURCHASED_AT = '2026-11-20T10:00:00.000Z';
export const DELIVERED_AT = '2026-11-21T10:00:00.000Z';

export function fixtureTransaction(overrides: Partial<TransactionView> = {}): TransactionView {
  return {
    id: 'tx-1',
    processAlias: 'release-2',
    state: 'purchased',
    version: 3,
    createdAt: '2026-11-20T09:58:00.000Z',
    lastTransition: 'confirm-payment',
    lastTransitionedAt: PURCHASED_AT,
    listingId: 'listing-1',
    customerId: 'buyer-1',
    providerId: 'seller-1',
    listing: { title: 'Steel gravel bike', slug: 'steel-gravel-bike' },
    orderData: { deliveryMethod: 'shipping', quantity: 2 },
    lineItems: fixtureLineItems,
    payinTotal: usd(107500),
    payoutTotal: usd(92500),
    paymentMethod: 'card',
    transitions: [
      { transition: 'request-payment', by: 'customer', createdAt: '2026-11-20T09:58:00.000Z' },
      { transition: 'confirm-payment', by: 'customer', createdAt: PURCHASED_AT },
    ],
    protectedData: {},
    entered: { 'pending-payment': '2026-11-20T09:58:00.000Z', purchased: PURCHASED_AT },
    deadline: { transition: 'auto-cancel', dueAt: '2026-11-25T10:00:00.000Z' },
    customerCancelUntil: '2026-11-20T13:00:00.000Z',
    ...overrides,
  };
}

export function fixtureShow(
  tx: Partial<TransactionView> = {},
  parties: Partial<Pick<TransactionShow, 'customer' | 'provider'>> = {},
): TransactionShow {
  return {
    transaction: fixtureTransaction(tx),
    customer: { id: 'buyer-1', displayName: 'Bea B', abbreviatedName: 'BB' },
    provider: { id: 'seller-1', displayName: 'Sam S', abbreviatedName: 'SS' },
    reviews: [],
    ...parties,
  };
}

/** The order after the seller marked it shipped. */
export function deliveredTransaction(overrides: Partial<TransactionView> = {}): Partial<TransactionView> {
  return {
    state: 'delivered',
    version: 4,
    lastTransition: 'mark-delivered',
    lastTransitionedAt: DELIVERED_AT,
    transitions: [
      ...fixtureTransaction().transitions,
      { transition: 'mark-delivered', by: 'provider', createdAt: DELIVERED_AT },
    ],
    entered: { ...fixtureTransaction().entered, delivered: DELIVERED_AT },
    // A shipped order: 10 days' transit allowance + the 3-day report window.
    deadline: { transition: 'auto-mark-received', dueAt: '2026-12-04T10:00:00.000Z' },
    protectedData: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
    ...overrides,
  };
}

/** When the pending order of `pendingPaymentTransaction` is canceled automatically (15 minutes). */
export const PAYMENT_DUE_AT = '2026-11-20T10:13:00.000Z';

/** The order before its payment completed (a card authentication abandoned): Cancel payment's state. */
export function pendingPaymentTransaction(
  overrides: Partial<TransactionView> = {},
): Partial<TransactionView> {
  return {
    state: 'pending-payment',
    version: 1,
    lastTransition: 'request-payment',
    lastTransitionedAt: '2026-11-20T09:58:00.000Z',
    transitions: [{ transition: 'request-payment', by: 'customer', createdAt: '2026-11-20T09:58:00.000Z' }],
    entered: { 'pending-payment': '2026-11-20T09:58:00.000Z' },
    deadline: { transition: 'expire-payment', dueAt: PAYMENT_DUE_AT },
    ...overrides,
  };
}
