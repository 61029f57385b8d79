import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { updateListing } from '../../functions/listings/repository';
import { api, type TestAccount } from './accounts';
import { eventually } from './cloud-env';

/**
 * What the seller's listing suites share (own-listings, listing-approval): a complete draft's body,
 * drafts made through the API, the owner-only routes and the search checks.
 */

/** An API call's options as `account`. */
export const as = (account: TestAccount) => ({ token: account.accessToken });

/** The exact pickup point of `completeListing` (only the owner sees it). */
export const exactPickup = { lat: 43.6532, lng: -79.3832 };

/** A draft's body with every field publishing needs but a photo: a road bike picked up in Toronto. */
export function completeListing(fields: {
  title: string;
  description?: string;
  brand?: string;
  size?: string;
}) {
  return {
    description: 'Aluminium race bike, 105 groupset.',
    category: 'roadBikes',
    brand: 'Cannondale',
    size: 'm',
    condition: 'usedGoodCondition',
    price: { amount: 120_000, currency: 'USD' },
    pickupEnabled: true,
    shippingEnabled: false,
    location: { address: '100 Queen St W, Toronto', city: 'Toronto', region: 'ON', country: 'CA' },
    geolocation: exactPickup,
    ...fields,
  };
}

/** Every owner-only route of a listing (functions/listings/http/own): the method and the path after the id. */
export const ownerOnlyRoutes = [
  ['GET', ''],
  ['PATCH', ''],
  ['POST', '/publish'],
  ['POST', '/open'],
  ['POST', '/close'],
  ['POST', '/stock'],
  ['DELETE', ''],
] as const;

/** Creates a draft of `account` (POST /api/own-listings) and returns its id. */
export async function createDraft(account: TestAccount, body: Record<string, unknown>): Promise<string> {
  const created = await api('POST', '/api/own-listings', { ...as(account), body });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

/** A draft that is ready to publish: the fields and one photo (written directly, not uploaded). */
export async function readyDraft(account: TestAccount, body: Record<string, unknown>): Promise<string> {
  const id = await createDraft(account, body);
  await updateListing(id, { set: { images: [{ id: randomUUID(), variants: {} }] } });
  return id;
}

/** Whether a search for `title` finds the listing now. */
export async function inSearch(title: string, id: string): Promise<boolean> {
  const answer = await api('GET', `/api/listings?keywords=${encodeURIComponent(title)}`);
  return answer.body.data.some((listing: { id: string }) => listing.id === id);
}

/** Waits until the listing is (or is not) in search; the stream consumer refreshes the index. */
export const eventuallyInSearch = (title: string, id: string, present: boolean) =>
  eventually(async () => ((await inSearch(title, id)) === present ? true : undefined));
