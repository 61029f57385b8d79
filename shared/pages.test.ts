import { describe, expect, it } from 'vitest';
import {
  checkoutPath,
  editListingPath,
  listingPageVariant,
  listingPath,
  matchPage,
  newListingEditPath,
  pagePath,
  pages,
  under,
} from './pages';

describe('page paths (§2)', () => {
  it('writes each path once, every one distinct', () => {
    const paths = Object.values(pages);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/([a-z-]+|\$[A-Za-z]+)?(\/([a-z-]+|\$[A-Za-z]+))*$/);
  });

  it('fills parameters in, each encoded', () => {
    expect(pagePath('profile', { id: 'u1' })).toBe('/u/u1');
    expect(pagePath('listing', { slug: 'a/b c', id: 'x?y' })).toBe('/l/a%2Fb%20c/x%3Fy');
    expect(pagePath('search')).toBe('/s');
    expect(() => pagePath('profile', {} as { id: string })).toThrow(/no value for the page parameter id/);
  });

  it('gives a nested route its path below the parent', () => {
    expect(under(pages.accountSettings, pages.paypalSettings)).toBe('paypal');
    expect(() => under(pages.accountSettings, pages.search as never)).toThrow();
  });
});

describe('listing links (§2, §4)', () => {
  const listing = { id: 'abc', title: 'Cannondale SuperSix Évo!' };
  it('links drafts and pending listings to their variant page', () => {
    expect(listingPageVariant('draft')).toBe('draft');
    expect(listingPageVariant('pendingApproval')).toBe('pending-approval');
    expect(listingPageVariant('published')).toBeUndefined();
    expect(listingPageVariant('closed')).toBeUndefined();
    expect(listingPath({ ...listing, state: 'published' })).toBe('/l/cannondale-supersix-evo/abc');
    expect(listingPath({ ...listing, state: 'closed' })).toBe('/l/cannondale-supersix-evo/abc');
    expect(listingPath(listing)).toBe('/l/cannondale-supersix-evo/abc');
    expect(listingPath({ ...listing, state: 'draft' })).toBe('/l/cannondale-supersix-evo/abc/draft');
    expect(listingPath({ ...listing, state: 'pendingApproval' })).toBe(
      '/l/cannondale-supersix-evo/abc/pending-approval',
    );
    expect(listingPath({ id: 'x', title: '', state: 'published' })).toBe('/l/no-slug/x');
  });

  it('prefers the stored slug, and encodes it', () => {
    expect(listingPath({ ...listing, slug: 'my slug' })).toBe('/l/my%20slug/abc');
    expect(listingPath({ ...listing, slug: '' })).toBe('/l/cannondale-supersix-evo/abc');
  });

  it('builds the checkout with the order panel choices', () => {
    const search = new URLSearchParams({ deliveryMethod: 'shipping', quantity: '2' });
    expect(checkoutPath(listing, search)).toBe(
      '/l/cannondale-supersix-evo/abc/checkout?deliveryMethod=shipping&quantity=2',
    );
    expect(checkoutPath(listing)).toBe('/l/cannondale-supersix-evo/abc/checkout');
  });

  it('builds the wizard tabs: new, draft and edit', () => {
    expect(newListingEditPath).toBe('/l/draft/00000000-0000-0000-0000-000000000000/new/details');
    expect(editListingPath(undefined, 'new', 'pricing')).toBe(
      '/l/draft/00000000-0000-0000-0000-000000000000/new/pricing',
    );
    expect(editListingPath({ id: 'l1', slug: 'trek' }, 'new', 'photos')).toBe('/l/trek/l1/draft/photos');
    expect(editListingPath({ id: 'l1', slug: '', title: 'Trek Domane' }, 'edit', 'details')).toBe(
      '/l/trek-domane/l1/edit/details',
    );
    expect(editListingPath({ id: 'l1', slug: '' }, 'draft', 'details')).toBe('/l/draft/l1/draft/details');
  });
});

describe('which page a path is', () => {
  it('ranks a fixed segment above a parameter, as the router does', () => {
    expect(matchPage('/l/new')).toEqual({ name: 'newListing', params: {} });
    expect(matchPage('/l/abc')).toEqual({ name: 'listingCanonical', params: { id: 'abc' } });
    expect(matchPage('/l/trek/abc')).toEqual({ name: 'listing', params: { slug: 'trek', id: 'abc' } });
    expect(matchPage('/l/trek/abc/checkout')?.name).toBe('checkout');
    expect(matchPage('/l/trek/abc/draft')).toEqual({
      name: 'listingVariant',
      params: { slug: 'trek', id: 'abc', variant: 'draft' },
    });
    expect(matchPage('/inbox/sales')?.name).toBe('inbox');
    expect(matchPage('/account/payments/success')?.name).toBe('stripePayoutOnboarding');
  });

  it('matches the landing page, decodes parameters, ignores search and hash', () => {
    expect(matchPage('/')?.name).toBe('landing');
    expect(matchPage('/u/a%20b?x=1#top')).toEqual({ name: 'profile', params: { id: 'a b' } });
    expect(matchPage('/about/')?.name).toBe('about');
  });

  it('matches no page for unknown paths and malformed escapes', () => {
    expect(matchPage('/nowhere')).toBeUndefined();
    expect(matchPage('/u/a/b')).toBeUndefined();
    expect(matchPage('/u/%E0%A4%A')).toBeUndefined();
  });

  it('matches every page path to itself', () => {
    for (const [name, path] of Object.entries(pages)) expect(matchPage(path)?.name, path).toBe(name);
  });
});
