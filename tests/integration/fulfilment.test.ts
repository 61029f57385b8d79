import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyTransition, fireTimer } from '../../functions/orders/engine';
import { isReminderDueItem } from '../../functions/orders/notifications/reminders';
import { DAY_MS } from '../../shared/config/constants';
import { shipmentMessages } from '../../shared/validation/messages';
import { api, errorOf, type TestAccount, testCloud } from './accounts';
import {
  as,
  bikeListing,
  bikePublicData,
  buyer,
  confirmCard,
  enquire,
  initiate,
  paidCardOrder,
  pickupOne,
  privileged,
  stored,
  stripeSeller,
  transition,
} from './order-fixtures';
import {
  dueItemsOf,
  expectRefundedInFull,
  givenCardOrder,
  givenStripeSeller,
  purchase,
  timers,
} from './order-money-fixtures';

// Fulfilment over the suite's local cloud: the buyer's address only ever reaches the two parties,
// the seller from the purchase on; a pickup place reaches the buyer only once paid; a shipped order
// is marked shipped with a carrier and a tracking number; the report window counts from delivery;
// every cancel path records the refund with its reversal lines. The cloud's timers are scaled
// (VELO_TIMER_SCALE, global-setup), so durations are compared scaled.

const scale = () => Number(process.env.VELO_TIMER_SCALE ?? '1');

const london = {
  recipientName: 'Oliver Twist',
  recipientPhoneNumber: '+44 20 7946 0018',
  recipientAddressLine1: '48 Doughty Street',
  recipientCity: 'London',
  recipientPostal: 'WC1N 2LX',
  recipientCountry: 'GB',
};
const toLondon = { deliveryMethod: 'shipping', stockReservationQuantity: 1, shippingDetails: london };

/** A listing picked up in Berlin (street in `building`, as the wizard asks) or shipped. */
const berlin = {
  ...bikePublicData,
  location: {
    address: 'Berlin, Germany',
    building: 'Kastanienallee 12, Hinterhaus',
    city: 'Berlin',
    region: 'Berlin',
    country: 'US' as const,
  },
};

let seller: TestAccount;
let customer: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  testCloud();
  [seller, customer, stranger] = await Promise.all([stripeSeller('Lena'), buyer('Oliver'), buyer('Stan')]);
});

const berlinListing = (stock = 5) =>
  bikeListing(seller.user.id, stock, { publicData: berlin, geolocation: { lat: 52.5387, lng: 13.4101 } });

/** Every body a stranger can get for the order, over every route that takes its id. */
async function strangerAnswers(txId: string) {
  return Promise.all([
    api('GET', `/api/transactions/${txId}`, as(stranger)),
    api('GET', `/api/transactions/${txId}/transitions`, as(stranger)),
    api('GET', `/api/transactions/${txId}/messages`, as(stranger)),
    api('POST', `/api/transactions/${txId}/messages`, { ...as(stranger), body: { content: 'Hi' } }),
    transition(stranger, txId, 'mark-delivered', { protectedData: { carrier: 'dhl', trackingNumber: '1' } }),
    transition(stranger, txId, 'dispute', { protectedData: { disputeReason: 'x' } }),
    privileged(stranger, txId, 'cancel'),
    privileged(stranger, txId, 'mark-received'),
    api('POST', '/api/disburse-paypal-funds', {
      ...as(stranger),
      body: { paypalTransactionId: 'CAP-1', sharetribeTransactionId: txId },
    }),
    api('GET', '/api/transactions?only=order', as(stranger)),
    api('GET', '/api/transactions?only=sale', as(stranger)),
  ]);
}

describe('the shipping address reaches the two parties only', () => {
  it('the buyer always, the seller from the purchase on, a stranger never (403/404, no address in any body)', async () => {
    const listing = await berlinListing();
    const initiated = await initiate(customer, listing.id, { orderData: toLondon });
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(201);
    const { transaction, stripePaymentIntentId } = initiated.body.data;
    const txId = transaction.id as string;
    expect(transaction.protectedData.shippingDetails).toEqual(london);

    // Pending payment: the seller sees the order but not where the buyer lives.
    const before = await api('GET', `/api/transactions/${txId}`, as(seller));
    expect(before.status).toBe(200);
    expect(JSON.stringify(before.body)).not.toContain('Doughty');

    expect((await confirmCard(customer, stripePaymentIntentId)).status).toBe(200);
    expect((await privileged(customer, txId, 'confirm-payment')).status).toBe(200);
    const sale = await api('GET', `/api/transactions/${txId}`, as(seller));
    expect(sale.body.data.transaction.protectedData.shippingDetails).toEqual(london);
    const order = await api('GET', `/api/transactions/${txId}`, as(customer));
    expect(order.body.data.transaction.protectedData.shippingDetails).toEqual(london);

    for (const answer of await strangerAnswers(txId)) {
      expect([200, 403, 404]).toContain(answer.status);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain('shippingDetails');
      expect(text).not.toContain('Doughty');
      expect(text).not.toContain('WC1N');
      // The inbox answers 200 with the stranger's own (empty) rows, never this order.
      if (answer.status === 200) expect(text).not.toContain(txId);
    }
    // The inbox rows of the parties do not carry the address either.
    const rows = await api('GET', '/api/transactions?only=sale', as(seller));
    expect(JSON.stringify(rows.body)).not.toContain('Doughty');
  });
});

describe('a pickup place reaches the buyer once paid', () => {
  it('absent before payment, present after (street, building, exact point); never to a stranger; gone after a cancel', async () => {
    const listing = await berlinListing();
    const initiated = await initiate(customer, listing.id, { orderData: pickupOne });
    const { transaction, stripePaymentIntentId } = initiated.body.data;
    const txId = transaction.id as string;
    expect(JSON.stringify(initiated.body)).not.toContain('Kastanienallee');
    const pending = await api('GET', `/api/transactions/${txId}`, as(customer));
    expect(pending.body.data.transaction.state).toBe('pending-payment');
    expect(JSON.stringify(pending.body)).not.toContain('Kastanienallee');

    await confirmCard(customer, stripePaymentIntentId);
    const paid = await privileged(customer, txId, 'confirm-payment');
    expect(paid.body.data.transaction.protectedData.pickupLocation).toEqual({
      address: 'Berlin, Germany',
      building: 'Kastanienallee 12, Hinterhaus',
      city: 'Berlin',
      region: 'Berlin',
      country: 'US',
      geolocation: { lat: 52.5387, lng: 13.4101 },
    });
    const shown = await api('GET', `/api/transactions/${txId}`, as(customer));
    expect(shown.body.data.transaction.protectedData.pickupLocation.building).toBe(
      'Kastanienallee 12, Hinterhaus',
    );
    for (const answer of await strangerAnswers(txId)) {
      expect(JSON.stringify(answer.body)).not.toContain('Kastanienallee');
    }

    // A later edit of the listing does not move the order's pickup (it was copied).
    const canceled = await privileged(customer, txId, 'cancel');
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const after = await api('GET', `/api/transactions/${txId}`, as(customer));
    expect(after.body.data.transaction.state).toBe('canceled');
    expect(JSON.stringify(after.body)).not.toContain('Kastanienallee');
  });
});

describe('a price check never gives the pickup street away', () => {
  it('speculative initiate and speculative request-payment-after-enquiry answer the price only', async () => {
    const listing = await berlinListing();
    const speculative = await initiate(customer, listing.id, { orderData: pickupOne, isSpeculative: true });
    expect(speculative.status).toBe(200);
    expect(Object.keys(speculative.body.data.transaction).sort()).toEqual([
      'lineItems',
      'orderData',
      'payinTotal',
      'payoutTotal',
      'speculative',
    ]);
    expect(JSON.stringify(speculative.body)).not.toContain('Kastanienallee');

    const enquiry = await enquire(stranger, listing.id);
    expect(enquiry.status).toBe(201);
    const priced = await privileged(
      stranger,
      enquiry.body.data.id,
      'request-payment-after-enquiry',
      { ...pickupOne, paymentMethod: 'card' },
      { isSpeculative: true },
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.data.transaction.speculative).toBe(true);
    expect(JSON.stringify(priced.body)).not.toContain('Kastanienallee');
  });
});

describe('mark shipped: the carrier and the tracking number', () => {
  it('a shipped order needs a known carrier and a tracking number (400 with the field messages); a pickup needs neither', async () => {
    const listing = await berlinListing();
    const shipped = await paidCardOrder(customer, listing.id, toLondon);
    const fieldsOf = (answer: { body: unknown }) => errorOf(answer.body as never).meta?.fields;
    const none = await transition(seller, shipped.id, 'mark-delivered');
    expect(none.status).toBe(400);
    expect(fieldsOf(none)).toEqual({
      carrier: shipmentMessages.carrierRequired,
      trackingNumber: shipmentMessages.trackingNumberRequired,
    });
    const unknown = await transition(seller, shipped.id, 'mark-delivered', {
      protectedData: { carrier: 'pigeon', trackingNumber: 'X1' },
    });
    expect(fieldsOf(unknown)).toEqual({ carrier: shipmentMessages.carrierRequired });
    const long = await transition(seller, shipped.id, 'mark-delivered', {
      protectedData: { carrier: 'dhl', trackingNumber: 'x'.repeat(101) },
    });
    expect(fieldsOf(long)).toEqual({ trackingNumber: shipmentMessages.trackingNumberTooLong });
    expect((await stored(shipped.id)).state).toBe('purchased');

    const ok = await transition(seller, shipped.id, 'mark-delivered', {
      protectedData: { carrier: 'royal-mail', trackingNumber: ' RM123456789GB ' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.protectedData).toMatchObject({
      carrier: 'royal-mail',
      trackingNumber: 'RM123456789GB',
    });

    const pickup = await paidCardOrder(customer, listing.id, pickupOne);
    const handedOver = await transition(seller, pickup.id, 'mark-delivered');
    expect(handedOver.status, JSON.stringify(handedOver.body)).toBe(200);
    expect(handedOver.body.data.state).toBe('delivered');
  });
});

describe('the report window counts from delivery', () => {
  it('shipped: marked shipped + 10 days in transit + 3 days; pickup: the hand-over + 3 days; the reminder a day before', async () => {
    const listing = await berlinListing();
    const cases = [
      { orderData: toLondon, days: 13, protectedData: { carrier: 'dpd', trackingNumber: '0123' } },
      { orderData: pickupOne, days: 3, protectedData: undefined },
    ];
    for (const { orderData, days, protectedData } of cases) {
      const order = await paidCardOrder(customer, listing.id, orderData);
      const shipped = await transition(
        seller,
        order.id,
        'mark-delivered',
        protectedData && { protectedData },
      );
      expect(shipped.status).toBe(200);
      const view = shipped.body.data;
      const deliveredAt = Date.parse(view.entered.delivered);
      expect(view.deadline.transition).toBe('auto-mark-received');
      expect(Date.parse(view.deadline.dueAt) - deliveredAt).toBe(Math.round(days * DAY_MS * scale()));
      const reminder = (await dueItemsOf(order.id))
        .flatMap((item) => (isReminderDueItem(item) ? [item] : []))
        .find((item) => item.reminder === 'report-problem');
      expect(reminder).toBeDefined();
      expect(Date.parse(view.deadline.dueAt) - Date.parse(reminder!.dueAt)).toBe(
        Math.round(DAY_MS * scale()),
      );
    }
  });
});

describe('refunds shown as refunds on every cancel path', () => {
  let moneySeller: Awaited<ReturnType<typeof givenStripeSeller>>;
  beforeAll(async () => {
    moneySeller = await givenStripeSeller();
  });

  const system = { actor: 'system' as const, timers };

  it('cancel by the customer (over the API): the reversal lines, totals 0, the refund equals the capture', async () => {
    const listing = await bikeListing(seller.user.id, 2);
    const order = await paidCardOrder(customer, listing.id, toLondon);
    const canceled = await privileged(customer, order.id, 'cancel');
    expect(canceled.status).toBe(200);
    await expectRefundedInFull(order.id, 'canceled');
    const view = (await api('GET', `/api/transactions/${order.id}`, as(customer))).body.data.transaction;
    expect(view.refund).toEqual({
      amount: { amount: 97_500, currency: 'USD' },
      refundedAt: expect.any(String),
    });
    expect(view.payinTotal).toEqual({ amount: 0, currency: 'USD' });
    const row = (await api('GET', '/api/transactions?only=order', as(customer))).body.data.find(
      (r: { id: string }) => r.id === order.id,
    );
    expect(row.refund.amount).toEqual({ amount: 97_500, currency: 'USD' });
  });

  it('auto-cancel (the ship deadline), cancel-from-disputed and auto-cancel-from-disputed', async () => {
    const paths = [
      { name: 'auto-cancel', reason: 'auto-canceled', disputed: false, actor: system },
      {
        name: 'cancel-from-disputed',
        reason: 'dispute-canceled',
        disputed: true,
        actor: { actor: 'operator' as const, timers },
      },
      { name: 'auto-cancel-from-disputed', reason: 'dispute-canceled', disputed: true, actor: system },
    ];
    for (const path of paths) {
      const order = await givenCardOrder(moneySeller);
      let tx = await purchase(order);
      if (path.disputed) {
        const party = (actor: 'customer' | 'provider') => ({
          actor,
          userId: actor === 'customer' ? order.customerId : order.sellerId,
          timers,
          now: new Date(order.t0 + 2000),
        });
        tx = await applyTransition(tx.id, 'mark-delivered', party('provider'));
        tx = await applyTransition(tx.id, 'dispute', {
          ...party('customer'),
          params: { protectedData: { disputeReason: `Not as described ${randomUUID()}` } },
        });
      }
      const at = new Date(Date.parse(tx.deadline!.dueAt) + 1000);
      if (path.actor.actor === 'system') {
        expect((await fireTimer(tx.id, tx.deadline!.transition, { ...path.actor, now: at })).outcome).toBe(
          'fired',
        );
      } else {
        await applyTransition(tx.id, path.name, { ...path.actor, now: at });
      }
      const done = await stored(tx.id);
      expect(done.state, path.name).toBe('canceled');
      expect(done.lastTransition).toBe(path.name);
      await expectRefundedInFull(tx.id, path.reason);
    }
  });
});
