import { randomUUID } from 'node:crypto';
import type { ListingFields } from '../../functions/listings/listing-record';
import { createListing } from '../../functions/listings/repository';
import { createUser } from '../../functions/users/repository';

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

export async function givenListing(authorId: string, overrides: Partial<ListingFields> = {}) {
  const now = new Date().toISOString();
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
    geolocation: { lat: 43.65, lng: -79.38 },
    currentStock: 1,
    images: [],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}
