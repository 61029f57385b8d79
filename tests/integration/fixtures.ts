import { randomUUID } from 'node:crypto';
import { createUser, updateUser } from '../../functions/accounts/repository';
import { ApiError } from '../../functions/lib/http';
import type { ListingFields } from '../../functions/listings/listing-record';
import { createListing } from '../../functions/listings/repository';
import { createTransaction } from '../../functions/orders/engine';
import { transactionIdFor } from '../../functions/orders/record';
import { type CreateTransactionInput, type PricedOrder, priceOrder } from '../../functions/orders/repository';
import { simulatedOnboard } from '../../functions/payments/paypal/simulated';
import { onboardDemoSeller } from '../../infra/local/seed/payouts';
import { destination, roundPoint } from '../../shared/maps';

/** Writes a seller and a published listing through the same repositories the handlers use. */
export async function givenSeller(overrides: { displayName?: string } = {}) {
  const id = randomUUID();
  return createUser({
    id,
    email: `${id}@test.example`,
    emailVerified: true,
    firstName: 'Test',
    lastName: 'Seller',
    displayName: overrides.displayName ?? 'Test S.',
    createdAt: new Date().toISOString(),
  });
}

/**
 * A published listing of the author's, written directly. Its public point is its exact one moved
 * 1.2 km north-east (a fixed offset, so location tests are repeatable; the real one is random).
 */
export async function givenListing(authorId: string, overrides: Partial<ListingFields> = {}) {
  const now = new Date().toISOString();
  const exact = overrides.geolocation ?? { lat: 43.65, lng: -79.38 };
  return createListing({
    id: randomUUID(),
    authorId,
    title: 'Trek Domane AL 2 road bike',
    description: 'Light aluminium endurance frame, new tyres.',
    price: { amount: 95_000, currency: 'USD' },
    state: 'published',
    publicData: {
      category: 'roadBikes',
      condition: 'usedGoodCondition',
      brand: 'Trek',
      pickupEnabled: true,
      shippingEnabled: false,
      location: { address: '1 Main St', city: 'Toronto', region: 'ON', country: 'CA' },
    },
    geolocation: exact,
    publicGeolocation: roundPoint(destination(exact, 1200, 45)),
    currentStock: 1,
    images: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}

/** What a test order's payment adds to its request-payment (payment references, timer settings). */
export type OrderPayment = Pick<
  CreateTransactionInput,
  'paymentMethod' | 'payment' | 'protectedData' | 'timers'
>;

/**
 * A pickup order of one for a new listing of the seller's (stock `stock`, 1 by default), pending
 * payment: `pay` first makes the order's payment for the server's totals, then request-payment
 * through the engine, now.
 */
export async function givenRequestedOrder(
  sellerId: string,
  options: { stock?: number; listing?: Partial<ListingFields> } = {},
  pay: (order: {
    txId: string;
    customerId: string;
    listingId: string;
    priced: PricedOrder;
  }) => Promise<OrderPayment> = async () => ({}),
) {
  const listing = await givenListing(sellerId, { currentStock: options.stock ?? 1, ...options.listing });
  const customerId = randomUUID();
  const checkoutKey = randomUUID();
  const txId = transactionIdFor(customerId, checkoutKey);
  const orderData = { deliveryMethod: 'pickup' as const, quantity: 1 };
  const priced = priceOrder(listing, customerId, orderData, 'request-payment');
  const payment = await pay({ txId, customerId, listingId: listing.id, priced });
  const { transaction } = await createTransaction({
    transition: 'request-payment',
    customerId,
    listingId: listing.id,
    checkoutKey,
    orderData,
    ...payment,
    now: new Date(),
  });
  return { transaction, customerId, listingId: listing.id };
}

/**
 * Gives the user a verified simulated Stripe Connect account (payouts and transfers active, so
 * payoutReady), as the demo seed makes one (infra/local/seed/payouts.ts); its account id.
 */
export async function onboardStripeSeller(
  userId: string,
  options: { origin: string; country?: 'CA' | 'US' },
): Promise<string> {
  const account = await onboardDemoSeller({
    userId,
    country: options.country ?? 'US',
    origin: options.origin,
  });
  if (!account) throw new Error('No simulated Stripe (STRIPE_SECRET_KEY is set): no payout-ready seller');
  if (!account.payoutsEnabled) throw new Error(`The simulated Stripe account ${account.id} has no payouts`);
  return account.id;
}

/** A seller with a verified simulated Stripe Connect account (see onboardStripeSeller). */
export async function givenPayoutReadySeller(options: { origin: string; country?: 'CA' | 'US' }) {
  const seller = await givenSeller();
  return { ...seller, stripeAccountId: await onboardStripeSeller(seller.id, options) };
}

/**
 * Gives the user an onboarded simulated PayPal merchant that can receive payments (as the PayPal
 * onboarding leaves it: payoutReady); its merchant id.
 */
export async function onboardPaypalSeller(userId: string): Promise<string> {
  const { merchantId } = await simulatedOnboard(userId);
  await updateUser(userId, {
    set: {
      paypal: {
        trackingId: userId,
        merchantId,
        paypalOnboarded: true,
        isPaymentsReceivable: true,
        isPrimaryEmailValidated: true,
        isExpressCheckoutActive: true,
        hasOAuthPermissions: true,
        paypalOffboarded: false,
        requestOnboardingLinks: false,
      },
      payoutReady: true,
    },
  });
  return merchantId;
}

/** A seller with an onboarded simulated PayPal merchant (see onboardPaypalSeller). */
export async function givenPaypalSeller(): Promise<{ id: string; merchantId: string }> {
  const seller = await givenSeller();
  return { id: seller.id, merchantId: await onboardPaypalSeller(seller.id) };
}

/** The §8 code of a refused call (an ApiError); anything else fails the test. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}
