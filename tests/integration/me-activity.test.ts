import { describe, expect, it } from 'vitest';
import { api, signUp } from './accounts';
import { givenListing, givenSeller } from './fixtures';
import { as, completeListing, createDraft } from './own-listing-fixtures';

// GET /api/me carries the spec's current user state flags (§3): has-listings and has-orders, which
// decide whether the missing-information modal asks for e-mail verification first.
describe('GET /api/me: has-listings and has-orders', () => {
  it('false for a new user; a draft listing sets hasListings, an enquiry as a buyer sets hasOrders', async () => {
    const user = await signUp({ firstName: 'Hana', lastName: 'Flags' });
    const me = async () => (await api('GET', '/api/me', as(user))).body.data;
    expect(await me()).toMatchObject({ hasListings: false, hasOrders: false });

    await createDraft(user, completeListing({ title: 'Flag test bike' }));
    expect(await me()).toMatchObject({ hasListings: true, hasOrders: false });

    const seller = await givenSeller();
    const listing = await givenListing(seller.id);
    const enquiry = await api('POST', '/api/transactions', {
      ...as(user),
      body: { transition: 'enquire', params: { listingId: listing.id } },
    });
    expect(enquiry.status).toBe(201);
    expect(await me()).toMatchObject({ hasListings: true, hasOrders: true });
  });
});
