import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../../functions/accounts/repository';
import { dynamo, tableName } from '../../functions/lib/aws';
import type { ApiError } from '../../functions/lib/http';
import { keys, paypalKeys } from '../../functions/lib/table-design';
import { transactionIdFor } from '../../functions/orders/record';
import { checkApprovedOrder, paypalOrderOwner } from '../../functions/payments/paypal/orders';
import { PaypalRefusal } from '../../functions/payments/paypal/port';
import { simulatedPaypalAdapter } from '../../functions/payments/paypal/simulated';
import { messages } from '../../shared/errors/catalogue';
import { api, errorOf, signUp, type TestAccount, testCloud } from './accounts';
import { givenPaypalSeller, givenSeller } from './fixtures';
import { bikeListing, shippingDetails } from './order-fixtures';
import { as } from './own-listing-fixtures';

// create-paypal-order, get-paypal-order and the simulated PayPal popup over HTTP against the local
// cloud (no PayPal keys: the simulated PayPal), plus the simulated adapter's capture, refund and
// disbursement rules and the check the initiate route makes of an approved order.

const paypal = simulatedPaypalAdapter();

function createBody(listingId: string, extra: Record<string, unknown> = {}) {
  return {
    listingId,
    checkoutKey: randomUUID(),
    orderData: { deliveryMethod: 'shipping', stockReservationQuantity: 2, shippingDetails },
    ...extra,
  };
}

const simulatedOrderItem = async (orderId: string) =>
  (
    await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: paypalKeys.simulatedOrder(orderId),
        ConsistentRead: true,
      }),
    )
  ).Item;

let buyer: TestAccount;
let other: TestAccount;
let seller: { id: string; merchantId: string };
let listingId: string;

beforeAll(async () => {
  testCloud();
  [buyer, other, seller] = await Promise.all([signUp(), signUp(), givenPaypalSeller()]);
  listingId = (await bikeListing(seller.id, 3)).id;
});

async function createOrder(account: TestAccount, body: Record<string, unknown>) {
  return api('POST', '/api/create-paypal-order', { ...as(account), body });
}

describe('POST /api/create-paypal-order', () => {
  it('makes a PayPal order from the server price: item total, shipping, platform fee, payee, reference id', async () => {
    const body = createBody(listingId);
    const created = await createOrder(buyer, body);
    expect(created.status).toBe(201);
    const view = created.body.data;
    // 2 × $950 + shipping $25 + $10 = $1,935.00; the 10 % commission on the items is PayPal's platform fee.
    expect(view).toEqual({
      id: expect.stringMatching(/^SIMORDER/),
      status: 'CREATED',
      amount: { amount: 193_500, currency: 'USD' },
    });
    expect(view).not.toHaveProperty('approveUrl');

    const transactionId = transactionIdFor(buyer.user.id, body.checkoutKey);
    expect(await paypal.getOrder(view.id)).toEqual({
      id: view.id,
      status: 'CREATED',
      referenceId: transactionId,
      amount: { currency_code: 'USD', value: '1935.00' },
      payeeMerchantId: seller.merchantId,
    });
    expect((await simulatedOrderItem(view.id))?.breakdown).toEqual({
      itemTotal: { currency_code: 'USD', value: '1900.00' },
      shipping: { currency_code: 'USD', value: '35.00' },
      platformFee: { currency_code: 'USD', value: '190.00' },
    });
    expect(await paypalOrderOwner(view.id)).toMatchObject({
      ...keys.paypalOrder(view.id),
      entity: 'paypal-order',
      orderId: view.id,
      userId: buyer.user.id,
      transactionId,
      listingId,
      checkoutKey: body.checkoutKey,
      payinTotal: { amount: 193_500, currency: 'USD' },
      payeeMerchantId: seller.merchantId,
      createdAt: expect.any(String),
    });

    // The same checkout again: the same order (PayPal-Request-Id paypal-order-<txId>).
    const again = await createOrder(buyer, body);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(view.id);
  });

  it('accepts the client amounts when they are the server’s, and refuses any that differ', async () => {
    const right = {
      subtotal: '1935.00',
      item_total: '1900',
      shipping: '35.00',
      tax: '0.00',
      platform_fee: '190.00',
      currency: 'USD',
      payee: seller.merchantId,
    };
    expect((await createOrder(buyer, createBody(listingId, right))).status).toBe(201);
    for (const wrong of [
      { item_total: '1899.00' },
      { subtotal: '1900.00' },
      { shipping: '0.00' },
      { tax: '1.00' },
      { platform_fee: '0.00' },
      { currency: 'EUR' },
      { payee: 'SOMEONEELSE01' },
      { item_total: 'lots' },
    ]) {
      const answer = await createOrder(buyer, createBody(listingId, { ...right, ...wrong }));
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
      expect(errorOf(answer.body).code).toBe('validation-invalid-params');
      expect(errorOf(answer.body).meta?.fields).toHaveProperty(Object.keys(wrong)[0]!);
    }
  });

  it('applies the order rules: own listing 403, unknown listing 404, no stock 409, no quantity or delivery 400', async () => {
    const own = await bikeListing(buyer.user.id, 3);
    const ownAnswer = await createOrder(buyer, createBody(own.id));
    expect(ownAnswer.status).toBe(403);
    expect(errorOf(ownAnswer.body).code).toBe('forbidden');

    const missing = await createOrder(buyer, createBody(randomUUID()));
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body).code).toBe('transaction-listing-not-found');

    const tooMany = await createOrder(buyer, {
      ...createBody(listingId),
      orderData: { deliveryMethod: 'shipping', stockReservationQuantity: 4, shippingDetails },
    });
    expect(tooMany.status).toBe(409);
    expect(errorOf(tooMany.body).code).toBe('transaction-listing-insufficient-stock');

    const noQuantity = await createOrder(buyer, {
      ...createBody(listingId),
      orderData: { deliveryMethod: 'pickup' },
    });
    expect(noQuantity.status).toBe(400);
    expect(errorOf(noQuantity.body)).toMatchObject({
      code: 'validation-invalid-params',
      title: 'transition should contain quantity information',
    });

    const noDelivery = await createOrder(buyer, {
      ...createBody(listingId),
      orderData: { stockReservationQuantity: 1 },
    });
    expect(noDelivery.status).toBe(400);

    const noKey = await createOrder(buyer, { ...createBody(listingId), checkoutKey: '' });
    expect(noKey.status).toBe(400);
  });

  it('refuses a seller who is not PayPal payout-ready (transaction-missing-stripe-account)', async () => {
    const plain = await givenSeller();
    const listing = await bikeListing(plain.id, 3);
    const answer = await createOrder(buyer, createBody(listing.id));
    expect(answer.status).toBe(409);
    expect(errorOf(answer.body)).toMatchObject({
      code: 'transaction-missing-stripe-account',
      title: messages.providerLacksPayoutInfo,
    });

    // Onboarded but offboarded since: refused too.
    const gone = await givenPaypalSeller();
    await updateUser(gone.id, {
      set: {
        paypal: {
          merchantId: gone.merchantId,
          paypalOnboarded: true,
          isPaymentsReceivable: true,
          paypalOffboarded: true,
        },
      },
    });
    const goneListing = await bikeListing(gone.id, 3);
    expect((await createOrder(buyer, createBody(goneListing.id))).status).toBe(409);
  });

  it('needs a signed-in user', async () => {
    expect((await api('POST', '/api/create-paypal-order', { body: createBody(listingId) })).status).toBe(401);
  });
});

describe('POST /api/get-paypal-order and the simulated PayPal popup', () => {
  it('shows an order only to its buyer; others and unknown ids get 404', async () => {
    const { id } = (await createOrder(buyer, createBody(listingId))).body.data;
    const mine = await api('POST', '/api/get-paypal-order', { ...as(buyer), body: { orderId: id } });
    expect(mine).toEqual({
      status: 200,
      body: { data: { id, status: 'CREATED', amount: { amount: 193_500, currency: 'USD' } } },
    });
    const theirs = await api('POST', '/api/get-paypal-order', { ...as(other), body: { orderId: id } });
    expect(theirs.status).toBe(404);
    expect(errorOf(theirs.body).code).toBe('not-found');
    const unknown = await api('POST', '/api/get-paypal-order', {
      ...as(buyer),
      body: { orderId: 'SIMORDERNOPE' },
    });
    expect(unknown.status).toBe(404);
    const malformed = await api('POST', '/api/get-paypal-order', { ...as(buyer), body: {} });
    expect(malformed.status).toBe(400);
  });

  it('approves and cancels as the buyer only; a canceled order cannot be approved', async () => {
    const { id } = (await createOrder(buyer, createBody(listingId))).body.data;
    const path = `/api/simulated-paypal/orders/${id}/approve`;
    expect((await api('POST', path, { ...as(other), body: { action: 'approve' } })).status).toBe(404);
    expect((await api('POST', path, { ...as(buyer), body: { action: 'steal' } })).status).toBe(400);
    expect(
      (
        await api('POST', '/api/simulated-paypal/orders/SIMORDERNOPE/approve', {
          ...as(buyer),
          body: { action: 'approve' },
        })
      ).status,
    ).toBe(404);

    const approved = await api('POST', path, { ...as(buyer), body: { action: 'approve' } });
    expect(approved).toEqual({
      status: 200,
      body: { data: { id, status: 'APPROVED', amount: { amount: 193_500, currency: 'USD' } } },
    });
    // Idempotent.
    expect((await api('POST', path, { ...as(buyer), body: { action: 'approve' } })).body.data.status).toBe(
      'APPROVED',
    );
    expect(
      (await api('POST', '/api/get-paypal-order', { ...as(buyer), body: { orderId: id } })).body.data.status,
    ).toBe('APPROVED');

    const canceled = await api('POST', path, { ...as(buyer), body: { action: 'cancel' } });
    expect(canceled.body.data.status).toBe('VOIDED');
    const late = await api('POST', path, { ...as(buyer), body: { action: 'approve' } });
    expect(late.status).toBe(402);
    expect(errorOf(late.body)).toMatchObject({
      code: 'transaction-payment-failed',
      title: messages.paypalPaymentCanceled,
      meta: { paypalIssue: 'ORDER_CANCELED' },
    });
  });
});

describe('the simulated PayPal: capture, refund, disbursement', () => {
  async function approvedOrder(): Promise<string> {
    const { id } = (await createOrder(buyer, createBody(listingId))).body.data;
    expect(
      (
        await api('POST', `/api/simulated-paypal/orders/${id}/approve`, {
          ...as(buyer),
          body: { action: 'approve' },
        })
      ).status,
    ).toBe(200);
    return id;
  }

  it('captures only an approved order, once per request id', async () => {
    const { id } = (await createOrder(buyer, createBody(listingId))).body.data;
    const early = await paypal.captureOrder(id, `capture-${id}`).catch((error: unknown) => error);
    expect(early).toBeInstanceOf(PaypalRefusal);
    expect(early).toMatchObject({ issue: 'ORDER_NOT_APPROVED', statusCode: 422 });

    await api('POST', `/api/simulated-paypal/orders/${id}/approve`, {
      ...as(buyer),
      body: { action: 'approve' },
    });
    const captured = await paypal.captureOrder(id, `capture-${id}`);
    expect(captured).toMatchObject({
      id,
      status: 'COMPLETED',
      captureId: expect.stringMatching(/^SIMCAPTURE/),
    });
    expect(await paypal.captureOrder(id, `capture-${id}`)).toEqual(captured);
    await expect(paypal.captureOrder(id, 'another-request')).rejects.toMatchObject({
      issue: 'ORDER_ALREADY_CAPTURED',
    });
    // A captured order can neither be approved nor canceled any more.
    const cancel = await api('POST', `/api/simulated-paypal/orders/${id}/approve`, {
      ...as(buyer),
      body: { action: 'cancel' },
    });
    expect(cancel.status).toBe(402);
  });

  it('refunds a capture once per request id (for its payee only); a refunded capture is not disbursed', async () => {
    const id = await approvedOrder();
    const { captureId } = await paypal.captureOrder(id, `capture-${id}`);
    await expect(
      paypal.refundCapture({
        captureId: captureId!,
        payeeMerchantId: 'SOMEONEELSE01',
        requestId: `refund-${id}`,
      }),
    ).rejects.toMatchObject({ issue: 'PERMISSION_DENIED', statusCode: 403 });
    const refund = await paypal.refundCapture({
      captureId: captureId!,
      payeeMerchantId: seller.merchantId,
      requestId: `refund-${id}`,
    });
    expect(refund).toEqual({ refundId: expect.stringMatching(/^SIMREFUND/), status: 'COMPLETED' });
    expect(
      await paypal.refundCapture({
        captureId: captureId!,
        payeeMerchantId: seller.merchantId,
        requestId: `refund-${id}`,
      }),
    ).toEqual(refund);
    await expect(
      paypal.refundCapture({ captureId: captureId!, payeeMerchantId: seller.merchantId, requestId: 'again' }),
    ).rejects.toMatchObject({ issue: 'CAPTURE_FULLY_REFUNDED' });
    await expect(
      paypal.disburse({ captureId: captureId!, requestId: `payout-${id}` }),
    ).rejects.toBeInstanceOf(PaypalRefusal);
    await expect(
      paypal.refundCapture({
        captureId: 'SIMCAPTURENOPE',
        payeeMerchantId: seller.merchantId,
        requestId: 'x',
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses to refund a capture already disbursed', async () => {
    const id = await approvedOrder();
    const { captureId } = await paypal.captureOrder(id, `capture-${id}`);
    const payout = await paypal.disburse({ captureId: captureId!, requestId: `payout-${id}` });
    expect(await paypal.disburse({ captureId: captureId!, requestId: `payout-${id}` })).toEqual(payout);
    await expect(
      paypal.refundCapture({
        captureId: captureId!,
        payeeMerchantId: seller.merchantId,
        requestId: `refund-${id}`,
      }),
    ).rejects.toMatchObject({ issue: 'REFUND_NOT_ALLOWED' });
  });
});

describe('checkApprovedOrder (what initiate-privileged checks of a paypalOrderId)', () => {
  const payinTotal = { amount: 193_500, currency: 'USD' };

  async function order(approve?: 'approve' | 'cancel') {
    const body = createBody(listingId);
    const { id } = (await createOrder(buyer, body)).body.data;
    if (approve)
      await api('POST', `/api/simulated-paypal/orders/${id}/approve`, {
        ...as(buyer),
        body: { action: approve },
      });
    return {
      orderId: id as string,
      userId: buyer.user.id,
      transactionId: transactionIdFor(buyer.user.id, body.checkoutKey),
    };
  }

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as ApiError,
    );

  it('answers the ownership item of an approved order for the right buyer, checkout and amount', async () => {
    const input = await order('approve');
    expect(await checkApprovedOrder({ ...input, payinTotal })).toMatchObject({
      orderId: input.orderId,
      userId: buyer.user.id,
      transactionId: input.transactionId,
      payeeMerchantId: seller.merchantId,
    });
  });

  it('refuses another buyer or checkout (400), and an unapproved, canceled or different order (402)', async () => {
    const input = await order('approve');
    expect(await failure(checkApprovedOrder({ ...input, userId: other.user.id, payinTotal }))).toMatchObject({
      code: 'validation-invalid-params',
    });
    expect(
      await failure(checkApprovedOrder({ ...input, transactionId: randomUUID(), payinTotal })),
    ).toMatchObject({
      code: 'validation-invalid-params',
    });
    expect(
      await failure(checkApprovedOrder({ ...input, payinTotal: { amount: 193_400, currency: 'USD' } })),
    ).toMatchObject({
      code: 'transaction-payment-failed',
      message: messages.paypalPaymentError,
      meta: { reason: 'amount-mismatch' },
    });

    const pending = await order();
    expect(await failure(checkApprovedOrder({ ...pending, payinTotal }))).toMatchObject({
      code: 'transaction-payment-failed',
      status: 402,
      message: messages.paypalPaymentError,
      meta: { paypalStatus: 'CREATED' },
    });
    const canceled = await order('cancel');
    expect(await failure(checkApprovedOrder({ ...canceled, payinTotal }))).toMatchObject({
      code: 'transaction-payment-failed',
      message: messages.paypalPaymentCanceled,
      meta: { paypalStatus: 'VOIDED' },
    });
    const captured = await order('approve');
    await paypal.captureOrder(captured.orderId, `capture-${captured.orderId}`);
    expect(await failure(checkApprovedOrder({ ...captured, payinTotal }))).toMatchObject({
      code: 'transaction-payment-failed',
      meta: { paypalStatus: 'COMPLETED' },
    });
  });
});
