import { randomUUID } from 'node:crypto';
import { listingMessages } from '../../../shared/validation/messages';
import { ApiError } from '../../lib/errors';
import type { ListingRecord } from '../listing-record';
import { createListing, updateListing } from '../repository';
import { defaultPrice, emptyPublicData, parseListingInput, publicPointWrite } from './common';

/** The largest stock a listing can have. */
export const maxStock = 100_000;

/**
 * §7 createDraft: a new draft of the user, stock 0, from any subset of the listing fields (checked
 * with the shared validators; unknown fields are ignored). With a place, it gets its public point too.
 */
export async function createDraft(userId: string, body: Record<string, unknown>): Promise<ListingRecord> {
  const current = emptyPublicData();
  const { set, publicData } = parseListingInput(body, current, 0);
  const now = new Date().toISOString();
  return createListing({
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
}

/**
 * §7 update: changes listing fields and keeps the state (a published listing stays published).
 * Conditional on the listing still being in the state it was read in (a concurrent close or
 * publish makes this a 409 `conflict`). A moved place gets a new public point (publicPointWrite).
 */
export async function editListing(
  record: ListingRecord,
  body: Record<string, unknown>,
): Promise<ListingRecord> {
  const { set, publicData } = parseListingInput(body, record.publicData, record.currentStock);
  if (record.title && set.title === '') {
    throw new ApiError('validation-invalid-params', listingMessages.titleRequired, {
      fields: { title: listingMessages.titleRequired },
    });
  }
  return updateListing(record.id, {
    set: { ...set, ...publicPointWrite(set, record), ...(publicData ? { publicData } : {}) },
    fromStates: [record.state],
  });
}

/**
 * §7 stock.compareAndSet { oldTotal, newTotal }: the write is conditional on the stored stock still
 * being `oldTotal`; otherwise 409 `old-total-mismatch`.
 */
export async function setStock(record: ListingRecord, body: Record<string, unknown>): Promise<ListingRecord> {
  const oldTotal = total(body, 'oldTotal');
  const newTotal = total(body, 'newTotal');
  if (record.currentStock !== oldTotal) throw new ApiError('old-total-mismatch');
  return updateListing(
    record.id,
    {
      set: { currentStock: newTotal },
      condition: { expression: 'currentStock = :oldTotal', values: { ':oldTotal': oldTotal } },
    },
    'old-total-mismatch',
  );
}

function total(body: Record<string, unknown>, name: 'oldTotal' | 'newTotal'): number {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > maxStock) {
    const message = `${name} must be a whole number from 0 to ${maxStock}.`;
    throw new ApiError('validation-invalid-params', message, { fields: { [name]: message } });
  }
  return value;
}
