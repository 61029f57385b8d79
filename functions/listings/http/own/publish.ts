import {
  listingStateAfter,
  listingsRequireApprovalEnv,
  requiresListingApproval,
  stockOnPublish,
} from '../../../../shared/listings';
import {
  validateDelivery,
  validateListingDetails,
  validatePhotos,
} from '../../../../shared/validation/listing';
import { listingMessages } from '../../../../shared/validation/messages';
import { ApiError, assertValid, httpHandler, json, requestUser } from '../../../lib/http';
import { type ListingRecord, listingStateWrite } from '../../listing-record';
import { locationError, ownListing, toOwnListing } from '../../own/common';
import { updateListing } from '../../repository';

/**
 * What a draft needs before it can go live (§5), the spec's message per missing field: every
 * required detail (title, description, category, brand, size, condition: validateListingDetails),
 * a delivery method (deliveryMethodNotChosen), a place (locationRequired: every listing has one,
 * shipping-only too, so cards and search can show where it is), both shipping fees when shipping is
 * on (reported on `shippingFee`), and at least one photo.
 */
export function publishErrors(record: ListingRecord): Record<string, string | undefined> {
  const data = record.publicData;
  const details = validateListingDetails({
    title: record.title,
    description: record.description,
    category: data.category,
    brand: data.brand ?? '',
    size: data.size ?? '',
    condition: data.condition,
  });
  const delivery = validateDelivery({
    shippingEnabled: data.shippingEnabled,
    shippingPriceOneItem: record.shippingFee?.oneItem ?? null,
    shippingPriceAdditionalItems: record.shippingFee?.additionalItems ?? null,
  });
  return {
    ...details,
    delivery:
      data.pickupEnabled || data.shippingEnabled ? undefined : listingMessages.deliveryMethodNotChosen,
    location: locationError(record),
    shippingFee: delivery.shippingPriceOneItem ?? delivery.shippingPriceAdditionalItems,
    images: validatePhotos(record.images),
  };
}

/**
 * POST /api/own-listings/{id}/publish — §7 publishDraft: only a draft, only when the seller's payout
 * details are ready (else 409 `transaction-missing-stripe-account` with `meta.reason:
 * 'payout-details-missing'`, so the web app sends them through onboarding). Stock 0 → 1
 * (stockOnPublish, as a compare-and-set); published listings get the GSI2 keys (search). With
 * VELO_LISTINGS_REQUIRE_APPROVAL=true|1 in the environment (read on every request; default
 * `listingsRequireApproval`) the draft goes to pendingApproval instead, out of search until
 * `npm run operator -- approve-listing <id>`.
 */
export const handler = httpHandler(async (event) => {
  const { record } = await ownListing(event);
  const requiresApproval = requiresListingApproval(process.env[listingsRequireApprovalEnv]);
  const to = listingStateAfter(record.state, 'publishDraft', { requiresApproval });
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
  const write = listingStateWrite(record, to);
  const updated = await updateListing(record.id, {
    set: { ...write.set, currentStock: stock.stock },
    ...(write.remove ? { remove: write.remove } : {}),
    fromStates: ['draft'],
    condition: {
      expression: 'currentStock = :oldStock',
      values: { ':oldStock': record.currentStock },
    },
  });
  return json(200, { data: toOwnListing(updated) });
});
