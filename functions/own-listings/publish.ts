import { listingsRequireApproval } from '../../shared/config/marketplace';
import { listingStateAfter, stockOnPublish } from '../../shared/listings';
import { validatePhotos } from '../../shared/validation/listing';
import { listingMessages } from '../../shared/validation/messages';
import { ApiError, assertValid, httpHandler, json, requestUser } from '../lib/http';
import { keys } from '../lib/table-design';
import type { ListingRecord } from '../listings/listing-record';
import { updateListing } from '../listings/repository';
import { ownListing, toOwnListing } from './common';

/** What a draft needs before it can go live (§5): the spec's message per missing field. */
export function publishErrors(record: ListingRecord): Record<string, string | undefined> {
  const data = record.publicData;
  return {
    title: record.title ? undefined : listingMessages.titleRequired,
    category: data.category ? undefined : listingMessages.categoryRequired,
    condition: data.condition ? undefined : listingMessages.conditionRequired,
    delivery:
      data.pickupEnabled || data.shippingEnabled
        ? undefined
        : 'You need to choose at least one delivery method.',
    location:
      data.pickupEnabled && !data.location.address ? listingMessages.pickupAddressRequired : undefined,
    shippingFee:
      data.shippingEnabled && !record.shippingFee ? listingMessages.shippingOneItemRequired : undefined,
    images: validatePhotos(record.images),
  };
}

/**
 * POST /api/own-listings/{id}/publish — §7 publishDraft: only a draft, only when the seller's payout
 * details are ready (else 409 `transaction-missing-stripe-account` with `meta.reason:
 * 'payout-details-missing'`, so the web app sends them through onboarding). Stock 0 → 1
 * (stockOnPublish, as a compare-and-set); published listings get the GSI2 keys (search).
 */
export const handler = httpHandler(async (event) => {
  const { record } = await ownListing(event);
  const to = listingStateAfter(record.state, 'publishDraft', { requiresApproval: listingsRequireApproval });
  if (!to) throw new ApiError('conflict', 'Only a draft can be published.', { state: record.state });
  if (requestUser(event).profile?.payoutReady !== true) {
    throw new ApiError(
      'transaction-missing-stripe-account',
      'Add your payout details to publish the listing.',
      {
        reason: 'payout-details-missing',
      },
    );
  }
  assertValid(publishErrors(record));
  const stock = stockOnPublish(record.currentStock);
  const updated = await updateListing(record.id, {
    set: {
      state: to,
      currentStock: stock.stock,
      ...(to === 'published' ? keys.publishedListing(record.id, record.createdAt) : {}),
    },
    fromStates: ['draft'],
    condition: {
      expression: 'currentStock = :oldStock',
      values: { ':oldStock': record.currentStock },
    },
  });
  return json(200, { data: toOwnListing(updated) });
});
