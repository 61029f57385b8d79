import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, messages } from '../../shared/errors/catalogue';
import { balances, reconcile } from '../../shared/events/reconcile';
import { api, errorOf, type TestAccount, testCloud } from './accounts';
import {
  as,
  bikeListing,
  buyer,
  initiate,
  initiatePaypal,
  outboxOf,
  paidPaypalOrder,
  paypalOrder,
  paypalSeller,
  privileged,
  stockOf,
  stored,
  transition,
} from './order-fixtures';

// The PayPal order over HTTP (docs/design/orders.md, "API routes" and "Money"; spec §7
// disburse-paypal-funds) against the suite's local cloud with the simulated PayPal: create,
// approve, initiate, confirm-payment (capture), disburse-paypal-funds (customer only, idempotent,
// holds the payout lock: 'Transition already in progress'), mark-received-from-purchased →
// completed; and initiate's refusals of PayPal orders.

let seller: TestAccount & { merchantId: string };
let customer: TestAccount;
let stranger: TestAccount;
let listingId: string;

beforeAll(async () => {
  testCloud();
  [seller, customer, stranger] = await Promise.all([paypalSeller(), buyer('Paula'), buyer('Stan')]);
  listingId = (await bikeListing(seller.user.id, 50)).id;
});

const disburse = (account: TestAccount, sharetribeTransactionId: string, paypalTransactionId: string) =>
  api('POST', '/api/disburse-paypal-funds', {
    ...as(account),
    body: { paypalTransactionId, sharetribeTransactionId },
  });

describe('a PayPal order from create-paypal-order to completed', () => {
  it('captures at confirm-payment, disburses once for the customer, and completes; the money reconciles', async () => {
    const listing = await bikeListing(seller.user.id, 2);
    const checkoutKey = randomUUID();
    const paypalOrderId = await paypalOrder(customer, listing.id, checkoutKey);
    const initiated = await initiate(customer, listing.id, {
      paymentMethod: 'paypal',
      paypalOrderId,
      checkoutKey,
    });
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(201);
    expect(initiated.body.data.stripePaymentIntentClientSecret).toBeUndefined();
    const id = initiated.body.data.transaction.id as string;
    expect(initiated.body.data.transaction).toMatchObject({
      state: 'pending-payment',
      paymentMethod: 'paypal',
      payinTotal: { amount: 95_000, currency: 'USD' },
      protectedData: { paypalOrderId },
    });
    expect(await stockOf(listing.id)).toBe(1);

    const paid = await privileged(customer, id, 'confirm-payment');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const captured = paid.body.data.transaction;
    expect(captured.state).toBe('purchased');
    const paypalTransactionId = captured.protectedData.paypalTransactionId as string;
    expect(paypalTransactionId).toMatch(/^SIMCAPTURE/);
    expect((await outboxOf(id)).PaymentCaptured?.detail.data).toMatchObject({
      provider: 'paypal',
      providerPaymentId: paypalTransactionId,
      amount: { amount: 95_000, currency: 'USD' },
    });

    // Only the customer disburses; a stranger does not see the order; the capture must be this order's.
    const byProvider = await disburse(seller, id, paypalTransactionId);
    expect(byProvider.status).toBe(403);
    expect(errorOf(byProvider.body).code).toBe('forbidden');
    expect((await disburse(stranger, id, paypalTransactionId)).status).toBe(404);
    const wrongCapture = await disburse(customer, id, 'SIMCAPTURENOTTHIS');
    expect(wrongCapture.status).toBe(400);
    expect(errorOf(wrongCapture.body).code).toBe('validation-invalid-params');
    expect((await disburse(customer, randomUUID(), paypalTransactionId)).status).toBe(404);

    const disbursed = await disburse(customer, id, paypalTransactionId);
    expect(disbursed.status, JSON.stringify(disbursed.body)).toBe(200);
    const paypalDisbursementId = disbursed.body.data.paypalDisbursementId as string;
    expect(paypalDisbursementId).toEqual(expect.any(String));
    const again = await disburse(customer, id, paypalTransactionId);
    expect(again.body.data).toEqual({ paypalDisbursementId });

    // The payout lock is held until mark-received-from-purchased: the seller's mark-delivered waits.
    const held = await stored(id);
    expect(held.moneyOp).toMatchObject({ op: 'payout', transition: 'mark-received-from-purchased' });
    const shipped = await transition(seller, id, 'mark-delivered', {
      protectedData: { trackingNumber: '1Z' },
    });
    expect(shipped.status).toBe(409);
    expect(errorOf(shipped.body)).toMatchObject({
      code: 'transition-in-progress',
      title: 'Transition already in progress',
    });
    const cancel = await privileged(customer, id, 'cancel');
    expect(cancel.status).toBe(409);
    expect(errorOf(cancel.body).code).toBe('transition-in-progress');

    const wrongId = await privileged(customer, id, 'mark-received-from-purchased', {
      paypalDisbursementId: 'SIMPAYOUTNOTTHIS',
    });
    expect(wrongId.status).toBe(400);
    expect(errorOf(wrongId.body).code).toBe('validation-invalid-params');

    const received = await privileged(customer, id, 'mark-received-from-purchased', { paypalDisbursementId });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.data.transaction.protectedData).toMatchObject({
      paypalDisbursementId,
      paypalTransactionId,
    });
    const done = await stored(id);
    expect(done.state).toBe('completed');
    expect(done.moneyOp).toBeUndefined();
    expect(done.transitions.map((t) => t.transition)).toEqual([
      'request-payment',
      'confirm-payment',
      'mark-received-from-purchased',
      'auto-complete',
    ]);

    const events = await outboxOf(id);
    expect(Object.keys(events).sort()).toEqual(['CommissionEarned', 'PaymentCaptured', 'PayoutDisbursed']);
    expect(events.PayoutDisbursed!.detail.data).toMatchObject({
      provider: 'paypal',
      providerPayoutId: paypalDisbursementId,
      amount: { amount: 85_500, currency: 'USD' },
    });
    const details = Object.values(events).map((item) => item.detail);
    expect(reconcile(details)).toEqual([]);
    expect(balances(details)).toMatchObject([
      { captured: 95_000, refunded: 0, paidOut: 85_500, commission: 9_500, difference: 0 },
    ]);

    // Disbursing a completed order answers the same id; the lock does not come back.
    expect((await disburse(customer, id, paypalTransactionId)).body.data).toEqual({ paypalDisbursementId });
    expect((await stored(id)).moneyOp).toBeUndefined();
    expect(await stockOf(listing.id)).toBe(1);
  });

  it('disburse-paypal-funds before the payment is captured: 400', async () => {
    const { initiated } = await initiatePaypal(customer, listingId);
    expect(initiated.status).toBe(201);
    const early = await disburse(customer, initiated.body.data.transaction.id, 'SIMCAPTURE');
    expect(early.status).toBe(400);
  });

  it('the customer cancels a PayPal order: the capture is refunded', async () => {
    const listing = await bikeListing(seller.user.id, 1);
    const order = await paidPaypalOrder(customer, listing.id);
    expect(await stockOf(listing.id)).toBe(0);
    const canceled = await privileged(customer, order.id, 'cancel');
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.data.transaction.state).toBe('canceled');
    expect(await stockOf(listing.id)).toBe(1);
    const events = await outboxOf(order.id);
    expect(events.RefundIssued?.detail.data).toMatchObject({ provider: 'paypal', reason: 'canceled' });
    expect(reconcile(Object.values(events).map((item) => item.detail))).toEqual([]);
    expect((await stored(order.id)).payment).toMatchObject({ refundId: expect.stringMatching(/^SIMREFUND/) });
  });
});

describe('a delivered PayPal order', () => {
  it('disburse then mark-received with the id: completed, paid out once', async () => {
    const order = await paidPaypalOrder(customer, listingId);
    const capture = order.view.protectedData.paypalTransactionId as string;
    expect((await transition(seller, order.id, 'mark-delivered')).status).toBe(200);
    const disbursed = await disburse(customer, order.id, capture);
    expect(disbursed.status, JSON.stringify(disbursed.body)).toBe(200);
    const { paypalDisbursementId } = disbursed.body.data;
    expect((await stored(order.id)).moneyOp).toMatchObject({ op: 'payout', transition: 'mark-received' });
    const dispute = await transition(customer, order.id, 'dispute', {
      protectedData: { disputeReason: 'other', disputeDetails: 'Late' },
    });
    expect(dispute.status).toBe(409);
    expect(errorOf(dispute.body).code).toBe('transition-in-progress');
    const received = await privileged(customer, order.id, 'mark-received', { paypalDisbursementId });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect((await stored(order.id)).state).toBe('completed');
    const events = await outboxOf(order.id);
    expect(events.PayoutDisbursed?.detail.data).toMatchObject({ providerPayoutId: paypalDisbursementId });
    expect(reconcile(Object.values(events).map((item) => item.detail))).toEqual([]);
  });

  it('mark-received without disbursing first: the transition disburses itself', async () => {
    const order = await paidPaypalOrder(customer, listingId);
    expect((await transition(seller, order.id, 'mark-delivered')).status).toBe(200);
    const received = await privileged(customer, order.id, 'mark-received');
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const done = await stored(order.id);
    expect(done.state).toBe('completed');
    expect(done.moneyOp).toBeUndefined();
    const events = await outboxOf(order.id);
    expect(events.PayoutDisbursed?.detail.data).toMatchObject({
      provider: 'paypal',
      providerPayoutId: done.protectedData.paypalDisbursementId,
    });
    expect(reconcile(Object.values(events).map((item) => item.detail))).toEqual([]);
    // Disbursing afterwards answers the same disbursement.
    const capture = order.view.protectedData.paypalTransactionId as string;
    expect((await disburse(customer, order.id, capture)).body.data).toEqual({
      paypalDisbursementId: done.protectedData.paypalDisbursementId,
    });
  });

  it('disburse-paypal-funds on a canceled order: 409', async () => {
    const order = await paidPaypalOrder(customer, listingId);
    expect((await privileged(customer, order.id, 'cancel')).status).toBe(200);
    const capture = order.view.protectedData.paypalTransactionId as string;
    const late = await disburse(customer, order.id, capture);
    expect(late.status).toBe(409);
    expect(errorOf(late.body).code).toBe('transaction-invalid-transition');
  });

  it('the provider cannot cancel or mark received; the customer cannot mark delivered', async () => {
    const order = await paidPaypalOrder(customer, listingId);
    for (const name of ['cancel', 'mark-received-from-purchased']) {
      const answer = await privileged(seller, order.id, name);
      expect(answer.status, name).toBe(403);
      expect(errorOf(answer.body).code).toBe('forbidden');
    }
    const byCustomer = await transition(customer, order.id, 'mark-delivered');
    expect(byCustomer.status).toBe(403);
    expect((await stored(order.id)).state).toBe('purchased');
  });
});

describe('initiate-privileged with a PayPal order', () => {
  it('refuses an unapproved or canceled PayPal order (402 with the PayPal messages)', async () => {
    for (const [action, title] of [
      ['none', messages.paypalPaymentError],
      ['cancel', messages.paypalPaymentCanceled],
    ] as const) {
      const { initiated } = await initiatePaypal(customer, listingId, action);
      expect(initiated.status, action).toBe(402);
      expect(errorOf(initiated.body)).toMatchObject({ code: 'transaction-payment-failed', title });
    }
  });

  it('refuses a PayPal order of another checkout (400), a missing one (400), and another buyer’s (400)', async () => {
    const first = randomUUID();
    const orderId = await paypalOrder(customer, listingId, first);
    const otherCheckout = await initiate(customer, listingId, {
      paymentMethod: 'paypal',
      paypalOrderId: orderId,
      checkoutKey: randomUUID(),
    });
    expect(otherCheckout.status).toBe(400);
    expect(errorOf(otherCheckout.body).code).toBe('validation-invalid-params');

    const missing = await initiate(customer, listingId, {
      paymentMethod: 'paypal',
      checkoutKey: randomUUID(),
    });
    expect(missing.status).toBe(400);

    const theirs = await initiate(stranger, listingId, {
      paymentMethod: 'paypal',
      paypalOrderId: orderId,
      checkoutKey: first,
    });
    expect(theirs.status).toBe(400);
  });

  it('a seller without PayPal: 409 transaction-missing-stripe-account', async () => {
    const plain = await buyer('Nopal');
    const listing = await bikeListing(plain.user.id, 1);
    const answer = await initiate(customer, listing.id, {
      paymentMethod: 'paypal',
      paypalOrderId: 'SIMORDERX',
      checkoutKey: randomUUID(),
    });
    expect(answer.status).toBe(409);
    expect(errorOf(answer.body)).toMatchObject({
      code: 'transaction-missing-stripe-account',
      title: apiErrors['transaction-missing-stripe-account'].title,
    });
  });
});
