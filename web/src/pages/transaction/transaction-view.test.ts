import { describe, expect, it, vi } from 'vitest';
import type { MessageView, TransactionView } from '../../../../shared/api/transactions';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { londonAddress } from '../../../../shared/text/addresses.test-helper';
import { deliveredTransaction, fixtureShow, fixtureTransaction, PURCHASED_AT } from './fixtures';
import {
  actionErrorMessage,
  actionsFor,
  actorName,
  breakdownLines,
  breakdownTotal,
  deadlineNotices,
  deliverySection,
  fetchFailedMessage,
  MissingPaypalTransactionError,
  messagingDisabledReason,
  performAction,
  senderLabel,
  shipmentRequired,
  type TransitionApi,
  threadOrder,
  timelineEntries,
  viewerHasRole,
} from './transaction-view';

const hours = (n: number) => n * 3_600_000;
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);

describe('viewer and role', () => {
  const tx = fixtureTransaction();
  it('accepts only the party of the route', () => {
    expect(viewerHasRole(tx, 'customer', 'buyer-1')).toBe(true);
    expect(viewerHasRole(tx, 'provider', 'buyer-1')).toBe(false);
    expect(viewerHasRole(tx, 'provider', 'seller-1')).toBe(true);
    expect(viewerHasRole(tx, 'customer', 'seller-1')).toBe(false);
    expect(viewerHasRole(tx, 'customer', undefined)).toBe(false);
  });

  it('names the failed fetch per role (§8)', () => {
    expect(fetchFailedMessage('customer')).toBe(messages.fetchOrderFailed);
    expect(fetchFailedMessage('provider')).toBe(messages.fetchSaleFailed);
  });
});

describe('breakdown', () => {
  const tx = fixtureTransaction();
  it('shows the customer commission only to the customer', () => {
    const labels = breakdownLines(tx.lineItems, 'customer').map((l) => l.label);
    expect(labels).toEqual(['Price', 'Shipping', 'Service fee']);
  });

  it('shows the provider commission only to the provider', () => {
    const lines = breakdownLines(tx.lineItems, 'provider');
    expect(lines.map((l) => l.label)).toEqual(['Price', 'Shipping', 'Marketplace fee']);
    expect(lines[2]?.amount.amount).toBe(-10000);
    expect(lines[0]?.detail).toBe('$500 × 2');
  });

  it('marks refund lines, without the "× quantity" detail; a refund of a $0 line is left out', () => {
    const [line] = breakdownLines([{ ...tx.lineItems[0]!, quantity: -2, reversal: true }], 'customer');
    expect(line?.label).toBe('Refund: price');
    expect(line?.reversal).toBe(true);
    expect(line?.detail).toBeUndefined();
    const zero = { amount: 0, currency: 'USD' };
    const freePickup = {
      ...tx.lineItems[0]!,
      code: 'line-item/pickup-fee' as const,
      lineTotal: zero,
      reversal: true,
    };
    expect(breakdownLines([freePickup], 'customer')).toEqual([]);
  });

  it('totals payin for customers and payout for providers, with the spec label', () => {
    expect(breakdownTotal(tx, 'customer')).toEqual({ label: 'Total price', amount: tx.payinTotal });
    expect(breakdownTotal(tx, 'provider')).toEqual({ label: "You'll make", amount: tx.payoutTotal });
    expect(breakdownTotal({ ...tx, state: 'completed' }, 'provider').label).toBe('You made');
    expect(breakdownTotal({ ...tx, state: 'canceled' }, 'provider').label).toBe('Total price');
  });
});

describe('activity feed', () => {
  it('tells each transition with who took it', () => {
    const tx = fixtureTransaction(deliveredTransaction());
    expect(timelineEntries(tx, 'customer', 'Sam S').map((e) => [e.text, e.by])).toEqual([
      ['The order was started.', 'You'],
      ['The order was placed.', 'You'],
      ['The order was marked as shipped.', 'Sam S'],
    ]);
    expect(timelineEntries(tx, 'provider', 'Bea B').map((e) => e.by)).toEqual(['Bea B', 'Bea B', 'You']);
  });

  it('names the system and the operator', () => {
    expect(actorName('system', 'customer', 'X')).toBe('Automatically');
    expect(actorName('operator', 'provider', 'X')).toBe('Marketplace');
  });

  it('says handed over for a pickup and skips silent transitions', () => {
    const tx = fixtureTransaction({
      orderData: { deliveryMethod: 'pickup', quantity: 1 },
      transitions: [
        { transition: 'mark-delivered', by: 'provider', createdAt: PURCHASED_AT },
        { transition: 'auto-complete', by: 'system', createdAt: PURCHASED_AT },
      ],
    });
    expect(timelineEntries(tx, 'customer', 'Sam S').map((e) => e.text)).toEqual([
      'The item was handed over.',
    ]);
  });
});

describe('deadlines', () => {
  const purchased = fixtureTransaction();
  const soon = at(PURCHASED_AT, hours(1));

  it('tells the seller to ship by the auto-cancel deadline', () => {
    const notices = deadlineNotices(purchased, 'provider', soon);
    expect(notices.map((n) => n.kind)).toEqual(['ship-by']);
    expect(notices[0]?.before).toBe('Ship by ');
    expect(notices[0]?.at.toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });

  it('tells the buyer the ship-by date and until when they can cancel (3 hours)', () => {
    const notices = deadlineNotices(purchased, 'customer', soon);
    expect(notices.map((n) => n.kind)).toEqual(['ship-by', 'cancel-until']);
    expect(notices[1]?.before).toBe('You can cancel the order until ');
    expect(notices[1]?.at.toISOString()).toBe('2026-11-20T13:00:00.000Z');
  });

  it('drops the cancel window once it has closed', () => {
    expect(deadlineNotices(purchased, 'customer', at(PURCHASED_AT, hours(4))).map((n) => n.kind)).toEqual([
      'ship-by',
    ]);
  });

  it("shows the server's deadline, never one recomputed in the browser", () => {
    expect(deadlineNotices({ ...purchased, deadline: undefined }, 'provider', soon)).toEqual([]);
    const later = { transition: 'auto-cancel' as const, dueAt: '2026-11-26T12:00:00.000Z' };
    const [notice] = deadlineNotices({ ...purchased, deadline: later }, 'provider', soon);
    expect(notice?.at.toISOString()).toBe(later.dueAt);
  });

  it('gives the report-a-problem deadline in delivered, to both', () => {
    const delivered = fixtureTransaction(deliveredTransaction());
    const now = at('2026-11-22T10:00:00.000Z');
    const [customer] = deadlineNotices(delivered, 'customer', now);
    expect(customer?.kind).toBe('report-until');
    expect(customer?.before).toBe('Report a problem until ');
    expect(customer?.at.toISOString()).toBe('2026-12-04T10:00:00.000Z');
    expect(deadlineNotices(delivered, 'provider', now)[0]?.before).toBe(
      'The buyer can report a problem until ',
    );
  });

  it('shows nothing in other states or after the deadline', () => {
    expect(deadlineNotices({ ...purchased, state: 'canceled' }, 'customer', soon)).toEqual([]);
    expect(deadlineNotices(purchased, 'provider', at('2026-11-26T00:00:00.000Z'))).toEqual([]);
  });
});

describe('actions', () => {
  const all = [
    { name: 'mark-delivered' },
    { name: 'mark-received-from-purchased' },
    { name: 'cancel' },
    { name: 'dispute' },
    { name: 'review-1-by-customer' },
  ] as const;

  it("keeps only what the route's role presses, with the spec's labels", () => {
    expect(actionsFor([...all], 'provider').map((a) => [a.kind, a.label])).toEqual([
      ['mark-delivered', 'Mark shipped'],
    ]);
    expect(actionsFor([...all], 'customer').map((a) => [a.kind, a.transition, a.label])).toEqual([
      ['mark-received', 'mark-received-from-purchased', 'Mark received'],
      ['cancel', 'cancel', 'Cancel order'],
      ['dispute', 'dispute', 'Report a problem'],
    ]);
  });

  it('per state: purchased (seller), delivered (buyer), nothing when the server allows nothing', () => {
    expect(actionsFor([{ name: 'mark-delivered' }], 'provider').map((a) => a.kind)).toEqual([
      'mark-delivered',
    ]);
    expect(
      actionsFor([{ name: 'mark-received' }, { name: 'dispute' }], 'customer').map((a) => a.kind),
    ).toEqual(['mark-received', 'dispute']);
    expect(actionsFor([], 'customer')).toEqual([]);
  });

  it('maps errors to the §8 messages', () => {
    expect(actionErrorMessage('mark-delivered', 'transition-in-progress')).toBe(
      'Transition already in progress',
    );
    expect(actionErrorMessage('mark-received', 'transaction-invalid-transition')).toBe(
      apiErrors['transaction-invalid-transition'].title,
    );
    expect(actionErrorMessage('mark-received', 'paypal-disbursement-failed')).toBe(
      'Funds were not successfully disbursed from paypal',
    );
    expect(actionErrorMessage('mark-delivered', 'server-error')).toBe(messages.markShippedFailed);
    expect(actionErrorMessage('mark-received-from-purchased', undefined)).toBe(messages.markReceivedFailed);
    expect(actionErrorMessage('dispute', 'forbidden')).toBe(messages.disputeFailed);
    expect(actionErrorMessage('cancel', undefined)).toBe(messages.oopsSomethingWentWrong);
    expect(actionErrorMessage('dispute', undefined, true)).toBe(messages.topbarNetworkError);
  });

  it('asks the carrier and tracking number for shipped orders only; a pickup is handed over', () => {
    expect(shipmentRequired(fixtureTransaction())).toBe(true);
    expect(shipmentRequired(fixtureTransaction({ orderData: { deliveryMethod: 'pickup' } }))).toBe(false);
    const pickup = actionsFor([{ name: 'mark-delivered' }], 'provider', 'pickup');
    expect(pickup.map((a) => [a.label, a.progressLabel])).toEqual([
      ['Mark handed over', 'Marking handed over…'],
    ]);
  });
});

describe('delivery section', () => {
  const address = londonAddress;
  const place = {
    address: 'Berlin, Germany',
    building: 'Kastanienallee 12',
    geolocation: { lat: 52.5, lng: 13.4 },
  };
  const shipped = (state: TransactionView['state']) =>
    fixtureTransaction({ state, protectedData: { shippingDetails: address } });
  const pickup = (state: TransactionView['state'], withPlace = true) =>
    fixtureTransaction({
      state,
      orderData: { deliveryMethod: 'pickup', quantity: 1 },
      protectedData: withPlace ? { pickupLocation: place } : {},
    });

  it('the seller: "Ship to" with a copy button from the purchase until the order ends', () => {
    for (const state of ['purchased', 'delivered', 'disputed'] as const) {
      expect(deliverySection(shipped(state), 'provider')).toEqual({
        kind: 'shipping',
        heading: 'Ship to',
        address,
        copy: true,
      });
    }
    for (const state of ['received', 'completed', 'reviewed', 'canceled'] as const) {
      expect(deliverySection(shipped(state), 'provider')).toBeUndefined();
    }
  });

  it('the buyer: "Shipping to", their own address', () => {
    expect(deliverySection(shipped('purchased'), 'customer')).toMatchObject({
      heading: 'Shipping to',
      copy: false,
    });
  });

  it('pickup: the place for the buyer once the API sends it; before payment, when it will come', () => {
    expect(deliverySection(pickup('purchased'), 'customer')).toEqual({
      kind: 'pickup',
      heading: 'Pickup address',
      place,
    });
    expect(deliverySection(pickup('pending-payment', false), 'customer')).toEqual({ kind: 'pickup-pending' });
    expect(deliverySection(pickup('canceled', false), 'customer')).toBeUndefined();
    expect(deliverySection(pickup('purchased'), 'provider')).toMatchObject({
      heading: 'The buyer collects it at',
    });
    expect(deliverySection(pickup('reviewed'), 'provider')).toBeUndefined();
  });
});

describe('performAction', () => {
  const api = () =>
    ({
      transition: vi.fn(async () => ({})),
      transitionPrivileged: vi.fn(async () => ({})),
      disbursePaypalFunds: vi.fn(async () => ({ paypalDisbursementId: 'disb-1' })),
    }) satisfies TransitionApi;

  it('marks shipped with the tracking number and the version seen', async () => {
    const calls = api();
    await performAction(
      calls,
      fixtureTransaction(),
      { kind: 'mark-delivered', transition: 'mark-delivered' },
      {
        carrier: 'royal-mail',
        trackingNumber: ' 1Z99 ',
      },
    );
    expect(calls.transition).toHaveBeenCalledWith('tx-1', {
      transition: 'mark-delivered',
      expectedVersion: 3,
      params: { protectedData: { carrier: 'royal-mail', trackingNumber: '1Z99' } },
    });
  });

  it('disputes with the reason', async () => {
    const calls = api();
    await performAction(
      calls,
      fixtureTransaction(deliveredTransaction()),
      { kind: 'dispute', transition: 'dispute' },
      {
        disputeReason: 'Frame cracked',
      },
    );
    expect(calls.transition).toHaveBeenCalledWith('tx-1', {
      transition: 'dispute',
      expectedVersion: 4,
      params: { protectedData: { disputeReason: 'Frame cracked' } },
    });
  });

  it('marks a card order received privileged', async () => {
    const calls = api();
    await performAction(calls, fixtureTransaction(), {
      kind: 'mark-received',
      transition: 'mark-received-from-purchased',
    });
    expect(calls.disbursePaypalFunds).not.toHaveBeenCalled();
    expect(calls.transitionPrivileged).toHaveBeenCalledWith({
      transactionId: 'tx-1',
      transition: 'mark-received-from-purchased',
      expectedVersion: 3,
    });
  });

  it('disburses a PayPal order first and sends the disbursement id', async () => {
    const calls = api();
    const order: string[] = [];
    calls.disbursePaypalFunds.mockImplementation(async () => {
      order.push('disburse');
      return { paypalDisbursementId: 'disb-1' };
    });
    calls.transitionPrivileged.mockImplementation(async () => {
      order.push('transition');
      return {};
    });
    const tx = fixtureTransaction({
      paymentMethod: 'paypal',
      protectedData: { paypalTransactionId: 'cap-1' },
    });
    await performAction(calls, tx, { kind: 'mark-received', transition: 'mark-received' });
    expect(order).toEqual(['disburse', 'transition']);
    expect(calls.disbursePaypalFunds).toHaveBeenCalledWith({
      paypalTransactionId: 'cap-1',
      sharetribeTransactionId: 'tx-1',
    });
    expect(calls.transitionPrivileged).toHaveBeenCalledWith({
      transactionId: 'tx-1',
      transition: 'mark-received',
      expectedVersion: 3,
      params: { paypalDisbursementId: 'disb-1' },
    });
  });

  it('does not transition when the disbursement fails', async () => {
    const calls = api();
    calls.disbursePaypalFunds.mockRejectedValue(new Error('502'));
    const tx = fixtureTransaction({
      paymentMethod: 'paypal',
      protectedData: { paypalTransactionId: 'cap-1' },
    });
    await expect(
      performAction(calls, tx, { kind: 'mark-received', transition: 'mark-received' }),
    ).rejects.toThrow();
    expect(calls.transitionPrivileged).not.toHaveBeenCalled();
  });

  it('refuses a PayPal order without its capture id', async () => {
    const tx = fixtureTransaction({ paymentMethod: 'paypal' });
    await expect(
      performAction(api(), tx, { kind: 'mark-received', transition: 'mark-received' }),
    ).rejects.toBeInstanceOf(MissingPaypalTransactionError);
  });

  it('cancels privileged', async () => {
    const calls = api();
    await performAction(calls, fixtureTransaction(), { kind: 'cancel', transition: 'cancel' });
    expect(calls.transitionPrivileged).toHaveBeenCalledWith({
      transactionId: 'tx-1',
      transition: 'cancel',
      expectedVersion: 3,
    });
  });
});

describe('messages', () => {
  const message = (id: string, senderId = 'buyer-1'): MessageView => ({
    id,
    transactionId: 'tx-1',
    createdAt: PURCHASED_AT,
    content: id,
    senderId,
  });

  it('disables sending when the other party was removed (§6)', () => {
    expect(messagingDisabledReason(fixtureShow(), 'customer')).toBeUndefined();
    const banned = fixtureShow(
      {},
      { provider: { id: 'seller-1', displayName: '', abbreviatedName: '', banned: true } },
    );
    expect(messagingDisabledReason(banned, 'customer')).toBe(messages.sendingMessageNotAllowed);
    expect(messagingDisabledReason(banned, 'provider')).toBeUndefined();
    const deleted = fixtureShow(
      {},
      { customer: { id: 'buyer-1', displayName: '', abbreviatedName: '', deleted: true } },
    );
    expect(messagingDisabledReason(deleted, 'provider')).toBe(messages.sendingMessageNotAllowed);
  });

  it('names the sender You or the other party', () => {
    const other = fixtureShow().provider;
    expect(senderLabel(message('a', 'buyer-1'), 'buyer-1', other)).toBe('You');
    expect(senderLabel(message('a', 'seller-1'), 'buyer-1', other)).toBe('Sam S');
    expect(senderLabel(message('a', 'seller-1'), 'buyer-1', { ...other, deleted: true })).toBe(
      'Deleted user',
    );
  });

  it('shows pages oldest first, older pages on top, sent messages last, without duplicates', () => {
    const page1 = [message('m4'), message('m3')];
    const page2 = [message('m3'), message('m2'), message('m1')];
    expect(threadOrder([page1, page2], [message('m5'), message('m4')]).map((m) => m.id)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
  });
});
