import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SimulatedCardProvider } from '../../functions/payments/stripe/simulated';
import { apiErrors } from '../../shared/errors/catalogue';
import { productOrderMessages } from '../../shared/validation/messages';
import { api, errorOf, type TestAccount, testCloud } from './accounts';
import {
  as,
  bikeListing,
  buyer,
  initiate,
  itemsUnder,
  pickupOne,
  privileged,
  shippingDetails,
  stockOf,
  stored,
  stripeSeller,
  transition,
} from './order-fixtures';

// The order API's input checks ("I will also run my own checkout cases against
// /api/transaction-line-items"): every odd body is a 4xx with its catalogue code and a clear
// message, never a 5xx; and the idempotency of the card payment on a retried or doubled request.

let seller: TestAccount;
let customer: TestAccount;
let listingId: string;

beforeAll(async () => {
  testCloud();
  [seller, customer] = await Promise.all([stripeSeller('Ines'), buyer('Ivo')]);
  listingId = (await bikeListing(seller.user.id, 3)).id;
});

const lineItems = (body: unknown) => api('POST', '/api/transaction-line-items', { ...as(customer), body });

/** A POST with the body text exactly as given (not JSON-encoded by the helper). */
async function rawPost(path: string, text: string, account: TestAccount = customer) {
  const response = await fetch(`${testCloud().url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
    body: text,
  });
  const answer = await response.text();
  return { status: response.status, body: answer ? JSON.parse(answer) : undefined };
}

/** A 4xx with the code and, if given, the title; never a 5xx. */
function expectRefusal(
  answer: { status: number; body: unknown },
  status: number,
  code: string,
  title?: string | RegExp,
) {
  const text = JSON.stringify(answer.body);
  expect(answer.status, text).toBe(status);
  const error = errorOf(answer.body as never);
  expect(error.code, text).toBe(code);
  if (typeof title === 'string') expect(error.title, text).toBe(title);
  else if (title) expect(error.title, text).toMatch(title);
  return error;
}

const quantityMessage = 'transition should contain quantity information';
const huge = 'x'.repeat(300_000);

describe('POST /api/transaction-line-items: the checkout cases', () => {
  it('quantity as a string, negative, zero, 1.5, huge: 4xx with the spec messages', async () => {
    for (const quantity of ['2', -1, 0, 1.5, 1e300, null, true, [], {}]) {
      const answer = await lineItems({
        listingId,
        orderData: { deliveryMethod: 'pickup', stockReservationQuantity: quantity },
      });
      const error = expectRefusal(answer, 400, 'validation-invalid-params', quantityMessage);
      expect(error.meta, JSON.stringify(quantity)).toMatchObject({
        key: 'quantityRequired',
        fields: { stockReservationQuantity: expect.stringMatching(/whole number/) },
      });
    }
    // A whole number beyond the stock: not enough stock (409, the spec message).
    for (const quantity of [4, 1_000_000_000]) {
      const answer = await lineItems({
        listingId,
        orderData: { deliveryMethod: 'pickup', stockReservationQuantity: quantity },
      });
      expectRefusal(
        answer,
        409,
        'transaction-listing-insufficient-stock',
        apiErrors['transaction-listing-insufficient-stock'].title,
      );
    }
  });

  it('an unknown or missing delivery method: 400 "Delivery method is required"', async () => {
    for (const deliveryMethod of ['teleport', '', 42, null, undefined, 'x'.repeat(10_000)]) {
      const answer = await lineItems({
        listingId,
        orderData: { deliveryMethod, stockReservationQuantity: 1 },
      });
      expectRefusal(answer, 400, 'validation-invalid-params', productOrderMessages.deliveryMethodRequired);
    }
  });

  it('a listing id that is not a uuid, missing, or huge: 400 with a clear message', async () => {
    for (const id of ['not-a-uuid', 'x'.repeat(5_000), huge, 42, { id: listingId }, ['x']]) {
      const answer = await lineItems({ listingId: id, orderData: pickupOne });
      expectRefusal(answer, 400, 'validation-invalid-params', /listingId/);
    }
    expectRefusal(await lineItems({ orderData: pickupOne }), 400, 'validation-invalid-params', /listingId/);
    // A well-formed id of no listing: the spec's listing-not-found.
    expectRefusal(
      await lineItems({ listingId: randomUUID(), orderData: pickupOne }),
      404,
      'transaction-listing-not-found',
      apiErrors['transaction-listing-not-found'].title,
    );
  });

  it('an empty body, JSON that is not an object, no JSON at all, orderData of the wrong type: 400', async () => {
    expectRefusal(
      await rawPost('/api/transaction-line-items', ''),
      400,
      'validation-invalid-params',
      /listingId/,
    );
    expectRefusal(await lineItems({}), 400, 'validation-invalid-params', /listingId/);
    for (const text of ['null', '[]', '"text"', '42', 'true']) {
      expectRefusal(
        await rawPost('/api/transaction-line-items', text),
        400,
        'validation-invalid-params',
        'The request body must be a JSON object.',
      );
    }
    expectRefusal(
      await rawPost('/api/transaction-line-items', '{"listingId": '),
      400,
      'validation-invalid-params',
      'The request body must be JSON.',
    );
    for (const orderData of [undefined, null, 'pickup', [pickupOne], 1]) {
      const answer = await lineItems({ listingId, orderData });
      expectRefusal(answer, 400, 'validation-invalid-params', quantityMessage);
    }
  });

  it('shipping details of the wrong type or far too long: 400 naming the field', async () => {
    const base = { deliveryMethod: 'shipping', stockReservationQuantity: 1 };
    const long = await lineItems({
      listingId,
      orderData: { ...base, shippingDetails: { ...shippingDetails, recipientName: huge } },
    });
    const error = expectRefusal(long, 400, 'validation-invalid-params');
    expect(error.meta).toMatchObject({ fields: { recipientName: 'Must be 200 characters or less' } });
    // Not an object: as if there were none (a price needs no address yet).
    expect((await lineItems({ listingId, orderData: { ...base, shippingDetails: 'home' } })).status).toBe(
      200,
    );
  });
});

describe('POST /api/initiate-privileged: odd bodies', () => {
  it('refuses them with 4xx and writes nothing; stock untouched', async () => {
    const listing = await bikeListing(seller.user.id, 2);
    const order = (params: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      api('POST', '/api/initiate-privileged', {
        ...as(customer),
        body: {
          checkoutKey: randomUUID(),
          bodyParams: { transition: 'request-payment', params: { listingId: listing.id, ...params } },
          ...extra,
        },
      });
    expectRefusal(
      await order(pickupOne, { checkoutKey: 'x'.repeat(5_000) }),
      400,
      'validation-invalid-params',
      /checkoutKey/,
    );
    expectRefusal(
      await order(pickupOne, { checkoutKey: 42 }),
      400,
      'validation-invalid-params',
      /checkoutKey/,
    );
    expectRefusal(
      await order({ ...pickupOne, listingId: huge }),
      400,
      'validation-invalid-params',
      /listingId/,
    );
    expectRefusal(
      await order({ ...pickupOne, paymentMethod: 'cash' }),
      400,
      'validation-invalid-params',
      /paymentMethod/,
    );
    expectRefusal(
      await order({ ...pickupOne, stockReservationQuantity: '1' }),
      400,
      'validation-invalid-params',
      quantityMessage,
    );
    // A shipping address with a huge field would not fit the order item: 400, no PaymentIntent left behind.
    expectRefusal(
      await order({
        deliveryMethod: 'shipping',
        stockReservationQuantity: 1,
        shippingDetails: { ...shippingDetails, recipientAddressLine2: huge },
      }),
      400,
      'validation-invalid-params',
    );
    // PayPal with a PayPal order id that is not one (huge, wrong type): 400, not a 500.
    for (const paypalOrderId of [huge, 42]) {
      expectRefusal(
        await order({ ...pickupOne, paymentMethod: 'paypal', protectedData: { paypalOrderId } }),
        400,
        'validation-invalid-params',
        /paypalOrderId/,
      );
    }
    expectRefusal(
      await api('POST', '/api/initiate-privileged', {
        ...as(customer),
        body: { bodyParams: 'request-payment' },
      }),
      400,
      'validation-invalid-params',
      /request-payment/,
    );
    expect(await stockOf(listing.id)).toBe(2);
  });
});

describe('transaction ids that are not ids', () => {
  it('transition-privileged, the party transition, show, messages, disburse: 400 or 404, never 5xx', async () => {
    const bad = ['x'.repeat(3_000), 'not-an-id'];
    for (const id of bad) {
      for (const answer of [
        await privileged(customer, id, 'confirm-payment'),
        await api('POST', '/api/disburse-paypal-funds', {
          ...as(customer),
          body: { paypalTransactionId: 'CAPTURE', sharetribeTransactionId: id },
        }),
      ]) {
        expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        expect(['validation-invalid-params', 'not-found']).toContain(errorOf(answer.body).code);
      }
    }
    const long = 'x'.repeat(3_000);
    for (const answer of [
      await transition(customer, long, 'mark-delivered'),
      await api('GET', `/api/transactions/${long}`, as(customer)),
      await api('GET', `/api/transactions/${long}/messages`, as(customer)),
      await api('GET', `/api/transactions/${long}/transitions`, as(customer)),
      await api('POST', `/api/transactions/${long}/messages`, { ...as(customer), body: { content: 'hi' } }),
      await api('POST', `/api/transactions/${long}/dispute-photo-uploads`, {
        ...as(customer),
        body: { contentType: 'image/png', size: 10 },
      }),
    ]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      expect(errorOf(answer.body).code).toBe('not-found');
    }
    expectRefusal(
      await privileged(customer, 42 as never, 'confirm-payment'),
      400,
      'validation-invalid-params',
      /transactionId/,
    );
  });
});

describe('the card payment of a retried or doubled request', () => {
  const stripe = () => new SimulatedCardProvider({ origin: testCloud().url });

  it('request-payment-after-enquiry asked again answers the order and keeps its PaymentIntent', async () => {
    const listing = await bikeListing(seller.user.id, 2);
    const enquired = await api('POST', '/api/transactions', {
      ...as(customer),
      body: { transition: 'enquire', params: { listingId: listing.id } },
    });
    expect(enquired.status).toBe(201);
    const id = enquired.body.data.id as string;
    const first = await privileged(customer, id, 'request-payment-after-enquiry', pickupOne);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const intentId = first.body.data.stripePaymentIntentId as string;

    const again = await privileged(customer, id, 'request-payment-after-enquiry', pickupOne);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.transaction).toMatchObject({ id, state: 'pending-payment' });
    expect(again.body.data.stripePaymentIntentId).toBe(intentId);
    expect(again.body.data.stripePaymentIntentClientSecret).toBe(
      first.body.data.stripePaymentIntentClientSecret,
    );
    expect((await stripe().retrievePaymentIntent(intentId)).status).not.toBe('canceled');
    expect(await stockOf(listing.id)).toBe(1);
    // The seller cannot take the customer's step.
    expectRefusal(await privileged(seller, id, 'request-payment-after-enquiry', pickupOne), 403, 'forbidden');
  });

  it('request-payment-after-enquiry clicked twice at once: both answer the one order, its PaymentIntent live', async () => {
    const listing = await bikeListing(seller.user.id, 1);
    const enquired = await api('POST', '/api/transactions', {
      ...as(customer),
      body: { transition: 'enquire', params: { listingId: listing.id } },
    });
    const id = enquired.body.data.id as string;
    const answers = await Promise.all([
      privileged(customer, id, 'request-payment-after-enquiry', pickupOne),
      privileged(customer, id, 'request-payment-after-enquiry', pickupOne),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const tx = await stored(id);
    const intentId = tx.payment!.stripePaymentIntentId!;
    for (const answer of answers) expect(answer.body.data.stripePaymentIntentId).toBe(intentId);
    // Well inside the scaled payment window (5.4 s, global-setup): still pending, the PI live.
    expect((await stored(id)).state).toBe('pending-payment');
    expect((await stripe().retrievePaymentIntent(intentId)).status).not.toBe('canceled');
    expect(await stockOf(listing.id)).toBe(0);
  });

  it('after an attempt refused for stock, the next attempt gets a PaymentIntent it can pay', async () => {
    const other = await buyer('Otto');
    for (let round = 0; round < 3; round += 1) {
      const listing = await bikeListing(seller.user.id, 1);
      const enquired = await api('POST', '/api/transactions', {
        ...as(customer),
        body: { transition: 'enquire', params: { listingId: listing.id } },
      });
      const id = enquired.body.data.id as string;
      // The other buyer races for the bike; if the enquirer loses, the bike comes back and it retries.
      const [mine, theirs] = await Promise.all([
        privileged(customer, id, 'request-payment-after-enquiry', pickupOne),
        initiate(other, listing.id),
      ]);
      if (mine.status === 200) continue;
      expectRefusal(mine, 409, 'transaction-listing-insufficient-stock');
      expect(theirs.status).toBe(201);
      const given = await transition(other, theirs.body.data.transaction.id, 'cancel-payment');
      if (given.status !== 200) continue; // expired meanwhile: the stock is back all the same
      const retried = await privileged(customer, id, 'request-payment-after-enquiry', pickupOne);
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      const intent = await stripe().retrievePaymentIntent(retried.body.data.stripePaymentIntentId);
      expect(intent.status).toBe('requires_payment_method');
    }
  });

  it('a double click on pay for the last bike: one order, its PaymentIntent never voided', async () => {
    for (let round = 0; round < 5; round += 1) {
      const listing = await bikeListing(seller.user.id, 1);
      const checkoutKey = randomUUID();
      const answers = await Promise.all([
        initiate(customer, listing.id, { checkoutKey }),
        initiate(customer, listing.id, { checkoutKey }),
        initiate(customer, listing.id, { checkoutKey }),
      ]);
      for (const answer of answers) expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
      const ids = new Set(answers.map((answer) => answer.body.data.transaction.id));
      expect(ids.size).toBe(1);
      const [id] = [...ids] as string[];
      const tx = await stored(id!);
      expect(tx.state).toBe('pending-payment');
      expect(await stockOf(listing.id)).toBe(0);
      expect(await itemsUnder(id!)).toBeGreaterThan(0);
      const intent = await stripe().retrievePaymentIntent(tx.payment!.stripePaymentIntentId!);
      // Well inside the scaled payment window (5.4 s, global-setup): the PI is live.
      expect(intent.status).not.toBe('canceled');
    }
  });
});
