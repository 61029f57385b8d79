import { createHash } from 'node:crypto';
import { keys } from '../../../functions/lib/table-design';
import { cancellationCodes, sendTransactWrite } from '../../../functions/lib/writes';
import type { ListingRecord } from '../../../functions/listings/listing-record';
import { mailsForTransition } from '../../../functions/orders/notifications/decide';
import { sentMarkerItem } from '../../../functions/orders/notifications/send';
import {
  inboxKeys,
  type TransactionRecord,
  type TransitionLogEntry,
  transactionIdFor,
} from '../../../functions/orders/record';
import { getListingConsistent, putItem, type TransactItem } from '../../../functions/orders/repository';
import type { ReviewItem, ReviewType } from '../../../functions/orders/reviews';
import { processAlias } from '../../../shared/config/marketplace';
import { computeLineItems, payinTotal, payoutTotal } from '../../../shared/line-items';
import { type Actor, nextState, type ProcessState, type TransitionName } from '../../../shared/process/graph';
import { createSlug } from '../../../shared/text/slug';
import type { ShippingAddressValues } from '../../../shared/validation/addresses';
import { listings, type SeedSeller, sellers } from './catalogue';

/**
 * The demo marketplace's past: orders between demo users that went the whole way (request-payment
 * → confirm-payment → mark-delivered → mark-received → auto-complete → review-1-by-customer →
 * review-2-by-provider) and now sit in `reviewed` with both reviews published, so listing pages and
 * profiles show reviews and averages out of the box.
 *
 * They are "pre-ledger" history (docs/decisions.md "Demo history"): written directly in their final
 * state, with the engine's own builders and keys, as the engine would have left them, but no money
 * moved: no provider payment or payout ids (no simulated Stripe objects exist for them), no finance
 * outbox events (the ledger begins after them), and the listings' stock is unchanged ("another unit
 * sold earlier"). The e-mails of every step count as sent long ago: their `NOTIFIED#` markers are
 * written with the order, so the order-notifications stream consumer sends nothing for them.
 */

/** A review as written on the order page. */
export interface HistoryReview {
  rating: number;
  content: string;
}

export interface HistoryOrder {
  /** Stable key: the order's checkout key is `demo-history:<key>`. */
  key: string;
  /** A listing of infra/local/seed/catalogue.ts; its seller is the provider. */
  listingKey: string;
  /** The demo seller who bought it (never the listing's seller). */
  buyerKey: string;
  deliveryMethod: 'shipping' | 'pickup';
  /** Days before the seed ran that the buyer ordered (request-payment; paid 3 minutes later). */
  orderedDaysAgo: number;
  /**
   * Days after ordering when the seller marked it delivered, the buyer marked it received (the
   * order completed at once), the buyer reviewed the seller, and the seller reviewed the buyer.
   */
  timeline: readonly [delivered: number, received: number, buyerReview: number, sellerReview: number];
  /** The buyer's review of the seller (`ofProvider`). */
  buyerReview: HistoryReview;
  /** The seller's review of the buyer (`ofCustomer`). */
  sellerReview: HistoryReview;
}

/** Minutes between request-payment and confirm-payment (within the 15-minute payment window). */
export const paidAfterMinutes = 3;

/** Shipping addresses of the buyers (their home towns: the places of their listings). */
export const buyerAddresses: Record<string, Omit<ShippingAddressValues, 'recipientName'>> = {
  isla: addr('1012 Fort St', 'Victoria', 'BC', 'V8V 3K5', 'CA'),
  emily: addr('1120 17 Ave SW', 'Calgary', 'AB', 'T2T 0A9', 'CA'),
  priya: addr('455 Queen St W', 'Toronto', 'ON', 'M5V 2A9', 'CA'),
  claire: addr('1021 Bank St', 'Ottawa', 'ON', 'K1S 3W7', 'CA'),
  lucas: addr('4520 Rue Saint-Denis', 'Montréal', 'QC', 'H2J 2L3', 'CA'),
  owen: addr('2110 Gottingen St', 'Halifax', 'NS', 'B3K 3B3', 'CA'),
  jordan: addr('3410 Fremont Ave N', 'Seattle', 'WA', '98103', 'US'),
  marcus: addr('1650 Valencia St', 'San Francisco', 'CA', '94110', 'US'),
  hannah: addr('38 Exmouth Market', 'London', '', 'EC1R 4QE', 'GB'),
  sam: addr('Oranienstraße 25', 'Berlin', '', '10999', 'DE'),
  diego: addr('210 Sydney Rd, Brunswick', 'Melbourne', 'VIC', '3056', 'AU'),
  nora: addr('Kinkerstraat 120', 'Amsterdam', '', '1053 ED', 'NL'),
};

function addr(
  line1: string,
  city: string,
  state: string,
  postal: string,
  country: string,
): Omit<ShippingAddressValues, 'recipientName'> {
  return {
    recipientAddressLine1: line1,
    recipientCity: city,
    ...(state ? { recipientState: state } : {}),
    recipientPostal: postal,
    recipientCountry: country,
  };
}

/** The orders, oldest first. Sellers with reviews: Sofia 3, Marcus 3, Ben, Nora, Owen 2, a few 1; Priya, Lucas, Jordan, Hannah and Sam none. */
export const historyOrders: readonly HistoryOrder[] = [
  {
    key: 'brooks-b17-owen',
    listingKey: 'brooks-b17',
    buyerKey: 'owen',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 44,
    timeline: [2, 4.6, 5.1, 5.8],
    buyerReview: {
      rating: 5,
      content:
        'Saddle is perfectly broken in, exactly as Isla described. Well packed, with a tin of Proofide thrown in. Thanks!',
    },
    sellerReview: {
      rating: 5,
      content: 'Paid straight away and confirmed as soon as it arrived. Enjoy the B17!',
    },
  },
  {
    key: 'surly-straggler-sam',
    listingKey: 'surly-straggler-frame',
    buyerKey: 'sam',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 38.2,
    timeline: [1.3, 4.1, 4.3, 6.4],
    buyerReview: {
      rating: 4,
      content:
        'Frame is straight and the paint is about what the photos showed. The headset cups were not mentioned, but Nora sorted it out quickly.',
    },
    sellerReview: {
      rating: 5,
      content: 'Friendly buyer, quick payment. Hope the Straggler treats you well.',
    },
  },
  {
    key: 'chris-king-t47-marcus',
    listingKey: 'chris-king-threadfit-t47',
    buyerKey: 'marcus',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 36.7,
    timeline: [0.9, 3.2, 3.4, 3.9],
    buyerReview: {
      rating: 5,
      content:
        'Spins like new, tools and instructions included. Shipped the next morning. Great shop to deal with.',
    },
    sellerReview: { rating: 5, content: 'Smooth as a Chris King bearing. Thanks Marcus!' },
  },
  {
    key: 'rapha-rain-jacket-claire',
    listingKey: 'rapha-core-rain-jacket',
    buyerKey: 'claire',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 35.1,
    timeline: [2.2, 5, 6.8, 7.4],
    buyerReview: {
      rating: 4,
      content:
        'Jacket is clean and still waterproof. Runs a little big for an M, which is fine over a winter layer.',
    },
    sellerReview: { rating: 5, content: 'Easy sale, good communication. Stay dry out there, Claire.' },
  },
  {
    key: 'moots-vamoots-hannah',
    listingKey: 'moots-vamoots-rsl',
    buyerKey: 'hannah',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 31,
    timeline: [1, 3.8, 4.3, 5],
    buyerReview: {
      rating: 5,
      content:
        'Stunning frame, not a mark on it. Sofia boxed it like a pro and answered all my sizing questions before I bought.',
    },
    sellerReview: { rating: 5, content: 'A pleasure to sell to. The Moots went to a good home.' },
  },
  {
    key: 'lezyne-pump-diego',
    listingKey: 'lezyne-floor-drive',
    buyerKey: 'diego',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 29.4,
    timeline: [3.1, 5.9, 6.2, 6.5],
    buyerReview: {
      rating: 3,
      content:
        'Pump works fine, but it took three days to ship and the gauge glass has a crack the listing did not show.',
    },
    sellerReview: {
      rating: 4,
      content: 'Sorry about the slow shipping, Diego. Paid promptly and was fair about the gauge.',
    },
  },
  {
    key: 'poc-knee-pads-isla',
    listingKey: 'poc-joint-vpd-air',
    buyerKey: 'isla',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 27.8,
    timeline: [1.2, 3.9, 4.6, 5.2],
    buyerReview: {
      rating: 4,
      content: 'Good pads, a bit of wear on the straps. Fair price and quick shipping.',
    },
    sellerReview: { rating: 5, content: 'Great buyer, would happily sell to Isla again.' },
  },
  {
    key: 'thomson-seatpost-jordan',
    listingKey: 'thomson-elite-setback-post',
    buyerKey: 'jordan',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 26.5,
    timeline: [0.8, 3, 3.1, 4.4],
    buyerReview: {
      rating: 5,
      content: 'Exactly as described, clamp bolts greased and the post wrapped in bubble wrap. Merci Claire!',
    },
    sellerReview: { rating: 5, content: 'Quick payment and a nice message when it arrived. Thank you!' },
  },
  {
    key: 'fox-x2-shock-priya',
    listingKey: 'fox-float-x2-factory',
    buyerKey: 'priya',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 21.7,
    timeline: [1.5, 4.2, 4.9, 5.3],
    buyerReview: {
      rating: 4,
      content:
        'Shock works great after a fresh air can service. Sofia sent the hardware and her settings too.',
    },
    sellerReview: { rating: 4, content: 'Asked good questions before buying and paid right away.' },
  },
  {
    key: 'odyssey-tires-lucas',
    listingKey: 'odyssey-path-pro',
    buyerKey: 'lucas',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 19.9,
    timeline: [1.1, 3.9, 4.5, 4.8],
    buyerReview: {
      rating: 5,
      content: 'Tires arrived fast, tread is like new. My kid is thrilled. Gracias Diego!',
    },
    sellerReview: { rating: 5, content: 'Easy transaction. Have fun at the park!' },
  },
  {
    key: 'thomson-stem-jordan',
    listingKey: 'thomson-x4-stem',
    buyerKey: 'jordan',
    deliveryMethod: 'pickup',
    orderedDaysAgo: 17.2,
    timeline: [0.3, 0.4, 1, 1.3],
    buyerReview: {
      rating: 5,
      content: 'Picked it up at the shop on a Portland trip. Ben even checked the fit on my bike. Top notch.',
    },
    sellerReview: { rating: 5, content: 'On time for pickup and a great chat about stems. Come by again.' },
  },
  {
    key: 'ultegra-pedals-emily',
    listingKey: 'ultegra-spd-sl-pedals',
    buyerKey: 'emily',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 15.6,
    timeline: [1.4, 4, 4.2, 6],
    buyerReview: {
      rating: 4,
      content:
        'Pedals spin smoothly, the usual scuffs on the bodies. Cleats were not included, but the price was fair.',
    },
    sellerReview: { rating: 5, content: 'Paid quickly and was patient with the shipping. Thanks Emily!' },
  },
  {
    key: 'enve-fork-lucas',
    listingKey: 'enve-road-fork-2',
    buyerKey: 'lucas',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 15,
    timeline: [1, 3.6, 3.8, 4],
    buyerReview: {
      rating: 5,
      content: 'Fork is flawless, steerer uncut as promised. Fast shipping and very well packed.',
    },
    sellerReview: { rating: 5, content: 'Super smooth, payment and communication both. Merci Lucas.' },
  },
  {
    key: 'arundel-cages-priya',
    listingKey: 'arundel-mandible-cages',
    buyerKey: 'priya',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 13.3,
    timeline: [0.7, 2.9, 3.5, 3.6],
    buyerReview: {
      rating: 3,
      content:
        'They hold bottles well, but one cage has more scuffs than the photos showed. Shipped quickly, though.',
    },
    sellerReview: { rating: 4, content: 'Fair buyer, let me know about the scuffs politely. Thanks Priya.' },
  },
  {
    key: 'sworks-shoes-nora',
    listingKey: 'sworks-7-road-shoes',
    buyerKey: 'nora',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 11,
    timeline: [1.2, 3.5, 3.9, 4.4],
    buyerReview: {
      rating: 5,
      content: 'Shoes look barely worn and fit perfectly. Insoles were cleaned too. Thanks Sofia!',
    },
    sellerReview: { rating: 5, content: 'Quick to pay, quick to confirm. Enjoy the shoes, Nora.' },
  },
  {
    key: 'enve-bar-hannah',
    listingKey: 'enve-ses-ar-bar',
    buyerKey: 'hannah',
    deliveryMethod: 'shipping',
    orderedDaysAgo: 9.8,
    timeline: [1.1, 3.4, 3.6, 4.2],
    buyerReview: {
      rating: 5,
      content: 'Bar arrived with the original box and clamp-area photos. No damage anywhere. Great seller.',
    },
    sellerReview: { rating: 5, content: 'Hannah knows her gear. Easy and friendly sale.' },
  },
  {
    key: 'bronson-frame-isla',
    listingKey: 'santa-cruz-bronson-frame',
    buyerKey: 'isla',
    deliveryMethod: 'pickup',
    orderedDaysAgo: 5.9,
    timeline: [0.9, 1, 1.6, 2.1],
    buyerReview: {
      rating: 5,
      content:
        'Took the ferry over to pick it up. Maya walked me through the shock setup and the frame is spotless. Worth the trip!',
    },
    sellerReview: {
      rating: 5,
      content: 'Right on time and a great rider to hand this frame to. Thanks Isla!',
    },
  },
];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The parties, listing and time the records are built for. */
export interface HistoryContext {
  customerId: string;
  providerId: string;
  listing: ListingRecord;
  now: Date;
}

/** What one historical order is in the table: the transaction, its two published reviews, the mail markers. */
export interface HistoryRecords {
  transaction: TransactionRecord;
  reviews: ReviewItem[];
  mailMarkers: Record<string, unknown>[];
}

/** A deterministic tracking number (UPS style) for a shipped order. */
export function trackingNumberOf(orderKey: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(`tracking:${orderKey}`).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(16, '0')
    .slice(-16);
  return `1Z${digits}`;
}

/** The demo seller of a catalogue listing. */
export function sellerKeyOf(listingKey: string): string {
  const listing = listings.find((candidate) => candidate.key === listingKey);
  if (!listing) throw new Error(`No demo listing ${listingKey}`);
  return listing.sellerKey;
}

/** The seller of a demo user key. */
function sellerOf(key: string): SeedSeller {
  const seller = sellers.find((candidate) => candidate.key === key);
  if (!seller) throw new Error(`No demo user ${key}`);
  return seller;
}

/**
 * The records the engine would have left after the order's seven transitions at the order's times
 * (functions/orders/repository.ts createTransaction, engine.ts applyTransition, reviews.ts).
 */
export function historyRecords(order: HistoryOrder, context: HistoryContext): HistoryRecords {
  const { customerId, providerId, listing, now } = context;
  const checkoutKey = `demo-history:${order.key}`;
  const id = transactionIdFor(customerId, checkoutKey);
  const ordered = now.getTime() - order.orderedDaysAgo * DAY_MS;
  const at = (days: number) => new Date(ordered + days * DAY_MS).toISOString();
  const [delivered, received, buyerReviewed, sellerReviewed] = order.timeline;
  const steps: { transition: TransitionName; by: Actor; at: string }[] = [
    { transition: 'request-payment', by: 'customer', at: at(0) },
    {
      transition: 'confirm-payment',
      by: 'customer',
      at: new Date(ordered + paidAfterMinutes * MINUTE_MS).toISOString(),
    },
    { transition: 'mark-delivered', by: 'provider', at: at(delivered) },
    { transition: 'mark-received', by: 'customer', at: at(received) },
    // The 0-second timer the engine takes at once, at the same time.
    { transition: 'auto-complete', by: 'system', at: at(received) },
    { transition: 'review-1-by-customer', by: 'customer', at: at(buyerReviewed) },
    { transition: 'review-2-by-provider', by: 'provider', at: at(sellerReviewed) },
  ];

  let state: ProcessState = 'initial';
  const entered: Partial<Record<ProcessState, string>> = { initial: steps[0]!.at };
  const transitions: TransitionLogEntry[] = [];
  for (const step of steps) {
    const to = nextState(state, step.transition);
    if (!to) throw new Error(`History order ${order.key}: ${step.transition} does not start at ${state}`);
    state = to;
    entered[to] ??= step.at;
    const userId = step.by === 'customer' ? customerId : step.by === 'provider' ? providerId : undefined;
    transitions.push({
      transition: step.transition,
      by: step.by,
      ...(userId !== undefined ? { userId } : {}),
      createdAt: step.at,
    });
  }
  const last = transitions[transitions.length - 1]!;

  // Priced like repository.ts priceOrder: the listing's price and delivery, quantity 1.
  const buyer = sellerOf(order.buyerKey);
  const shippingDetails: ShippingAddressValues | undefined =
    order.deliveryMethod === 'shipping'
      ? { recipientName: `${buyer.firstName} ${buyer.lastName}`, ...buyerAddresses[order.buyerKey]! }
      : undefined;
  const lineItems = computeLineItems(
    {
      price: listing.price,
      pickupEnabled: listing.publicData.pickupEnabled,
      shippingEnabled: listing.publicData.shippingEnabled,
      shippingFee: listing.shippingFee ?? null,
    },
    { quantity: 1, deliveryMethod: order.deliveryMethod },
  );

  const parties = { id, customerId, providerId };
  const transaction: TransactionRecord = {
    ...keys.transaction(id),
    SK: 'TX',
    ...inboxKeys(parties, state, last.createdAt),
    entity: 'transaction',
    ...parties,
    processAlias,
    state,
    version: transitions.length,
    listingId: listing.id,
    listingSnapshot: {
      title: listing.title,
      slug: createSlug(listing.title),
      ...(listing.images[0] ? { image: listing.images[0] } : {}),
    },
    orderData: {
      deliveryMethod: order.deliveryMethod,
      quantity: 1,
      ...(shippingDetails ? { shippingDetails } : {}),
    },
    lineItems,
    payinTotal: payinTotal(lineItems),
    payoutTotal: payoutTotal(lineItems),
    createdAt: steps[0]!.at,
    lastTransition: last.transition,
    lastTransitionedAt: last.createdAt,
    entered,
    transitions,
    protectedData: order.deliveryMethod === 'shipping' ? { trackingNumber: trackingNumberOf(order.key) } : {},
    // Pre-ledger: the times of capture and payout, but no provider ids (no provider objects exist).
    payment: { method: 'card', capturedAt: steps[1]!.at, paidOutAt: at(received) },
    messageCount: 0,
    reviewTypes: ['ofProvider', 'ofCustomer'],
    checkoutKey,
  };

  const review = (type: ReviewType, input: HistoryReview, createdAt: string): ReviewItem => {
    const subjectId = type === 'ofProvider' ? providerId : customerId;
    return {
      ...keys.txReview(id, type),
      ...keys.reviewBySubject(subjectId, type, createdAt, id),
      entity: 'review',
      id: `${id}-${type}`,
      transactionId: id,
      listingId: listing.id,
      type,
      rating: input.rating,
      content: input.content,
      createdAt,
      authorId: type === 'ofProvider' ? customerId : providerId,
      subjectId,
      state: 'public',
    };
  };
  const reviews = [
    review('ofProvider', order.buyerReview, at(buyerReviewed)),
    review('ofCustomer', order.sellerReview, at(sellerReviewed)),
  ];

  // The markers sendOnce (functions/orders/notifications/send.ts) writes for each mail of each version.
  const recipientKey = (to: string) => (to === 'customer' ? customerId : to === 'provider' ? providerId : to);
  const mailMarkers = transitions.flatMap((entry, index) =>
    mailsForTransition(entry.transition).map((mail) =>
      sentMarkerItem(id, `v${index + 1}`, mail, recipientKey(mail.to), new Date(entry.createdAt)),
    ),
  );
  return { transaction, reviews, mailMarkers };
}

/**
 * Writes the history: each order with its reviews and mail markers in one TransactWrite, the
 * transaction Put only if it is not there yet (its id is derived from the buyer and a stable
 * checkout key), so running it again writes nothing twice. An order whose listing is gone or no
 * longer the seller's (an older data folder) is skipped. Returns how many orders were written.
 */
export async function writeDemoHistory(options: {
  userIds: ReadonlyMap<string, string>;
  listingIdOf: (listingKey: string) => string;
  now: Date;
  orders?: readonly HistoryOrder[];
}): Promise<number> {
  let written = 0;
  for (const order of options.orders ?? historyOrders) {
    const listing = await getListingConsistent(options.listingIdOf(order.listingKey));
    const customerId = options.userIds.get(order.buyerKey);
    const providerId = options.userIds.get(sellerKeyOf(order.listingKey));
    if (!listing || listing.deleted || !customerId || listing.authorId !== providerId) continue;
    const records = historyRecords(order, {
      customerId,
      providerId,
      listing,
      now: options.now,
    });
    const items: TransactItem[] = [
      putItem({ ...records.transaction }, 'attribute_not_exists(PK)'),
      ...records.reviews.map((review) => putItem({ ...review }, 'attribute_not_exists(PK)')),
      ...records.mailMarkers.map((marker) => putItem(marker, 'attribute_not_exists(PK)')),
    ];
    try {
      await sendTransactWrite({ TransactItems: items }, { retryConflicts: true });
      written++;
    } catch (error) {
      if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') continue;
      throw error;
    }
  }
  return written;
}
