import type { CurrentUser } from '../../../../shared/api/account';
import type { SavedCard } from '../../../../shared/api/payments';
import type { Listing } from '../../../../shared/api/types';
import { ApiRequestError } from '../../api/client';
import type { CheckoutValues } from './values';

/** A published listing for the checkout's tests: pickup and shipping, stock 3. */
export function fixtureListing(
  overrides: Partial<Listing> = {},
  publicData: Partial<Listing['publicData']> = {},
): Listing {
  return {
    id: 'listing-1',
    slug: 'steel-gravel-bike',
    title: 'Steel gravel bike',
    description: 'A bike',
    price: { amount: 50000, currency: 'USD' },
    state: 'published',
    publicData: {
      pickupEnabled: true,
      shippingEnabled: true,
      location: { city: 'Berlin', region: 'Berlin', country: 'DE' },
      ...publicData,
    } as Listing['publicData'],
    geolocation: { lat: 0, lng: 0 },
    currentStock: 3,
    createdAt: '2025-01-01T00:00:00.000Z',
    author: { id: 'seller-1', displayName: 'Sam S', abbreviatedName: 'SS' },
    images: [],
    ...overrides,
  };
}

/** The checkout form with nothing chosen or typed (card payment, a new card). */
export const fixtureEmptyValues = {
  deliveryMethod: '',
  quantity: '',
  paymentMethod: 'card',
  cardChoice: 'new',
} as CheckoutValues;

/** The signed-in buyer of the checkout's tests (no saved card). */
export const fixtureBuyer = { id: 'buyer-1', firstName: 'Bea', lastName: 'Buyer' } as CurrentUser;

/** A saved card that can still pay. */
export const fixtureSavedCard: SavedCard = {
  stripePaymentMethodId: 'pm_saved',
  brand: 'visa',
  last4Digits: '4242',
  expirationMonth: 12,
  expirationYear: 2099,
};

/** An API refusal as the client throws it: one error with the catalogue's code (and meta, title). */
export const fixtureApiError = (
  status: number,
  code: string,
  meta?: Record<string, unknown>,
  title?: string,
) =>
  new ApiRequestError(status, {
    errors: [{ id: 'e', status, code, title: title ?? 'x', ...(meta ? { meta } : {}) }],
  });
