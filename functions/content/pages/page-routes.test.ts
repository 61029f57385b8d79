import { describe, expect, it } from 'vitest';
import { contentRoutes } from '../../../shared/content/page-asset';
import { matchPageRoute } from './page-routes';

const id = '3f1c2a9e-5b7d-4e8f-a012-3456789abcde';

describe('matchPageRoute', () => {
  it('knows the landing page and every fixed content route', () => {
    expect(matchPageRoute('/')).toEqual({ kind: 'content', pageId: 'landing-page', path: '/' });
    for (const [path, pageId] of Object.entries(contentRoutes)) {
      expect(matchPageRoute(path), path).toEqual({ kind: 'content', pageId, path });
    }
    expect(matchPageRoute('/about/')).toEqual({ kind: 'content', pageId: 'about', path: '/about' });
  });

  it('takes /p/{pageId} pages, with the fixed route as canonical path when there is one', () => {
    expect(matchPageRoute('/p/bike-fitting')).toEqual({
      kind: 'content',
      pageId: 'bike-fitting',
      path: '/p/bike-fitting',
    });
    expect(matchPageRoute('/p/about')).toEqual({ kind: 'content', pageId: 'about', path: '/about' });
    expect(matchPageRoute('/p/landing-page')).toEqual({ kind: 'content', pageId: 'landing-page', path: '/' });
    expect(matchPageRoute('/p/Not_A_Page')).toEqual({ kind: 'not-found' });
    expect(matchPageRoute('/p/a/b')).toEqual({ kind: 'generic' });
    expect(matchPageRoute('/p')).toEqual({ kind: 'generic' });
  });

  it('takes listing pages by /l/{slug}/{id} and /l/{id}', () => {
    expect(matchPageRoute(`/l/trek-domane-al-2/${id}`)).toEqual({ kind: 'listing', id });
    expect(matchPageRoute(`/l/${id}`)).toEqual({ kind: 'listing', id });
    expect(matchPageRoute(`/l/any-old-slug/${id}/`)).toEqual({ kind: 'listing', id });
    expect(matchPageRoute('/l/slug/not%20an%20id')).toEqual({ kind: 'not-found' });
    expect(matchPageRoute(`/l/slug/${'x'.repeat(65)}`)).toEqual({ kind: 'not-found' });
  });

  it('leaves the app pages under /l alone (new listing, checkout, edit, variants)', () => {
    for (const path of [
      '/l',
      '/l/new',
      `/l/slug/${id}/checkout`,
      `/l/slug/${id}/draft`,
      `/l/slug/${id}/edit/details`,
      `/l/slug/${id}/edit/details/return`,
    ]) {
      expect(matchPageRoute(path), path).toEqual({ kind: 'generic' });
    }
  });

  it('takes profile pages by /u/{id}', () => {
    expect(matchPageRoute(`/u/${id}`)).toEqual({ kind: 'profile', id });
    expect(matchPageRoute('/u/<script>')).toEqual({ kind: 'not-found' });
    expect(matchPageRoute('/u')).toEqual({ kind: 'generic' });
    expect(matchPageRoute(`/u/${id}/more`)).toEqual({ kind: 'generic' });
  });

  it('keeps the generic head for every other page and for odd paths', () => {
    for (const path of [
      '/s',
      '/login',
      '/signup',
      '/inbox/orders',
      '/account/contact-details',
      '/preview',
      '/no/such/page',
      '//about',
      '/%E0%A4%A',
      'about',
      '/ABOUT',
    ]) {
      expect(matchPageRoute(path), path).toEqual({ kind: 'generic' });
    }
  });
});
