import type { ParsedLocation } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/api/account';
import { redirectSignedIn, requireUser } from '../auth/guard';
import { authStore } from '../auth/store';
import { avatarSources } from '../components/Avatar';
import { pageParam, stringifySearch } from '../search/params';
import { uploadForm } from './upload';

describe('avatarSources', () => {
  const variant = (name: string, size: number) => ({
    width: size,
    height: size,
    url: `/images/a/${name}.jpg`,
  });
  const image = {
    id: 'a',
    variants: {
      'square-xsmall': variant('square-xsmall', 40),
      'square-xsmall2x': variant('square-xsmall2x', 80),
      'square-small': variant('square-small', 240),
      'square-small2x': variant('square-small2x', 480),
    },
  };

  it('picks the 40 px crops for the small avatar and the larger ones for 96 px', () => {
    expect(avatarSources(image, 'small')).toEqual({
      src: '/images/a/square-xsmall.jpg',
      srcSet: '/images/a/square-xsmall.jpg 1x, /images/a/square-xsmall2x.jpg 2x',
    });
    expect(avatarSources(image, 'large')).toEqual({
      src: '/images/a/square-small.jpg',
      srcSet: '/images/a/square-small.jpg 1x, /images/a/square-small2x.jpg 2x',
    });
  });

  it('copes with missing variants', () => {
    expect(avatarSources(undefined, 'small')).toBeNull();
    expect(avatarSources({ id: 'a', variants: {} }, 'large')).toBeNull();
    expect(
      avatarSources({ id: 'a', variants: { 'square-small': image.variants['square-small'] } }, 'small'),
    ).toEqual({
      src: '/images/a/square-small.jpg',
    });
  });
});

describe('uploadForm', () => {
  it('holds every field of the presigned POST in order, then the file last', async () => {
    const file = new Blob(['png bytes'], { type: 'image/png' });
    const form = uploadForm(
      { key: 'images/uploads/x', 'Content-Type': 'image/png', Policy: 'cG9saWN5', 'X-Amz-Signature': 'abc' },
      file,
    );
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('Content-Type')).toBe('image/png');
    const sent = form.get('file') as Blob;
    expect(await sent.text()).toBe('png bytes');
  });

  it('never takes a `file` field from the API ahead of the file', () => {
    const form = uploadForm({ key: 'k', file: 'not the file' }, new Blob(['x']));
    expect(form.getAll('file')).toHaveLength(1);
    expect([...form.keys()]).toEqual(['key', 'file']);
  });
});

describe('query helpers', () => {
  it('reads pages from 2 up', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam('1')).toBeUndefined();
    expect(pageParam('x')).toBeUndefined();
    expect(pageParam(undefined)).toBeUndefined();
  });

  it('keeps from readable in the URL', () => {
    expect(stringifySearch({ from: '/account/contact-details?x=1#y' })).toBe(
      '?from=/account/contact-details%3Fx%3D1%23y',
    );
  });
});

describe('route guards', () => {
  const redirectOf = async (run: () => unknown) => {
    try {
      await run();
    } catch (thrown) {
      return (thrown as { options?: Record<string, unknown> }).options;
    }
    return undefined;
  };

  it('send an anonymous visitor to the login page with the original path, search and hash', async () => {
    const location = { href: '/account/change-password?tab=x#top' } as ParsedLocation;
    expect(await redirectOf(() => requireUser({ location }))).toMatchObject({
      to: '/login',
      search: { from: '/account/change-password?tab=x#top' },
      replace: true,
    });
  });

  it('let a signed-in user through, and send them on from the login page', async () => {
    const user = { id: 'u1', email: 'a@b.example' } as CurrentUser;
    authStore.set({ status: 'authenticated', currentUser: user });
    try {
      await expect(
        requireUser({ location: { href: '/profile-settings' } as ParsedLocation }),
      ).resolves.toEqual({
        currentUser: user,
      });
      expect(
        await redirectOf(() => redirectSignedIn({ search: { from: '/profile-settings' } })),
      ).toMatchObject({
        href: '/profile-settings',
      });
      expect(await redirectOf(() => redirectSignedIn({ search: {} }))).toMatchObject({ href: '/' });
    } finally {
      authStore.reset();
    }
    expect(await redirectOf(() => redirectSignedIn({ search: { from: '/x' } }))).toBeUndefined();
  });
});
