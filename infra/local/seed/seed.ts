import { createHash } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { userRecord } from '../../../functions/accounts/user-record';
import { dynamo, imagesBucket, s3, tableName } from '../../../functions/lib/aws';
import { scanPages } from '../../../functions/lib/paging';
import { listingRecord } from '../../../functions/listings/listing-record';
import { stripeMode } from '../../../functions/payments/stripe';
import type { ListingImage } from '../../../shared/api/types';
import { imageSettings } from '../../../shared/config/constants';
import { marketplaceCurrency } from '../../../shared/config/marketplace';
import { siteSettings } from '../../../shared/config/site';
import { drawPublicPoint } from '../../../shared/maps';
import { listingPlaceText } from '../../../shared/text/addresses';
import { localCognitoClient } from '../cognito';
import { listings, type SeedListing, type SeedLocation, type SeedSeller, sellers } from './catalogue';
import { writeFinanceHistory } from './finance-history';
import { writeDemoHistory } from './history';
import { renderListingImage } from './images';
import { onboardDemoPaypalMerchant, onboardDemoSeller } from './payouts';

/**
 * Demo data for the local marketplace: sellers who can sign in (Cognito + profile) and their
 * published listings with generated photos in S3; the sellers are payout-ready (a verified
 * simulated Stripe Connect account and a linked simulated PayPal merchant each, ./payouts.ts), and
 * they have a past: completed, reviewed orders between them (./history.ts) and the last two months'
 * money in the finance ledger (./finance-history.ts). Runs once per data folder (a marker item says
 * it ran); `reset` empties the table and the demo accounts first.
 */
const marker = { PK: 'SEED', SK: 'DEMO' };
/** Says the demo sellers have their payout accounts (data folders seeded before that get them on start). */
const payoutsMarker = { PK: 'SEED', SK: 'PAYOUTS' };
/** Says the demo history (past orders and reviews) is written (data folders seeded before that get it on start). */
const historyMarker = { PK: 'SEED', SK: 'HISTORY' };
/** Says the demo finance history (ledger entries of the last two months) is recorded (./finance-history.ts). */
const financeMarker = { PK: 'SEED', SK: 'FINANCE' };
const imageVariants = [
  { name: 'listing-card', size: 400, height: 400 },
  { name: 'listing-card-2x', size: 800, height: 800 },
  { name: 'scaled-large', size: 1200, height: 1200 },
] as const;
/** The social crops (§9) of a listing's first photo: og:image and twitter:image of its page. */
const socialVariants = [
  {
    name: 'facebook',
    size: imageSettings.socialImages.facebook.width,
    height: imageSettings.socialImages.facebook.height,
  },
  {
    name: 'twitter',
    size: imageSettings.socialImages.twitter.width,
    height: imageSettings.socialImages.twitter.height,
  },
] as const;

/** Stable ids, so a reseed gives the same URLs. */
export function stableId(kind: string, key: string): string {
  const hex = createHash('sha256').update(`${kind}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SeedResult {
  seeded: boolean;
  sellers: number;
  listings: number;
}

export async function seedDemoData(options: {
  cognitoEndpoint: string;
  userPoolId: string;
  reset?: boolean;
  now?: Date;
  /** The site's origin, for the sellers' payout accounts (business profile URL). */
  origin?: string;
}): Promise<SeedResult> {
  const cognito = localCognitoClient(options.cognitoEndpoint);
  const origin = options.origin ?? siteSettings.canonicalOrigin;
  try {
    if (options.reset) await resetData(cognito, options.userPoolId);
    else if ((await dynamo().send(new GetCommand({ TableName: tableName(), Key: marker }))).Item) {
      const needsPayouts = !(await hasItem(payoutsMarker));
      const needsHistory = !(await hasItem(historyMarker));
      const needsFinance = !(await hasItem(financeMarker));
      if (needsPayouts || needsHistory || needsFinance) {
        const sellerIds = new Map<string, string>();
        for (const seller of sellers)
          sellerIds.set(seller.key, await cognitoSub(cognito, options.userPoolId, seller.email));
        if (needsPayouts) await onboardSellers(sellerIds, origin);
        if (needsHistory) await seedHistory(sellerIds, options.now ?? new Date());
        if (needsFinance) await seedFinanceHistory(sellerIds, options.now ?? new Date());
      }
      return { seeded: false, sellers: sellers.length, listings: listings.length };
    }
    const now = options.now ?? new Date();
    const sellerIds = new Map<string, string>();
    for (const seller of sellers)
      sellerIds.set(seller.key, await seedSeller(cognito, options.userPoolId, seller, now));
    // Both before the gateway opens (nobody sees a listing of a seller who is not payout-ready yet).
    await Promise.all([
      onboardSellers(sellerIds, origin),
      inParallel(listings, 4, (listing) => seedListing(listing, sellerIds.get(listing.sellerKey)!, now)),
    ]);
    await seedHistory(sellerIds, now);
    await seedFinanceHistory(sellerIds, now);
    await dynamo().send(
      new PutCommand({ TableName: tableName(), Item: { ...marker, seededAt: now.toISOString() } }),
    );
    return { seeded: true, sellers: sellers.length, listings: listings.length };
  } finally {
    cognito.destroy();
  }
}

async function hasItem(key: Record<string, string>): Promise<boolean> {
  return Boolean((await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }))).Item);
}

/** The demo users' past orders and reviews (./history.ts; idempotent), then the marker that says so. */
async function seedHistory(sellerIds: ReadonlyMap<string, string>, now: Date): Promise<void> {
  await writeDemoHistory({ userIds: sellerIds, listingIdOf: (key) => stableId('listing', key), now });
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...historyMarker, seededAt: now.toISOString() } }),
  );
}

/** The demo finance history in the ledger (./finance-history.ts; idempotent), then its marker. */
async function seedFinanceHistory(sellerIds: ReadonlyMap<string, string>, now: Date): Promise<void> {
  await writeFinanceHistory({ userIds: sellerIds, now });
  await dynamo().send(
    new PutCommand({ TableName: tableName(), Item: { ...financeMarker, seededAt: now.toISOString() } }),
  );
}

/** The payout country of a demo seller: the country of their listings. */
export function sellerCountry(sellerKey: string): SeedLocation['country'] {
  const listing = listings.find((candidate) => candidate.sellerKey === sellerKey);
  if (!listing) throw new Error(`Demo seller ${sellerKey} has no listings`);
  return listing.location.country;
}

/** Verified payout accounts for the demo sellers (a few at a time), then the marker that says so. */
async function onboardSellers(sellerIds: ReadonlyMap<string, string>, origin: string): Promise<void> {
  // The real Stripe's accounts cannot be made here: no marker, so a later simulated start does it.
  if (stripeMode() !== 'simulated') return;
  await inParallel([...sellerIds], 4, async ([key, userId]) => {
    await onboardDemoSeller({ userId, country: sellerCountry(key), origin });
    await onboardDemoPaypalMerchant(userId);
  });
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...payoutsMarker, seededAt: new Date().toISOString() },
    }),
  );
}

async function cognitoSub(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
): Promise<string> {
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
  const id = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!id) throw new Error(`Cognito gave no sub for ${email}`);
  return id;
}

async function seedSeller(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  seller: SeedSeller,
  now: Date,
): Promise<string> {
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: seller.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: seller.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'given_name', Value: seller.firstName },
        { Name: 'family_name', Value: seller.lastName },
      ],
    }),
  );
  const id = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!id) throw new Error(`Cognito gave no sub for ${seller.email}`);
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: seller.email,
      Password: seller.password,
      Permanent: true,
    }),
  );
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: userRecord({
        id,
        email: seller.email,
        emailVerified: true,
        firstName: seller.firstName,
        lastName: seller.lastName,
        displayName: seller.displayName,
        bio: seller.bio,
        createdAt: new Date(now.getTime() - 400 * 86_400_000).toISOString(),
      }),
    }),
  );
  return id;
}

async function seedListing(listing: SeedListing, authorId: string, now: Date): Promise<void> {
  const id = stableId('listing', listing.key);
  const images: ListingImage[] = [];
  for (let index = 0; index < listing.imageCount; index++) {
    const imageId = stableId('image', `${listing.key}:${index}`);
    const variants: ListingImage['variants'] = {};
    for (const variant of index === 0 ? [...imageVariants, ...socialVariants] : imageVariants) {
      const key = `images/listings/${id}/${imageId}/${variant.name}.jpg`;
      const body = await renderListingImage(listing, index, variant.size, variant.height);
      await s3().send(
        new PutObjectCommand({ Bucket: imagesBucket(), Key: key, Body: body, ContentType: 'image/jpeg' }),
      );
      variants[variant.name] = { width: variant.size, height: variant.height, url: `/${key}` };
    }
    images.push({ id: imageId, variants });
  }
  const createdAt = new Date(now.getTime() - listing.daysAgo * 86_400_000).toISOString();
  const usd = (amount: number) => ({ amount, currency: marketplaceCurrency });
  const { location } = listing;
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: listingRecord({
        id,
        authorId,
        title: listing.title,
        description: listing.description,
        price: usd(listing.priceCents),
        state: 'published',
        publicData: {
          category: listing.category,
          condition: listing.condition,
          brand: listing.brand,
          ...definedFields(listing, [
            'model',
            'year',
            'size',
            'colour',
            'frameMaterial',
            'frameSize',
            'frameSizeCm',
            'wheelSize',
            'groupset',
            'wheelset',
          ]),
          pickupEnabled: listing.pickupEnabled,
          shippingEnabled: listing.shippingEnabled,
          ...(listing.shipsTo ? { shipsTo: listing.shipsTo } : {}),
          location: {
            address: listingPlaceText(location),
            // The street is for pickup buyers; a shipping-only listing has no use for it.
            ...(listing.pickupEnabled ? { building: location.street } : {}),
            city: location.city,
            region: location.region,
            country: location.country,
          },
        },
        geolocation: { lat: location.lat, lng: location.lng },
        // Drawn like a seller's (at random, once): the demo streets are real addresses.
        publicGeolocation: drawPublicPoint({ lat: location.lat, lng: location.lng }),
        currentStock: listing.stock,
        ...(listing.shippingEnabled
          ? {
              shippingFee: {
                oneItem: usd(listing.shippingFeeCents ?? 0),
                additionalItems: usd(listing.additionalItemShippingFeeCents ?? 0),
              },
            }
          : {}),
        images,
        createdAt,
        updatedAt: createdAt,
      }),
    }),
  );
}

function definedFields<K extends keyof SeedListing>(
  listing: SeedListing,
  names: K[],
): Partial<Pick<SeedListing, K>> {
  return Object.fromEntries(
    names.filter((name) => listing[name] !== undefined).map((name) => [name, listing[name]]),
  ) as Partial<Pick<SeedListing, K>>;
}

async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Empties the local table (a maintenance Scan, never on a request path) and removes the demo accounts. */
async function resetData(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  for await (const page of scanPages({ TableName: tableName(), ProjectionExpression: 'PK, SK' })) {
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += 25) {
      const requests = items.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
    }
  }
  for (const seller of sellers) {
    await cognito
      .send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: seller.email }))
      .catch((error: Error) => {
        if (error.name !== 'UserNotFoundException') throw error;
      });
  }
}
