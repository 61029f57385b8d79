import { type ApiRouteName, apiPath } from '../../shared/api/routes';
import {
  type Case,
  forbidden,
  listingKey,
  notFound,
  onOwner,
  self,
  uploaded,
} from './authorization-case-kit';
import type { Call } from './authorization-matrix';
import { ownerListing, type World } from './authorization-world';
import { completeListing, readyDraft } from './own-listing-fixtures';

/** The authorization matrix's cases of the seller's own listings and their photos (authorization-cases.ts). */
export const listingCases = {
  ownListings: {
    auth: 'user',
    why: 'self: the caller’s own listings',
    other: self(200),
    owner: 200,
    prepare: async (w) =>
      onOwner(w, { method: 'GET', path: '/api/own-listings' }, [listingKey(w.listing.id)]),
  },
  createDraft: {
    auth: 'user',
    why: 'self: the draft’s author is the caller',
    other: self(201),
    owner: 201,
    prepare: async (w) =>
      onOwner(w, {
        method: 'POST',
        path: '/api/own-listings',
        body: completeListing({ title: 'Matrix draft' }),
      }),
  },
  ownListing: ownedListingCase('GET', 'ownListing', 200),
  updateListing: ownedListingCase('PATCH', 'updateListing', 200, () => ({
    title: 'Trek Domane AL 2, renamed',
  })),
  deleteListing: ownedListingCase('DELETE', 'deleteListing', 204, undefined, 'own'),
  publishDraft: {
    auth: 'user',
    why: 'ownership policy: someone else’s draft is 404 (private)',
    other: notFound,
    owner: 200,
    prepare: async (w) => {
      const id = await readyDraft(w.owner.account, completeListing({ title: 'Matrix ready draft' }));
      return { call: { method: 'POST', path: apiPath('publishDraft', { id }) }, watch: [listingKey(id)] };
    },
  },
  openListing: ownedListingCase('POST', 'openListing', 200, undefined, 'closed'),
  closeListing: ownedListingCase('POST', 'closeListing', 200, undefined, 'own'),
  setStock: ownedListingCase('POST', 'setStock', 200, (w) => ({
    oldTotal: w.listing.currentStock,
    newTotal: 7,
  })),
  createImageUpload: ownedListingCase('POST', 'createImageUpload', 201, () => ({
    contentType: 'image/png',
    size: 100,
  })),
  addImage: {
    auth: 'user',
    why: 'ownership policy: someone else’s published listing is 403',
    other: forbidden,
    owner: 201,
    prepare: async (w) => {
      const listing = await ownerListing(w);
      const uploadId = await uploaded(w.owner.account, apiPath('createImageUpload', { id: listing.id }));
      return {
        call: { method: 'POST', path: apiPath('addImage', { id: listing.id }), body: { uploadId } },
        watch: [listingKey(listing.id)],
      };
    },
  },
  reorderImages: ownedListingCase('PATCH', 'reorderImages', 200, (w) => ({
    order: w.listing.images.map((i) => i.id),
  })),
  removeImage: {
    auth: 'user',
    why: 'ownership policy: someone else’s published listing is 403',
    other: forbidden,
    owner: 200,
    prepare: async (w) => {
      const listing = await ownerListing(w);
      const path = apiPath('removeImage', { id: listing.id, imageId: listing.images[0]!.id });
      return { call: { method: 'DELETE', path }, watch: [listingKey(listing.id)] };
    },
  },
} satisfies Partial<Record<ApiRouteName, Case>>;

/**
 * A route of the ownership policy (functions/listings/ownership.ts) on a published listing of the
 * owner's: someone else gets 403. `fixture`: the world's listing, or one of its own for a route
 * that ends it ('own'), or a closed one ('closed').
 */
function ownedListingCase(
  method: Call['method'],
  name:
    | 'ownListing'
    | 'updateListing'
    | 'deleteListing'
    | 'openListing'
    | 'closeListing'
    | 'setStock'
    | 'createImageUpload'
    | 'reorderImages',
  owner: number,
  body?: (world: World) => unknown,
  fixture: 'world' | 'own' | 'closed' = 'world',
): Case {
  return {
    auth: 'user',
    why: 'ownership policy: someone else’s published or closed listing is 403',
    other: forbidden,
    owner,
    prepare: async (w) => {
      const id =
        fixture === 'world'
          ? w.listing.id
          : (await ownerListing(w, fixture === 'closed' ? { state: 'closed' } : {})).id;
      return {
        call: { method, path: apiPath(name, { id }), ...(body ? { body: body(w) } : {}) },
        watch: [listingKey(id)],
      };
    },
  };
}
