import { describe, expect, it } from 'vitest';
import type { ListingSummary, Page, PublicUser } from '../../../../shared/api/types';
import { addChooserPage, contactListing, noChooserListings, profileContactMode } from './contact-chooser';

const maya: PublicUser = { id: 'maya', displayName: 'Maya T', abbreviatedName: 'MT' };

function summary(id: string, state: ListingSummary['state'] = 'published'): ListingSummary {
  return {
    id,
    slug: `bike-${id}`,
    title: `Bike ${id}`,
    price: { amount: 100_00, currency: 'USD' },
    state,
    category: 'road',
    condition: 'usedGoodCondition',
    city: 'Vancouver',
    region: 'BC',
    createdAt: '2026-01-01T00:00:00.000Z',
    authorId: 'maya',
  };
}

function page(ids: string[], number: number, totalPages: number): Page<ListingSummary> {
  return {
    data: ids.map((id) => summary(id)),
    meta: { page: number, perPage: 24, totalItems: totalPages * 24, totalPages },
  };
}

describe('profileContactMode (issue 25: Contact on a profile)', () => {
  it('offers the chooser to a signed-in visitor when the user has open listings', () => {
    expect(profileContactMode(maya, { id: 'buyer' }, false, 3)).toBe('contact');
  });

  it('sends signed-out visitors to log in first', () => {
    expect(profileContactMode(maya, null, true, 3)).toBe('login');
    // The session is still being read: the click decides (as on the listing page).
    expect(profileContactMode(maya, null, false, 3)).toBe('contact');
  });

  it('is hidden with no open listing, while they load, on your own profile and for banned or deleted users', () => {
    expect(profileContactMode(maya, { id: 'buyer' }, false, 0)).toBe('none');
    expect(profileContactMode(maya, { id: 'buyer' }, false, undefined)).toBe('none');
    expect(profileContactMode(maya, { id: 'maya' }, false, 3)).toBe('none');
    expect(profileContactMode({ ...maya, banned: true }, { id: 'buyer' }, false, 3)).toBe('none');
    expect(profileContactMode({ ...maya, deleted: true }, null, true, 3)).toBe('none');
  });
});

describe('addChooserPage', () => {
  it('adds the pages in order and knows when there is no more', () => {
    const first = addChooserPage(noChooserListings, page(['a', 'b'], 1, 2));
    expect(first.listings.map((l) => l.id)).toEqual(['a', 'b']);
    expect(first.nextPage).toBe(2);
    const second = addChooserPage(first, page(['c'], 2, 2));
    expect(second.listings.map((l) => l.id)).toEqual(['a', 'b', 'c']);
    expect(second.nextPage).toBeUndefined();
  });

  it('keeps a listing once when a new one pushed it onto the next page', () => {
    const first = addChooserPage(noChooserListings, page(['a', 'b'], 1, 2));
    expect(addChooserPage(first, page(['b', 'c'], 2, 2)).listings.map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });

  it('offers only published listings (an enquiry needs an open one)', () => {
    const mixed: Page<ListingSummary> = {
      data: [summary('a'), summary('b', 'closed'), summary('c', 'draft')],
      meta: { page: 1, perPage: 24, totalItems: 3, totalPages: 1 },
    };
    expect(addChooserPage(noChooserListings, mixed).listings.map((l) => l.id)).toEqual(['a']);
  });
});

describe('contactListing', () => {
  it('gives the contact modal the chosen listing with the profile as its author', () => {
    expect(contactListing(summary('a'), maya)).toEqual({ id: 'a', title: 'Bike a', author: maya });
  });
});
