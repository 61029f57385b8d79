import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { avatarSizes } from '../../../shared/config/constants';
import { Avatar, avatarSources } from './Avatar';

const variant = (name: string, size: number) => ({ width: size, height: size, url: `/images/a/${name}.jpg` });
const profileImage = {
  id: 'a',
  variants: {
    'square-xsmall': variant('square-xsmall', 40),
    'square-xsmall2x': variant('square-xsmall2x', 80),
    'square-small': variant('square-small', 240),
    'square-small2x': variant('square-small2x', 480),
  },
};

describe('Avatar (§9 sizes small, medium, large)', () => {
  it('has the three sizes of the constants, large being 96 px', () => {
    expect(avatarSizes).toEqual({ small: 40, medium: 60, large: 96 });
  });

  it('draws a picture at each size with crops at least as large as the avatar', () => {
    const user = { displayName: 'Maya T', profileImage };
    const small = renderToStaticMarkup(<Avatar user={user} />);
    expect(small).toContain('class="avatar avatar-small"');
    expect(small).toContain('width="40" height="40"');
    expect(small).toContain('src="/images/a/square-xsmall.jpg"');

    const medium = renderToStaticMarkup(<Avatar user={user} size="medium" />);
    expect(medium).toContain('class="avatar avatar-medium"');
    expect(medium).toContain('width="60" height="60"');
    expect(medium).toContain('srcSet="/images/a/square-xsmall2x.jpg 1x, /images/a/square-small.jpg 2x"');

    const large = renderToStaticMarkup(<Avatar user={user} size="large" alt="Maya T" />);
    expect(large).toContain('class="avatar avatar-large"');
    expect(large).toContain('width="96" height="96"');
    expect(large).toContain('srcSet="/images/a/square-small.jpg 1x, /images/a/square-small2x.jpg 2x"');
    expect(large).toContain('alt="Maya T"');
  });

  it('falls back to larger crops for the medium size when small ones are missing', () => {
    expect(
      avatarSources(
        { id: 'a', variants: { 'square-small2x': profileImage.variants['square-small2x'] } },
        'medium',
      ),
    ).toEqual({ src: '/images/a/square-small2x.jpg' });
  });

  it('shows initials without a picture and a placeholder for banned users, at every size', () => {
    for (const size of ['small', 'medium', 'large'] as const) {
      expect(
        renderToStaticMarkup(<Avatar user={{ displayName: 'Maya T', abbreviatedName: 'MT' }} size={size} />),
      ).toBe(`<span class="avatar avatar-${size}" aria-hidden="true">MT</span>`);
      const banned = renderToStaticMarkup(
        <Avatar user={{ banned: true, profileImage }} size={size} alt="Banned user" />,
      );
      expect(banned).toContain(
        `class="avatar avatar-${size} avatar-placeholder" role="img" aria-label="Banned user"`,
      );
      expect(banned).not.toContain('<img');
    }
  });
});
