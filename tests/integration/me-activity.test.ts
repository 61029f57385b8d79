import { describe, expect, it } from 'vitest';
import { api, signUp } from './accounts';
import { givenListing, givenSeller } from './fixtures';
import { as, completeListing, createDraft } from './own-listing-fixtures';

// GET /api/me carries the spec's current user state flags (§3): has-listings and has-orders, which
// decide whether the missing-information modal asks for e-mail verification first.
describe('GET /api/me: has-listings and has-orders', () => {
  it('false for a new user; a draft is not a listing, an enquiry as a buyer sets hasOrders', async () => {
    const user = await signUp({ firstName: 'Hana', lastName: 'Flags' });
    const me = async () => (await api('GET', '/api/me', as(user))).body.data;
    expect(await me()).toMatchObject({ hasListings: false, hasOrders: false });

    await createDraft(user, completeListing({ title: 'Flag test bike' }));
    expect(await me()).toMatchObject({ hasListings: false, hasOrders: false });

    const seller = await givenSeller();
    const listing = await givenListing(seller.id);
    const enquiry = await api('POST', '/api/transactions', {
      ...as(user),
      body: { transition: 'enquire', params: { listingId: listing.id } },
    });
    expect(enquiry.status).toBe(201);
    expect(await me()).toMatchObject({ hasListings: false, hasOrders: true });
  });

  it('hasListings: any listing that is not a draft, found past many newer drafts (Limit before filter)', async () => {
    const user = await signUp({ firstName: 'Ida', lastName: 'Seller' });
    const me = async () => (await api('GET', '/api/me', as(user))).body.data;
    const at = (minutes: number) => new Date(Date.now() - 60 * 60_000 + minutes * 60_000).toISOString();
    // The Query reads oldest first: 30 drafts and a deleted listing come before the closed one.
    for (let i = 0; i < 30; i++) await givenListing(user.user.id, { state: 'draft', createdAt: at(i) });
    await givenListing(user.user.id, { state: 'closed', createdAt: at(31), deleted: true });
    expect(await me()).toMatchObject({ hasListings: false });
    await givenListing(user.user.id, { state: 'closed', createdAt: at(40) });
    expect(await me()).toMatchObject({ hasListings: true });
  });
});
