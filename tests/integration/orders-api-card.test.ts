import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamo, tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { transactionIdFor } from '../../functions/orders/record';
import { SimulatedCardProvider } from '../../functions/payments/stripe/simulated';
import { HOUR_MS } from '../../shared/config/constants';
import { apiErrors, messages } from '../../shared/errors/catalogue';
import { balances, reconcile } from '../../shared/events/reconcile';
import { productOrderMessages } from '../../shared/validation/messages';
import { api, errorOf, type TestAccount, testCloud } from './accounts';
import { eventually } from './cloud-env';
import { givenSeller } from './fixtures';
import {
  as,
  bikeListing,
  bikePublicData,
  buyer,
  card,
  confirmCard,
  enquire,
  initiate,
  itemsUnder,
  outboxOf,
  paidCardOrder,
  pickupOne,
  privileged,
  shippingDetails,
  shipTwo,
  stockOf,
  stored,
  stripeSeller,
  testCards,
  transition,
} from './order-fixtures';

// The transaction API (docs/design/orders.md, "API routes"; spec §7 and §8) over HTTP against the
// suite's local cloud with the simulated Stripe: line items, the card order from initiate to completed,
// and every refusal with its §8 code and message. Timers are scaled (global-setup timerScale 0.006):
// the 15-minute payment window is 5.4 s and the 3-hour cancel window 65 s, so each order is made
// right before it is acted on.

let seller: TestAccount;
let customer: TestAccount;
let stranger: TestAccount;
let listingId: string;

beforeAll(async () => {
  testCloud();
  [seller, customer, stranger] = await Promise.all([stripeSeller(), buyer(), buyer('Stan')]);
  listingId = (await bikeListing(seller.user.id, 50)).id;
});

const lineItems = (account: TestAccount, id: string, orderData: Record<string, unknown>) =>
  api('POST', '/api/transaction-line-items', { ...as(account), body: { listingId: id, orderData } });

const codes = (lines: { code: string }[]) => lines.map((line) => line.code);

describe('POST /api/transaction-line-items', () => {
  it('prices pickup and shipping (quantity 2) on the server, and writes nothing', async () => {
    const before = await stockOf(listingId);
    const pickup = await lineItems(customer, listingId, {
      deliveryMethod: 'pickup',
      stockReservationQuantity: 2,
    });
    expect(pickup.status).toBe(200);
    // 2 × $950; the seller's 10 % commission comes off the payout.
    expect(pickup.body.data.payinTotal).toEqual({ amount: 190_000, currency: 'USD' });
    expect(pickup.body.data.payoutTotal).toEqual({ amount: 171_000, currency: 'USD' });
    expect(codes(pickup.body.data.lineItems)).toContain('line-item/units');
    expect(codes(pickup.body.data.lineItems)).not.toContain('line-item/shipping-fee');
    expect(
      pickup.body.data.lineItems.find((l: { code: string }) => l.code === 'line-item/units'),
    ).toMatchObject({
      quantity: 2,
      unitPrice: { amount: 95_000, currency: 'USD' },
      lineTotal: { amount: 190_000, currency: 'USD' },
    });

    const shipping = await lineItems(customer, listingId, shipTwo);
    expect(shipping.status).toBe(200);
    // + shipping $25 + $10 for the second bike; the commission is on the items only.
    expect(shipping.body.data.payinTotal).toEqual({ amount: 193_500, currency: 'USD' });
    expect(shipping.body.data.payoutTotal).toEqual({ amount: 174_500, currency: 'USD' });
    expect(
      shipping.body.data.lineItems.find((l: { code: string }) => l.code === 'line-item/shipping-fee')
        ?.lineTotal,
    ).toEqual({ amount: 3_500, currency: 'USD' });
    expect(await stockOf(listingId)).toBe(before);
  });

  it('refuses the own listing (403), an unknown or closed listing (404) and too many bikes (409)', async () => {
    const own = await lineItems(seller, listingId, pickupOne);
    expect(own.status).toBe(403);
    expect(errorOf(own.body).code).toBe('forbidden');

    const unknown = await lineItems(customer, randomUUID(), pickupOne);
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body)).toMatchObject({
      code: 'transaction-listing-not-found',
      title: apiErrors['transaction-listing-not-found'].title,
    });
    const closed = await bikeListing(seller.user.id, 3, { state: 'closed' });
    const closedAnswer = await lineItems(customer, closed.id, pickupOne);
    expect(closedAnswer.status).toBe(404);
    expect(errorOf(closedAnswer.body).code).toBe('transaction-listing-not-found');

    const tooMany = await lineItems(customer, listingId, {
      deliveryMethod: 'pickup',
      stockReservationQuantity: 51,
    });
    expect(tooMany.status).toBe(409);
    expect(errorOf(tooMany.body)).toMatchObject({
      code: 'transaction-listing-insufficient-stock',
      title: apiErrors['transaction-listing-insufficient-stock'].title,
    });
  });

  it('400 with the spec messages: quantity missing or 0, delivery method not enabled, shipping address fields', async () => {
    for (const orderData of [
      { deliveryMethod: 'pickup' },
      { deliveryMethod: 'pickup', stockReservationQuantity: 0 },
    ]) {
      const answer = await lineItems(customer, listingId, orderData);
      expect(answer.status, JSON.stringify(orderData)).toBe(400);
      expect(errorOf(answer.body)).toMatchObject({
        code: 'validation-invalid-params',
        title: 'transition should contain quantity information',
      });
    }

    const pickupOnly = await bikeListing(seller.user.id, 3, {
      publicData: { ...bikePublicData, shippingEnabled: false },
    });
    const notEnabled = await lineItems(customer, pickupOnly.id, {
      deliveryMethod: 'shipping',
      stockReservationQuantity: 1,
      shippingDetails,
    });
    expect(notEnabled.status).toBe(400);
    expect(errorOf(notEnabled.body)).toMatchObject({
      code: 'validation-invalid-params',
      title: productOrderMessages.deliveryMethodRequired,
    });

    // The checkout asks for a price before the address is typed: no address is fine, half of one is not.
    const noAddressYet = await lineItems(customer, listingId, shipTwo);
    expect(noAddressYet.status).toBe(200);
    const { recipientCity: _city, ...noCity } = shippingDetails;
    const noAddress = await lineItems(customer, listingId, { ...shipTwo, shippingDetails: noCity });
    expect(noAddress.status).toBe(400);
    expect(errorOf(noAddress.body).code).toBe('validation-invalid-params');
    const fields = errorOf(noAddress.body).meta?.fields as Record<string, string>;
    expect(Object.keys(fields)).toEqual(['recipientCity']);
    expect(fields.recipientCity).toEqual(expect.any(String));
  });
});

describe('a card order from initiate to completed', () => {
  it('speculative, real, retried, confirmed, shipped, received, completed; the money reconciles', async () => {
    const listing = await bikeListing(seller.user.id, 3);
    const checkoutKey = randomUUID();
    const txId = transactionIdFor(customer.user.id, checkoutKey);

    const speculative = await initiate(customer, listing.id, {
      orderData: shipTwo,
      checkoutKey,
      isSpeculative: true,
    });
    expect(speculative.status).toBe(200);
    expect(speculative.body.data.transaction).toMatchObject({
      speculative: true,
      payinTotal: { amount: 193_500, currency: 'USD' },
      payoutTotal: { amount: 174_500, currency: 'USD' },
    });
    expect(speculative.body.data.stripePaymentIntentClientSecret).toBeUndefined();
    expect(await stockOf(listing.id)).toBe(3);
    expect(await itemsUnder(txId)).toBe(0);

    const real = await initiate(customer, listing.id, { orderData: shipTwo, checkoutKey });
    expect(real.status, JSON.stringify(real.body)).toBe(201);
    const { transaction, stripePaymentIntentClientSecret, stripePaymentIntentId } = real.body.data;
    expect(transaction).toMatchObject({
      id: txId,
      state: 'pending-payment',
      customerId: customer.user.id,
      providerId: seller.user.id,
      listingId: listing.id,
      orderData: { deliveryMethod: 'shipping', quantity: 2, shippingDetails },
      payinTotal: { amount: 193_500, currency: 'USD' },
      paymentMethod: 'card',
    });
    expect(stripePaymentIntentClientSecret).toMatch(new RegExp(`^${stripePaymentIntentId}_secret_`));
    expect(JSON.stringify(transaction)).not.toContain(stripePaymentIntentId);
    // The order's address is the buyer's saved one now: the next checkout starts from it.
    expect((await api('GET', '/api/me', as(customer))).body.data.shippingAddress).toEqual(shippingDetails);

    const again = await initiate(customer, listing.id, { orderData: shipTwo, checkoutKey });
    expect(again.status).toBe(200);
    expect(again.body.data.transaction.id).toBe(txId);
    expect(again.body.data.stripePaymentIntentId).toBe(stripePaymentIntentId);
    expect(again.body.data.stripePaymentIntentClientSecret).toBe(stripePaymentIntentClientSecret);

    const confirmed = await confirmCard(customer, stripePaymentIntentId);
    expect(confirmed.body.data).toMatchObject({ id: stripePaymentIntentId, status: 'requires_capture' });
    const paid = await privileged(customer, txId, 'confirm-payment');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.transaction.state).toBe('purchased');
    expect(await stockOf(listing.id)).toBe(1);
    expect(Object.keys(await outboxOf(txId))).toEqual(['PaymentCaptured']);
    expect((await outboxOf(txId)).PaymentCaptured!.detail.data).toMatchObject({
      transactionId: txId,
      provider: 'stripe',
      providerPaymentId: stripePaymentIntentId,
      amount: { amount: 193_500, currency: 'USD' },
    });
    expect((await stored(txId)).payment).toMatchObject({
      capturedAt: expect.any(String),
      stripeChargeId: expect.stringMatching(/^ch_/),
    });

    const shipped = await transition(seller, txId, 'mark-delivered', {
      protectedData: { carrier: 'ups', trackingNumber: ' 1Z999 ' },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data).toMatchObject({
      state: 'delivered',
      protectedData: { carrier: 'ups', trackingNumber: '1Z999' },
    });

    const received = await privileged(customer, txId, 'mark-received');
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(['received', 'completed']).toContain(received.body.data.transaction.state);
    const done = await stored(txId);
    expect(done.state).toBe('completed');
    expect(done.transitions.map((t) => t.transition)).toEqual([
      'request-payment',
      'confirm-payment',
      'mark-delivered',
      'mark-received',
      'auto-complete',
    ]);
    expect(done.moneyOp).toBeUndefined();

    const events = await outboxOf(txId);
    expect(Object.keys(events).sort()).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
    expect(events.PayoutDisbursed!.detail.data).toMatchObject({
      sellerId: seller.user.id,
      provider: 'stripe',
      providerPayoutId: expect.stringMatching(/^tr_/),
      amount: { amount: 174_500, currency: 'USD' },
    });
    expect(events.CommissionEarned!.detail.data).toMatchObject({
      total: { amount: 19_000, currency: 'USD' },
      providerCommission: { amount: 19_000, currency: 'USD' },
    });
    const details = Object.values(events).map((item) => item.detail);
    expect(reconcile(details)).toEqual([]);
    expect(balances(details)).toMatchObject([
      { captured: 193_500, refunded: 0, paidOut: 174_500, commission: 19_000, difference: 0 },
    ]);
    expect(await stockOf(listing.id)).toBe(1);
  });
});

describe('refusals', () => {
  it('a seller without a payout account: 409 transaction-missing-stripe-account', async () => {
    const plain = await givenSeller();
    const listing = await bikeListing(plain.id, 2);
    for (const isSpeculative of [true, false]) {
      const answer = await initiate(customer, listing.id, { isSpeculative });
      expect(answer.status).toBe(409);
      expect(errorOf(answer.body)).toMatchObject({
        code: 'transaction-missing-stripe-account',
        title: messages.providerLacksPayoutInfo,
      });
    }
    expect(await stockOf(listing.id)).toBe(2);
  });

  it('another destination than the listing ships to: 400 with the countries it ships to, nothing reserved', async () => {
    const berlin = { address: 'Torstraße 1', city: 'Berlin', region: 'Berlin', country: 'DE' };
    const germanyOnly = await bikeListing(seller.user.id, 2, {
      publicData: { ...bikePublicData, location: berlin, shipsTo: { scope: 'seller-country' } },
    });
    const toParis = {
      ...shipTwo,
      shippingDetails: {
        ...shippingDetails,
        recipientCity: 'Paris',
        recipientPostal: '75001',
        recipientCountry: 'FR',
      },
    };
    const message = 'This seller does not ship to France. They ship to Germany.';
    const priced = await lineItems(customer, germanyOnly.id, toParis);
    const ordered = await initiate(customer, germanyOnly.id, { orderData: toParis });
    for (const refused of [priced, ordered]) {
      expect(refused.status).toBe(400);
      expect(errorOf(refused.body)).toMatchObject({
        code: 'validation-invalid-params',
        title: message,
        meta: { fields: { recipientCountry: message } },
      });
    }
    expect(await stockOf(germanyOnly.id)).toBe(2);
    const toBerlin = { ...toParis, shippingDetails: { ...toParis.shippingDetails, recipientCountry: 'DE' } };
    expect((await lineItems(customer, germanyOnly.id, toBerlin)).status).toBe(200);
    // A listing without the setting ships anywhere, as before it existed.
    expect((await lineItems(customer, listingId, toParis)).status).toBe(200);
  });

  it('the own listing: 403; a quantity error: 400', async () => {
    const own = await initiate(seller, listingId);
    expect(own.status).toBe(403);
    expect(errorOf(own.body).code).toBe('forbidden');
    const noQuantity = await initiate(customer, listingId, { orderData: { deliveryMethod: 'pickup' } });
    expect(noQuantity.status).toBe(400);
    expect(errorOf(noQuantity.body).title).toBe('transition should contain quantity information');
  });

  it('a declined card: 402 at the confirm, then 402 transaction-payment-failed at confirm-payment', async () => {
    const initiated = await initiate(customer, listingId);
    expect(initiated.status).toBe(201);
    const { transaction, stripePaymentIntentId } = initiated.body.data;
    const declined = await confirmCard(customer, stripePaymentIntentId, testCards.declined);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined' });
    const confirm = await privileged(customer, transaction.id, 'confirm-payment');
    expect(confirm.status).toBe(402);
    expect(errorOf(confirm.body)).toMatchObject({
      code: 'transaction-payment-failed',
      title: apiErrors['transaction-payment-failed'].title,
    });
    expect((await stored(transaction.id)).state).not.toBe('purchased');
  });

  it("an order below Stripe's minimum: the §8 amount too low before Stripe is asked; a zero price: zero pay-in", async () => {
    // The minimum listing price is 0 (shared/config/marketplace minimumListingPriceMinor), so 40 ¢ is a
    // valid price, but below the card's minimum charge (shared/config/charge-limits).
    const cheap = await bikeListing(seller.user.id, 2, { price: { amount: 40, currency: 'USD' } });
    const answer = await initiate(customer, cheap.id);
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body)).toMatchObject({
      code: 'transaction-charge-zero-payin',
      title: messages.amountTooLow,
    });
    expect(await stockOf(cheap.id)).toBe(2);

    const free = await bikeListing(seller.user.id, 2, { price: { amount: 0, currency: 'USD' } });
    const zero = await initiate(customer, free.id);
    expect(errorOf(zero.body).code).toBe('transaction-charge-zero-payin');
    expect(zero.status).toBe(apiErrors['transaction-charge-zero-payin'].status);
    expect(await stockOf(free.id)).toBe(2);
  });

  it('wrong actor, stranger, privileged and non-privileged names, wrong state', async () => {
    const initiated = await initiate(customer, listingId);
    const id = initiated.body.data.transaction.id as string;

    const byProvider = await privileged(seller, id, 'confirm-payment');
    expect(byProvider.status).toBe(403);
    expect(errorOf(byProvider.body).code).toBe('forbidden');
    const byStranger = await privileged(stranger, id, 'confirm-payment');
    expect(byStranger.status).toBe(404);
    expect((await transition(stranger, id, 'cancel-payment')).status).toBe(404);
    expect((await api('GET', `/api/transactions/${id}`, as(stranger))).status).toBe(404);

    const nonPrivileged = await privileged(seller, id, 'mark-delivered');
    expect(nonPrivileged.status).toBe(403);
    expect(errorOf(nonPrivileged.body).code).toBe('forbidden');
    const privilegedName = await transition(customer, id, 'confirm-payment');
    expect(privilegedName.status).toBe(403);
    expect(errorOf(privilegedName.body).code).toBe('forbidden');

    const early = await transition(seller, id, 'mark-delivered');
    expect(early.status).toBe(409);
    expect(errorOf(early.body)).toMatchObject({
      code: 'transaction-invalid-transition',
      title: apiErrors['transaction-invalid-transition'].title,
    });

    // A purchased order (made now: the payment window above may have closed): wrong-state transitions.
    const paid = await paidCardOrder(customer, listingId);
    const wrongState = await privileged(customer, paid.id, 'mark-received');
    expect(wrongState.status).toBe(409);
    expect(errorOf(wrongState.body).code).toBe('transaction-invalid-transition');
    const twice = await privileged(customer, paid.id, 'confirm-payment');
    expect(twice.status).toBe(409);
    expect(errorOf(twice.body).code).toBe('transaction-invalid-transition');
  });

  it('a dispute needs a reason (400, the spec message)', async () => {
    const order = await paidCardOrder(customer, listingId);
    expect((await transition(seller, order.id, 'mark-delivered')).status).toBe(200);
    const noReason = await transition(customer, order.id, 'dispute', {
      protectedData: { disputeReason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(errorOf(noReason.body)).toMatchObject({
      code: 'validation-invalid-params',
      title: 'You need to specify a reason',
      meta: { fields: { disputeReason: 'You need to specify a reason' } },
    });
    // Free text is not a reason of the list (issue 25: the reason is chosen, the words are details).
    const freeText = await transition(customer, order.id, 'dispute', {
      protectedData: { disputeReason: 'The frame is cracked.' },
    });
    expect(freeText.status).toBe(400);
    const disputed = await transition(customer, order.id, 'dispute', {
      protectedData: { disputeReason: 'damaged', disputeDetails: 'The frame is cracked.' },
    });
    expect(disputed.status).toBe(200);
    expect(disputed.body.data).toMatchObject({
      state: 'disputed',
      protectedData: { disputeReason: 'damaged', disputeDetails: 'The frame is cracked.' },
    });
  });

  it('the customer cancels within the window: canceled, stock back, refunded', async () => {
    const listing = await bikeListing(seller.user.id, 2);
    const order = await paidCardOrder(customer, listing.id);
    expect(await stockOf(listing.id)).toBe(1);
    const canceled = await privileged(customer, order.id, 'cancel');
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.data.transaction.state).toBe('canceled');
    expect(await stockOf(listing.id)).toBe(2);
    const tx = await stored(order.id);
    expect(tx.moneyOp).toBeUndefined();
    expect(tx.payment).toMatchObject({ refundId: expect.stringMatching(/^re_/) });
    const events = await outboxOf(order.id);
    expect(Object.keys(events).sort()).toEqual(['PaymentCaptured', 'RefundIssued']);
    expect(events.RefundIssued!.detail.data).toMatchObject({
      reason: 'canceled',
      provider: 'stripe',
      amount: { amount: 95_000, currency: 'USD' },
    });
    const details = Object.values(events).map((item) => item.detail);
    expect(reconcile(details)).toEqual([]);
    expect(balances(details)).toMatchObject([
      { captured: 95_000, refunded: 95_000, paidOut: 0, commission: 0, difference: 0 },
    ]);
  });

  it('the customer cannot cancel after the (scaled) 3-hour window: 409', async () => {
    const order = await paidCardOrder(customer, listingId);
    // Purchased a second longer ago than the scaled window (65 s), by its recorded entry time
    // (what the window is counted from), instead of waiting it out.
    const windowMs = 3 * HOUR_MS * Number(process.env.VELO_TIMER_SCALE);
    const purchasedAt = new Date(Date.parse((await stored(order.id)).entered.purchased!) - windowMs - 1000);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.transaction(order.id),
        UpdateExpression: 'SET #entered.#purchased = :at',
        ExpressionAttributeNames: { '#entered': 'entered', '#purchased': 'purchased' },
        ExpressionAttributeValues: { ':at': purchasedAt.toISOString() },
      }),
    );
    const late = await privileged(customer, order.id, 'cancel');
    expect(late.status).toBe(409);
    expect(errorOf(late.body).code).toBe('transaction-invalid-transition');
    expect((await stored(order.id)).state).toBe('purchased');
  });
});

describe('enquiry, then payment', () => {
  it('enquires (201), refuses the own listing (403), then request-payment-after-enquiry reserves the stock', async () => {
    const listing = await bikeListing(seller.user.id, 2);
    const own = await enquire(seller, listing.id);
    expect(own.status).toBe(403);
    expect(errorOf(own.body).code).toBe('forbidden');

    const enquired = await enquire(customer, listing.id);
    expect(enquired.status, JSON.stringify(enquired.body)).toBe(201);
    expect(enquired.body.data).toMatchObject({
      state: 'enquiry',
      customerId: customer.user.id,
      listingId: listing.id,
    });
    expect(await stockOf(listing.id)).toBe(2);
    const id = enquired.body.data.id as string;

    const byProvider = await privileged(seller, id, 'request-payment-after-enquiry', {
      deliveryMethod: 'pickup',
      stockReservationQuantity: 1,
      paymentMethod: 'card',
    });
    expect(byProvider.status).toBe(403);

    const ordered = await privileged(customer, id, 'request-payment-after-enquiry', {
      ...shipTwo,
      paymentMethod: 'card',
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const { transaction, stripePaymentIntentClientSecret, stripePaymentIntentId } = ordered.body.data;
    expect(transaction).toMatchObject({
      id,
      state: 'pending-payment',
      orderData: { deliveryMethod: 'shipping', quantity: 2 },
      payinTotal: { amount: 193_500, currency: 'USD' },
      paymentMethod: 'card',
    });
    expect(stripePaymentIntentClientSecret).toMatch(/_secret_/);
    expect(await stockOf(listing.id)).toBe(0);
    expect((await confirmCard(customer, stripePaymentIntentId)).status).toBe(200);
    const paid = await privileged(customer, id, 'confirm-payment');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.transaction.state).toBe('purchased');
  });
});

describe('the payment window and other card paths', () => {
  const provider = () => new SimulatedCardProvider({ origin: testCloud().url });

  it('an unpaid order expires: payment-expired, stock back, PaymentIntent voided, no money events; confirm-payment then 409', async () => {
    const listing = await bikeListing(seller.user.id, 1);
    const initiated = await initiate(customer, listing.id);
    expect(initiated.status).toBe(201);
    const { transaction, stripePaymentIntentId } = initiated.body.data;
    expect(await stockOf(listing.id)).toBe(0);
    const expired = await eventually(
      async () => {
        const tx = await stored(transaction.id);
        return tx.state === 'payment-expired' && !tx.moneyOp ? tx : undefined;
      },
      { timeoutMs: 20_000 }, // the 5.4-s window, then the workflow's whole-second wait
    );
    expect(expired.lastTransition).toBe('expire-payment');
    expect(await stockOf(listing.id)).toBe(1);
    expect((await provider().retrievePaymentIntent(stripePaymentIntentId)).status).toBe('canceled');
    expect(await outboxOf(transaction.id)).toEqual({});

    const late = await privileged(customer, transaction.id, 'confirm-payment');
    expect(late.status).toBe(409);
    expect(errorOf(late.body)).toMatchObject({
      code: 'transaction-invalid-transition',
      title: messages.paymentExpired,
    });
  });

  it('the customer abandons the payment (cancel-payment): stock back at once', async () => {
    const listing = await bikeListing(seller.user.id, 1);
    const initiated = await initiate(customer, listing.id);
    const id = initiated.body.data.transaction.id as string;
    const abandoned = await transition(customer, id, 'cancel-payment');
    expect(abandoned.status, JSON.stringify(abandoned.body)).toBe(200);
    expect(abandoned.body.data.state).toBe('payment-expired');
    expect(await stockOf(listing.id)).toBe(1);
    expect((await stored(id)).moneyOp).toBeUndefined();
    expect((await provider().retrievePaymentIntent(initiated.body.data.stripePaymentIntentId)).status).toBe(
      'canceled',
    );
  });

  it('a 3-D Secure card not yet authenticated: confirm-payment 402; authenticated: purchased', async () => {
    const initiated = await initiate(customer, listingId);
    const { transaction, stripePaymentIntentId } = initiated.body.data;
    const action = await confirmCard(customer, stripePaymentIntentId, testCards.authenticationRequired);
    expect(action.body.data.status).toBe('requires_action');
    const refused = await privileged(customer, transaction.id, 'confirm-payment');
    expect(refused.status).toBe(402);
    expect(errorOf(refused.body)).toMatchObject({
      code: 'transaction-payment-failed',
      meta: { stripeCode: 'payment_intent_authentication_failure' },
    });
    const passed = await api(
      'POST',
      `/api/simulated-stripe/payment-intents/${stripePaymentIntentId}/confirm`,
      {
        ...as(customer),
        body: { ...card(testCards.authenticationRequired), authenticate: true },
      },
    );
    expect(passed.body.data.status).toBe('requires_capture');
    const paid = await privileged(customer, transaction.id, 'confirm-payment');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.transaction.state).toBe('purchased');
  });

  it('the buyer marks a card order received without shipping: the seller is paid, the order completes', async () => {
    const order = await paidCardOrder(customer, listingId);
    expect(
      (await api('GET', '/api/me/notifications', as(seller))).body.data.saleNotificationCount,
    ).toBeGreaterThan(0);
    const received = await privileged(customer, order.id, 'mark-received-from-purchased');
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect((await stored(order.id)).state).toBe('completed');
    const events = await outboxOf(order.id);
    expect(Object.keys(events).sort()).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
    expect(reconcile(Object.values(events).map((item) => item.detail))).toEqual([]);

    const shown = await api('GET', `/api/transactions/${order.id}`, as(seller));
    expect(shown.status).toBe(200);
    expect(shown.body.data.transaction.state).toBe('completed');
    const text = JSON.stringify(shown.body);
    expect(text).not.toContain(order.paymentIntentId);
    expect(text).not.toContain('stripeChargeId');
    expect(text).not.toContain('moneyOp');
  });

  it('a checkout key already used for another listing: 400; an unknown listing at enquire: 404', async () => {
    const listing = await bikeListing(seller.user.id, 2);
    const checkoutKey = randomUUID();
    expect((await initiate(customer, listing.id, { checkoutKey })).status).toBe(201);
    const reused = await initiate(customer, listingId, { checkoutKey });
    expect(reused.status).toBe(400);
    expect(errorOf(reused.body).code).toBe('validation-invalid-params');
    expect(await stockOf(listing.id)).toBe(1);

    const unknown = await enquire(customer, randomUUID());
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body).code).toBe('transaction-listing-not-found');
  });

  it('request-payment-after-enquiry for more than the stock: 409, nothing reserved', async () => {
    const listing = await bikeListing(seller.user.id, 1);
    const enquired = await enquire(customer, listing.id);
    const id = enquired.body.data.id as string;
    const tooMany = await privileged(customer, id, 'request-payment-after-enquiry', {
      ...shipTwo,
      paymentMethod: 'card',
    });
    expect(tooMany.status).toBe(409);
    expect(errorOf(tooMany.body).code).toBe('transaction-listing-insufficient-stock');
    expect(await stockOf(listing.id)).toBe(1);
    expect((await stored(id)).state).toBe('enquiry');
    const noQuantity = await privileged(customer, id, 'request-payment-after-enquiry', {
      deliveryMethod: 'pickup',
      paymentMethod: 'card',
    });
    expect(noQuantity.status).toBe(400);
    expect(errorOf(noQuantity.body).title).toBe('transition should contain quantity information');
  });

  it('an order made after an enquiry expires like any other (its workflow runs)', async () => {
    const listing = await bikeListing(seller.user.id, 1);
    const enquired = await enquire(customer, listing.id);
    const id = enquired.body.data.id as string;
    const ordered = await privileged(customer, id, 'request-payment-after-enquiry', {
      ...pickupOne,
      paymentMethod: 'card',
    });
    expect(ordered.status).toBe(200);
    expect(await stockOf(listing.id)).toBe(0);
    await eventually(async () => ((await stored(id)).state === 'payment-expired' ? true : undefined), {
      timeoutMs: 20_000,
    });
    expect(await stockOf(listing.id)).toBe(1);
  });
});

describe('saved cards and versions', () => {
  it('pays with the saved card (stripePaymentMethodId), and refuses a card that is not the buyer’s', async () => {
    const payer = await buyer('Carla');
    const setup = await api('POST', '/api/stripe/setup-intents', as(payer));
    expect(setup.status).toBe(201);
    const confirmedSetup = await api(
      'POST',
      `/api/simulated-stripe/setup-intents/${setup.body.data.setupIntentId}/confirm`,
      { ...as(payer), body: card() },
    );
    const paymentMethodId = confirmedSetup.body.data.paymentMethodId as string;
    expect(
      (
        await api('PUT', '/api/me/payment-method', {
          ...as(payer),
          body: { stripePaymentMethodId: paymentMethodId },
        })
      ).status,
    ).toBe(200);

    const notMine = await initiate(customer, listingId, { stripePaymentMethodId: paymentMethodId });
    expect(notMine.status).toBe(400);
    expect(errorOf(notMine.body).code).toBe('validation-invalid-params');

    const initiated = await initiate(payer, listingId, { stripePaymentMethodId: paymentMethodId });
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(201);
    const { transaction, stripePaymentIntentId } = initiated.body.data;
    const confirmed = await api(
      'POST',
      `/api/simulated-stripe/payment-intents/${stripePaymentIntentId}/confirm`,
      {
        ...as(payer),
        body: { paymentMethodId },
      },
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.status).toBe('requires_capture');
    const paid = await privileged(payer, transaction.id, 'confirm-payment');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.transaction.state).toBe('purchased');
  });

  it('a transition on a version the order has moved past: 409', async () => {
    const order = await paidCardOrder(customer, listingId);
    const version = (await stored(order.id)).version;
    const stale = await api('POST', `/api/transactions/${order.id}/transition`, {
      ...as(seller),
      body: { transition: 'mark-delivered', expectedVersion: version - 1 },
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).code).toBe('transaction-invalid-transition');
    const current = await api('POST', `/api/transactions/${order.id}/transition`, {
      ...as(seller),
      body: { transition: 'mark-delivered', expectedVersion: version },
    });
    expect(current.status).toBe(200);
    expect(current.body.data.version).toBe(version + 1);
  });
});
