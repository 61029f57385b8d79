import { describe, expect, it } from 'vitest';
import { dueShardKey, keys, shardOf } from '../lib/table-design';
import {
  dueItem,
  inboxKeys,
  saleActionItem,
  TRANSACTION_ID_NAMESPACE,
  type TransactionRecord,
  toTransactionView,
  transactionIdFor,
  uuidV5,
} from './record';

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('transaction ids', () => {
  it('uuidV5 matches the RFC 4122 / uuid package vectors', () => {
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
    expect(uuidV5('a:b', TRANSACTION_ID_NAMESPACE)).toBe('d911c00f-bc46-50df-a146-7e2bd62ca44f');
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow();
  });

  it('one id per customer and checkout key', () => {
    const id = transactionIdFor('customer-1', 'key-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(transactionIdFor('customer-1', 'key-1')).toBe(id);
    expect(transactionIdFor('customer-2', 'key-1')).not.toBe(id);
    expect(transactionIdFor('customer-1', 'key-2')).not.toBe(id);
  });
});

describe('keys of the transaction items', () => {
  const parties = { id: 'tx-1', customerId: 'c-1', providerId: 'p-1' };

  it('inbox keys: orders on GSI1, sales on GSI2, by last transition; none once payment expired', () => {
    expect(inboxKeys(parties, 'purchased', '2026-11-22T10:00:00.000Z')).toEqual({
      GSI1PK: 'CUSTOMER#c-1',
      GSI1SK: 'TX#2026-11-22T10:00:00.000Z#tx-1',
      GSI2PK: 'PROVIDER#p-1',
      GSI2SK: 'TX#2026-11-22T10:00:00.000Z#tx-1',
    });
    expect(inboxKeys(parties, 'payment-expired', '2026-11-22T10:00:00.000Z')).toBeUndefined();
  });

  it('due items live on DUE#<shard of the tx>, sorted by due time', () => {
    const item = dueItem('tx-1', { transition: 'expire-payment', dueAt: '2026-11-22T10:15:00.000Z' });
    expect(item).toEqual({
      PK: dueShardKey(shardOf('tx-1', 4)),
      SK: '2026-11-22T10:15:00.000Z#tx-1#timer',
      entity: 'due',
      transactionId: 'tx-1',
      kind: 'timer',
      dueAt: '2026-11-22T10:15:00.000Z',
      transition: 'expire-payment',
    });
    expect(item.PK).toMatch(/^DUE#[0-3]$/);
    expect(dueItem('tx-1', { transition: 'auto-cancel', dueAt: 'x' }, 'money').SK).toBe('x#tx-1#money');
  });

  it('messages, outbox events, reviews and sale actions', () => {
    expect(keys.message('tx-1', '2026-11-22T10:00:00.000Z', 'm-1')).toEqual({
      PK: 'TX#tx-1',
      SK: 'MSG#2026-11-22T10:00:00.000Z#m-1',
    });
    expect(keys.txEvent('tx-1', 'PaymentCaptured')).toEqual({ PK: 'TX#tx-1', SK: 'EVENT#PaymentCaptured' });
    expect(keys.txReview('tx-1', 'ofProvider')).toEqual({ PK: 'TX#tx-1', SK: 'REVIEW#ofProvider' });
    expect(saleActionItem('p-1', 'tx-1', 'now')).toEqual({
      PK: 'USER#p-1',
      SK: 'ACTION#tx-1',
      entity: 'sale-action',
      transactionId: 'tx-1',
      createdAt: 'now',
    });
  });
});

describe('toTransactionView', () => {
  it('shows the parties the order, never keys, payment ids or workflow bookkeeping', () => {
    const record: TransactionRecord = {
      ...keys.transaction('tx-1'),
      SK: 'TX',
      ...inboxKeys({ id: 'tx-1', customerId: 'c-1', providerId: 'p-1' }, 'purchased', 't1'),
      entity: 'transaction',
      id: 'tx-1',
      processAlias: 'release-2',
      state: 'purchased',
      version: 2,
      listingId: 'l-1',
      customerId: 'c-1',
      providerId: 'p-1',
      listingSnapshot: { title: 'Trek', slug: 'trek' },
      orderData: {
        deliveryMethod: 'shipping',
        quantity: 1,
        shippingDetails: {
          recipientName: 'Ann',
          recipientAddressLine1: '1 Main St',
          recipientCity: 'Toronto',
          recipientPostal: 'M5V',
          recipientCountry: 'CA',
        },
      },
      lineItems: [],
      payinTotal: usd(1000),
      payoutTotal: usd(900),
      createdAt: 't0',
      lastTransition: 'confirm-payment',
      lastTransitionedAt: 't1',
      entered: { initial: 't0', 'pending-payment': 't0', purchased: 't1' },
      transitions: [
        { transition: 'request-payment', by: 'customer', userId: 'c-1', createdAt: 't0' },
        { transition: 'confirm-payment', by: 'customer', userId: 'c-1', createdAt: 't1' },
      ],
      protectedData: { paypalTransactionId: 'cap-1' },
      payment: { method: 'card', stripePaymentIntentId: 'pi_secret', capturedAt: 't1' },
      deadline: { transition: 'auto-cancel', dueAt: 't5', dueKey: { PK: 'DUE#1', SK: 't5#tx-1#timer' } },
      taskToken: 'token',
      awaitingVersion: 2,
      messageCount: 0,
      checkoutKey: 'k',
    };
    const view = toTransactionView(record, 'provider');
    expect(view).toMatchObject({
      id: 'tx-1',
      state: 'purchased',
      version: 2,
      paymentMethod: 'card',
      deadline: { transition: 'auto-cancel', dueAt: 't5' },
      protectedData: { paypalTransactionId: 'cap-1', shippingDetails: { recipientName: 'Ann' } },
    });
    expect(view.transitions[0]).toEqual({ transition: 'request-payment', by: 'customer', createdAt: 't0' });
    const json = JSON.stringify(view);
    for (const secret of ['pi_secret', 'token', 'DUE#1', 'GSI1', 'checkoutKey', 'userId']) {
      expect(json).not.toContain(secret);
    }

    // Before the purchase the seller does not learn where the buyer lives; the buyer sees their own.
    const pending = { ...record, state: 'pending-payment' as const, entered: { 'pending-payment': 't0' } };
    const sellerBefore = toTransactionView(pending, 'provider');
    expect(sellerBefore.protectedData.shippingDetails).toBeUndefined();
    expect(sellerBefore.orderData.shippingDetails).toBeUndefined();
    expect(JSON.stringify(sellerBefore)).not.toContain('1 Main St');
    expect(toTransactionView(pending, 'customer').protectedData.shippingDetails?.recipientName).toBe('Ann');
    // Once the order has ended (received, reviewed, canceled) the seller no longer sees it either.
    for (const state of ['received', 'completed', 'reviewed', 'canceled'] as const) {
      const ended = toTransactionView({ ...record, state }, 'provider');
      expect(JSON.stringify(ended), state).not.toContain('1 Main St');
      expect(toTransactionView({ ...record, state }, 'customer').protectedData.shippingDetails).toBeDefined();
    }
    expect(
      toTransactionView({ ...record, state: 'disputed' }, 'provider').protectedData.shippingDetails,
    ).toBeDefined();
  });

  it("shows a pickup place to the buyer only once paid and not after a cancel; the seller's own always", () => {
    const pickupLocation = {
      address: '12 Kastanienallee, Berlin',
      building: 'Hinterhaus',
      geolocation: { lat: 52.54, lng: 13.41 },
    };
    const base = {
      PK: 'TX#tx-2',
      SK: 'TX' as const,
      entity: 'transaction' as const,
      id: 'tx-2',
      processAlias: 'release-2',
      version: 1,
      listingId: 'l-1',
      customerId: 'c-1',
      providerId: 'p-1',
      listingSnapshot: { title: 'Trek', slug: 'trek' },
      orderData: { deliveryMethod: 'pickup' as const, quantity: 1 },
      lineItems: [],
      payinTotal: usd(1000),
      payoutTotal: usd(900),
      createdAt: 't0',
      lastTransition: 'request-payment' as const,
      lastTransitionedAt: 't0',
      transitions: [],
      protectedData: { pickupLocation },
      messageCount: 0,
      checkoutKey: 'k',
    };
    const at = (state: TransactionRecord['state'], entered: TransactionRecord['entered']) => ({
      ...base,
      state,
      entered,
    });
    const pending = at('pending-payment', { 'pending-payment': 't0' });
    expect(JSON.stringify(toTransactionView(pending, 'customer'))).not.toContain('Kastanienallee');
    expect(toTransactionView(pending, 'provider').protectedData.pickupLocation).toEqual(pickupLocation);
    const paid = at('purchased', { 'pending-payment': 't0', purchased: 't1' });
    expect(toTransactionView(paid, 'customer').protectedData.pickupLocation).toEqual(pickupLocation);
    const handedOver = at('delivered', { purchased: 't1', delivered: 't2' });
    expect(toTransactionView(handedOver, 'customer').protectedData.pickupLocation).toEqual(pickupLocation);
    const canceled = at('canceled', { purchased: 't1', canceled: 't2' });
    expect(JSON.stringify(toTransactionView(canceled, 'customer'))).not.toContain('Kastanienallee');
    const expired = at('payment-expired', { 'pending-payment': 't0', 'payment-expired': 't1' });
    expect(JSON.stringify(toTransactionView(expired, 'customer'))).not.toContain('Kastanienallee');
  });
});
