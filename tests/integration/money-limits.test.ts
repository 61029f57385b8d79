import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaypalRefusal } from '../../functions/payments/paypal/port';
import { simulatedPaypalAdapter } from '../../functions/payments/paypal/simulated';
import { CardProcessorError } from '../../functions/payments/stripe/port';
import { SimulatedCardProvider } from '../../functions/payments/stripe/simulated';
import { apiErrors, messages } from '../../shared/errors/catalogue';
import { listingMessages } from '../../shared/validation/messages';
import { api, errorOf, type TestAccount, testCloud } from './accounts';
import { as, bikeListing, buyer, initiate, paypalSeller, pickupOne, stockOf } from './order-fixtures';
import { completeListing, createDraft } from './own-listing-fixtures';

// No price like $99,999,999,999 is accepted and no charge like $100,000,000,019 attempted. Prices
// and shipping fees have a ceiling at the API; every order route refuses a total its payment
// provider cannot take; the simulated providers refuse such amounts as the real ones do.

const usd = (amount: number) => ({ amount, currency: 'USD' });
const priceTooHigh = 'Price should be at most $100,000.';

let seller: TestAccount & { merchantId: string };
let customer: TestAccount;

beforeAll(async () => {
  testCloud();
  // One seller paid by both: a verified Stripe account is not needed for refusals that come first.
  [seller, customer] = await Promise.all([paypalSeller('Max'), buyer('Lim')]);
});

const lineItems = (listingId: string, orderData: Record<string, unknown>, paymentMethod?: string) =>
  api('POST', '/api/transaction-line-items', {
    ...as(customer),
    body: { listingId, orderData, ...(paymentMethod ? { paymentMethod } : {}) },
  });

describe('listing price and shipping fee limits at the API', () => {
  const body = (fields: Record<string, unknown>) => ({
    ...completeListing({ title: `Limit bike ${randomUUID().slice(0, 6)}` }),
    ...fields,
  });

  it('accepts $100,000.00 and refuses $100,000.01 on create, with the validation code and the message', async () => {
    await createDraft(seller, body({ price: usd(10_000_000) }));
    for (const price of [usd(10_000_001), usd(9_999_999_999_900)]) {
      const answer = await api('POST', '/api/own-listings', { ...as(seller), body: body({ price }) });
      expect(answer.status).toBe(400);
      expect(errorOf(answer.body).code).toBe('validation-invalid-params');
      expect(answer.body.errors[0].meta.fields.price).toBe(priceTooHigh);
    }
  });

  it('refuses a price above the maximum on update, and keeps the saved one', async () => {
    const id = await createDraft(seller, body({ price: usd(50_000) }));
    const patched = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { price: usd(10_000_001) },
    });
    expect(patched.status).toBe(400);
    expect(errorOf(patched.body).code).toBe('validation-invalid-params');
    expect(patched.body.errors[0].meta.fields.price).toBe(priceTooHigh);
    const shown = await api('GET', `/api/own-listings/${id}`, as(seller));
    expect(shown.body.data.price).toEqual(usd(50_000));
    const ok = await api('PATCH', `/api/own-listings/${id}`, {
      ...as(seller),
      body: { price: usd(10_000_000) },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a shipping fee above $1,000', async () => {
    const id = await createDraft(seller, body({}));
    const fee = (oneItem: number) => ({ shippingFee: { oneItem: usd(oneItem), additionalItems: usd(0) } });
    const tooMuch = await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body: fee(100_001) });
    expect(tooMuch.status).toBe(400);
    expect(errorOf(tooMuch.body).code).toBe('validation-invalid-params');
    expect(tooMuch.body.errors[0].meta.fields.shippingPriceOneItem).toBe(
      listingMessages.shippingFeeTooHigh('$1,000'),
    );
    expect(
      (await api('PATCH', `/api/own-listings/${id}`, { ...as(seller), body: fee(100_000) })).status,
    ).toBe(200);
  });
});

describe('charge bounds at line items, create-paypal-order and initiate', () => {
  it('line items: a total some provider takes is priced; one the chosen provider cannot take is a 400', async () => {
    // A listing from before the ceiling (written directly): $100,000 a bike, 1,000 in stock.
    const dear = await bikeListing(seller.user.id, 1000, { price: usd(10_000_000) });
    const one = await lineItems(dear.id, pickupOne);
    expect(one.status).toBe(200);
    expect(one.body.data.payinTotal).toEqual(usd(10_000_000));

    const byPaypal = await lineItems(dear.id, pickupOne, 'paypal');
    expect(byPaypal.status).toBe(400);
    expect(errorOf(byPaypal.body)).toMatchObject({
      code: 'transaction-charge-too-high',
      title: messages.amountTooHigh,
      meta: { maximum: usd(1_000_000), paymentMethod: 'paypal' },
    });
    expect((await lineItems(dear.id, pickupOne, 'card')).status).toBe(200);

    // 1,000 × $100,000 = $100,000,000: more than any provider takes in one charge.
    const all = await lineItems(dear.id, { deliveryMethod: 'pickup', stockReservationQuantity: 1000 });
    expect(all.status).toBe(apiErrors['transaction-charge-too-high'].status);
    expect(errorOf(all.body)).toMatchObject({
      code: 'transaction-charge-too-high',
      meta: { maximum: usd(99_999_999) },
    });
  });

  it('line items: below the card minimum is the §8 amount too low when paying by card', async () => {
    const cheap = await bikeListing(seller.user.id, 2, { price: usd(30) });
    expect((await lineItems(cheap.id, pickupOne)).status).toBe(200);
    const byCard = await lineItems(cheap.id, pickupOne, 'card');
    expect(byCard.status).toBe(400);
    expect(errorOf(byCard.body)).toMatchObject({
      code: 'transaction-charge-zero-payin',
      title: messages.amountTooLow,
      meta: { minimum: usd(50), paymentMethod: 'card' },
    });
  });

  it('create-paypal-order and initiate refuse a total above PayPal’s maximum before PayPal is asked', async () => {
    const dear = await bikeListing(seller.user.id, 3, { price: usd(1_000_001) });
    const created = await api('POST', '/api/create-paypal-order', {
      ...as(customer),
      body: { listingId: dear.id, checkoutKey: randomUUID(), orderData: pickupOne },
    });
    expect(created.status).toBe(400);
    expect(errorOf(created.body).code).toBe('transaction-charge-too-high');

    const speculative = await initiate(customer, dear.id, { paymentMethod: 'paypal', isSpeculative: true });
    expect(speculative.status).toBe(400);
    expect(errorOf(speculative.body).code).toBe('transaction-charge-too-high');
    const placed = await initiate(customer, dear.id, { paymentMethod: 'paypal', paypalOrderId: 'SIMORDERX' });
    expect(errorOf(placed.body).code).toBe('transaction-charge-too-high');
    expect(await stockOf(dear.id)).toBe(3);
  });

  it('initiate by card refuses below $0.50 (amount too low) and above $999,999.99, reserving nothing', async () => {
    const cheap = await bikeListing(seller.user.id, 2, { price: usd(49) });
    const low = await initiate(customer, cheap.id);
    expect(low.status).toBe(400);
    expect(errorOf(low.body)).toMatchObject({
      code: 'transaction-charge-zero-payin',
      title: messages.amountTooLow,
    });
    expect(await stockOf(cheap.id)).toBe(2);

    const dear = await bikeListing(seller.user.id, 1000, { price: usd(10_000_000) });
    const high = await initiate(customer, dear.id, {
      orderData: { deliveryMethod: 'pickup', stockReservationQuantity: 10 },
    });
    expect(high.status).toBe(400);
    expect(errorOf(high.body)).toMatchObject({
      code: 'transaction-charge-too-high',
      title: messages.amountTooHigh,
    });
    expect(await stockOf(dear.id)).toBe(1000);
  });
});

describe('the simulated providers refuse amounts outside their bounds, as the real ones do', () => {
  const intent = (amount: number) =>
    new SimulatedCardProvider({ origin: testCloud().url }).createPaymentIntent({
      amount,
      currency: 'USD',
      captureMethod: 'manual',
      transferGroup: `limits-${randomUUID()}`,
      metadata: {},
      idempotencyKey: `limits-${randomUUID()}`,
    });

  it('Stripe: amount_too_small below $0.50, amount_too_large above $999,999.99', async () => {
    await expect(intent(49)).rejects.toMatchObject({
      code: 'amount_too_small',
      message: 'Amount must be at least $0.50 usd',
    });
    await expect(intent(100_000_000)).rejects.toMatchObject({
      code: 'amount_too_large',
      message: 'Amount must be no more than $999,999.99',
    });
    await expect(intent(100_000_000)).rejects.toBeInstanceOf(CardProcessorError);
    expect((await intent(99_999_999)).amount).toBe(99_999_999);
  });

  it('PayPal: 422 TRANSACTION_LIMIT_EXCEEDED above $10,000.00, CANNOT_BE_ZERO_OR_NEGATIVE at zero', async () => {
    const order = (value: string) =>
      simulatedPaypalAdapter().createOrder({
        referenceId: randomUUID(),
        payeeMerchantId: seller.merchantId,
        itemTotal: { currency_code: 'USD', value },
        requestId: `limits-${randomUUID()}`,
      });
    await expect(order('10000.01')).rejects.toMatchObject({
      issue: 'TRANSACTION_LIMIT_EXCEEDED',
      statusCode: 422,
    });
    await expect(order('10000.01')).rejects.toBeInstanceOf(PaypalRefusal);
    await expect(order('0.00')).rejects.toMatchObject({
      issue: 'CANNOT_BE_ZERO_OR_NEGATIVE',
      statusCode: 422,
    });
    // PayPal's value is strict decimal text: "1.200" is $1.20.
    expect((await order('1.200')).amount).toEqual({ currency_code: 'USD', value: '1.20' });
    expect((await order('10000.00')).status).toBe('CREATED');
  });
});
