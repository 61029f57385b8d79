import { randomUUID } from 'node:crypto';
import { json, jsonBody } from '../../../lib/http';
import { userHandler } from '../../../lib/user-handler';
import {
  defaultPrice,
  emptyPublicData,
  parseListingInput,
  publicPointWrite,
  toOwnListing,
} from '../../own/common';
import { createListing } from '../../repository';

/**
 * POST /api/own-listings — a new draft of the caller (§7 createDraft): state draft, stock 0. The
 * body may hold any subset of the listing fields (checked with the shared validators); unknown
 * fields are ignored. With a place, the draft gets its public point too.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user: { id: userId } }) => {
  const current = emptyPublicData();
  const { set, publicData } = parseListingInput(jsonBody(event), current);
  const now = new Date().toISOString();
  const record = await createListing({
    id: randomUUID(),
    authorId: userId,
    title: set.title ?? '',
    description: set.description ?? '',
    price: set.price ?? defaultPrice(),
    state: 'draft',
    publicData: publicData ?? current,
    // No place, no point: a draft has a geolocation only once a place is picked (never 0,0).
    ...(set.geolocation ? { geolocation: set.geolocation, ...publicPointWrite(set) } : {}),
    currentStock: 0,
    ...(set.shippingFee ? { shippingFee: set.shippingFee } : {}),
    images: [],
    createdAt: now,
    updatedAt: now,
  });
  return json(201, { data: toOwnListing(record) });
});
