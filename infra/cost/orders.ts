import { randomUUID } from 'node:crypto';
import type { TransactionRecord } from '../../functions/orders/record';
import { getTransaction } from '../../functions/orders/repository';
import type { ProcessState } from '../../shared/process/graph';
import type { LocalCloud } from '../local/cloud';
import type { Account, CostClient } from './client';

/**
 * One order from checkout to its end, as its buyer and seller take it over the API, with the
 * workflow's timers doing the rest: line items, the checkout's speculative then real initiate,
 * payment (the simulated Stripe.js confirm, or PayPal's approval: the providers' side), confirm
 * payment, the seller opens the order and marks it shipped, the buyer opens it and marks it received
 * (or the report window passes: auto-mark-received), completed at once with the seller paid out,
 * then the reviews (both, the buyer's only, or none: the review period's timers close the order).
 * It ends when the order's workflow execution has succeeded in `reviewed`.
 */
export interface OrderPlan {
  payment: 'card' | 'paypal';
  /** The buyer marks it received, or the report window's timer does. */
  received: 'buyer' | 'timer';
  reviews: 'both' | 'customer' | 'none';
}

/** The mix, by order number: 1 in 5 paid with PayPal; 1 in 4 received by the timer; half reviewed by both, a quarter by the buyer only. */
export function planFor(index: number): OrderPlan {
  return {
    payment: index % 5 === 4 ? 'paypal' : 'card',
    received: index % 4 === 3 ? 'timer' : 'buyer',
    reviews: index % 2 === 0 ? 'both' : index % 4 === 1 ? 'customer' : 'none',
  };
}

/** Counts of each plan's choices over `orders` orders (printed with the run), grouped by choice. */
export function mixOf(orders: number): Record<string, number> {
  const choices = [
    'card',
    'paypal',
    'received by buyer',
    'received by timer',
    'reviews: both',
    'reviews: customer',
    'reviews: none',
  ];
  const mix: Record<string, number> = Object.fromEntries(choices.map((choice) => [choice, 0]));
  for (let index = 0; index < orders; index++) {
    const plan = planFor(index);
    for (const key of [`${plan.payment}`, `received by ${plan.received}`, `reviews: ${plan.reviews}`])
      mix[key] = (mix[key] ?? 0) + 1;
  }
  return mix;
}

/**
 * The timers of a cost run (VELO_TIMER_OVERRIDES, milliseconds): the ones the orders wait for are
 * seconds, those they must not reach (payment window, shipping deadline, dispute) are long.
 * The report-a-problem reminder goes 1 day before the report window closes (day 12 of 13): in AWS
 * only to a buyer who has not marked the order received by then (the "received by timer" share).
 * Left to follow a 3 s window it would fall due at once, and the sweeper (every 2 s locally) would
 * race the buyer's mark-received and mail some of them too. So: due 2.5 s after shipping (the
 * buyers of the mix act within it), window 6 s (a sweep passes in between).
 */
export const costRunTimers = {
  'expire-payment': 600_000,
  'auto-cancel': 600_000,
  'auto-mark-received': 6_000,
  'report-problem-reminder': 2_500,
  'auto-cancel-from-disputed': 600_000,
  'expire-review-period': 6_000,
  'expire-provider-review-period': 6_000,
  'expire-customer-review-period': 6_000,
} as const;

const shippingDetails = {
  recipientName: 'Ada Rider',
  recipientAddressLine1: '1 King St W',
  recipientCity: 'Toronto',
  recipientPostal: 'M5H 1A1',
  recipientState: 'ON',
  recipientCountry: 'CA',
};
const orderData = { deliveryMethod: 'shipping', stockReservationQuantity: 1, shippingDetails };

export interface OrderParties {
  buyer: Account;
  seller: Account;
  listingId: string;
}

export async function runOrder(
  client: CostClient,
  cloud: LocalCloud,
  parties: OrderParties,
  plan: OrderPlan,
): Promise<TransactionRecord> {
  const { buyer, seller, listingId } = parties;
  const asBuyer = { token: buyer.token };
  await client.expect(200, 'lineItems', { ...asBuyer, body: { listingId, orderData } });
  const checkoutKey = randomUUID();
  const initiate = (extra: Record<string, unknown>, speculative: boolean) =>
    client.expect(speculative ? 200 : 201, 'initiatePrivileged', {
      ...asBuyer,
      body: {
        ...(speculative ? { isSpeculative: true } : {}),
        checkoutKey,
        bodyParams: {
          processAlias: 'release-2',
          transition: 'request-payment',
          params: { listingId, ...orderData, paymentMethod: plan.payment, ...extra },
        },
      },
    });
  await initiate({}, true);
  let transactionId: string;
  if (plan.payment === 'card') {
    const initiated = await initiate({}, false);
    transactionId = initiated.body.data.transaction.id;
    const card = {
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    };
    await client.expect(
      200,
      'simulatedStripeConfirmPaymentIntent',
      { ...asBuyer, body: card },
      { id: initiated.body.data.stripePaymentIntentId },
    );
  } else {
    const created = await client.expect(201, 'createPaypalOrder', {
      ...asBuyer,
      body: { listingId, checkoutKey, orderData },
    });
    const paypalOrderId = created.body.data.id as string;
    await client.expect(
      200,
      'simulatedPaypalApproveOrder',
      { ...asBuyer, body: { action: 'approve' } },
      { id: paypalOrderId },
    );
    const initiated = await initiate({ protectedData: { paypalOrderId } }, false);
    transactionId = initiated.body.data.transaction.id;
  }
  const privileged = (token: string, transition: string) =>
    client.expect(200, 'transitionPrivileged', { token, body: { transactionId, transition } });
  const partyTransition = (token: string, transition: string, params: Record<string, unknown>) =>
    client.expect(200, 'transition', { token, body: { transition, params } }, { id: transactionId });
  const openOrder = (token: string) => client.expect(200, 'transaction', { token }, { id: transactionId });

  await privileged(buyer.token, 'confirm-payment');
  await openOrder(seller.token);
  await partyTransition(seller.token, 'mark-delivered', {
    protectedData: { carrier: 'ups', trackingNumber: `1Z${transactionId.slice(0, 8)}` },
  });
  if (plan.received === 'buyer') {
    await openOrder(buyer.token);
    await privileged(buyer.token, 'mark-received');
  }
  await reaches(transactionId, ['completed'], 30_000);
  if (plan.reviews !== 'none') {
    await openOrder(buyer.token);
    await partyTransition(buyer.token, 'review-1-by-customer', {
      reviewRating: 5,
      reviewContent: 'As described, well packed.',
    });
  }
  if (plan.reviews === 'both') {
    await openOrder(seller.token);
    await partyTransition(seller.token, 'review-2-by-provider', {
      reviewRating: 5,
      reviewContent: 'Quick payment, thanks.',
    });
  }
  const ended = await reaches(transactionId, ['reviewed'], 30_000);
  if (!ended.payment?.payoutId) throw new Error(`Order ${transactionId} ended without a payout`);
  if (!ended.executionArn) throw new Error(`Order ${transactionId} has no workflow execution`);
  const execution = await within(cloud.stepFunctions.waitForExecution(ended.executionArn), 30_000);
  if (execution.status !== 'SUCCEEDED')
    throw new Error(`Order ${transactionId}: its workflow ${execution.status} (${execution.error ?? ''})`);
  return ended;
}

/** Polls the order (outside any handler: not metered) until it is in one of `states`. */
async function reaches(id: string, states: ProcessState[], timeoutMs: number): Promise<TransactionRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tx = await getTransaction(id);
    if (tx && states.includes(tx.state)) return tx;
    if (Date.now() > deadline) throw new Error(`Order ${id} is ${tx?.state}, not ${states.join(' or ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Not done within ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Runs `count` tasks, at most `concurrency` at a time, reporting each one done. */
export async function inParallel(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
  onDone: (done: number) => void,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      await task(index);
      onDone(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
