import { afterEach, describe, expect, it } from 'vitest';
import { imageSettings } from '../config/constants';
import { siteSettings } from '../config/site';
import {
  absoluteUrl,
  buildHeadTags,
  defaultSocialImagePaths,
  defaultSocialImages,
  defaultTitle,
  documentTitle,
  escapeHtml,
  type HeadInput,
  type HeadTag,
  headTagSelector,
  renderHeadTag,
  renderHeadTags,
  socialImageSizes,
  truncateText,
} from './head';

const origin = 'https://www.veloexchange.com';
const listing: HeadInput = {
  path: '/l/trek-domane/abc',
  title: 'Trek Domane',
  description: 'Light aluminium endurance frame.',
  canonicalOrigin: origin,
  image: { url: '/images/listings/abc/1/facebook.jpg', width: 1200, height: 630, alt: 'Trek Domane' },
  twitterImage: { url: '/images/listings/abc/1/twitter.jpg', width: 600, height: 314, alt: 'Trek Domane' },
  type: 'article',
};

/** The tags as `key → content` (title as `title`, canonical as `canonical`). */
function byKey(tags: HeadTag[]): Record<string, string> {
  return Object.fromEntries(
    tags.map((tag) =>
      tag.kind === 'title'
        ? ['title', tag.text]
        : tag.kind === 'link'
          ? [tag.rel, tag.href]
          : [tag.key, tag.content],
    ),
  );
}

const savedHandle = siteSettings.twitterHandle;
afterEach(() => {
  siteSettings.twitterHandle = savedHandle;
});

describe('socialImageSizes', () => {
  it('are the configured social image sizes (§9: 1200×630 and 600×314)', () => {
    expect(socialImageSizes.facebook).toEqual(imageSettings.socialImages.facebook);
    expect(socialImageSizes.twitter).toEqual(imageSettings.socialImages.twitter);
    expect(socialImageSizes).toEqual({
      facebook: { width: 1200, height: 630 },
      twitter: { width: 600, height: 314 },
    });
  });

  it('name the default image files after their size', () => {
    expect(defaultSocialImagePaths).toEqual({
      facebook: '/social-image-1200x630.png',
      twitter: '/social-image-600x314.png',
    });
    expect(defaultSocialImages(`${origin}/`)).toEqual({
      image: { url: `${origin}/social-image-1200x630.png`, width: 1200, height: 630, alt: defaultTitle },
      twitterImage: { url: `${origin}/social-image-600x314.png`, width: 600, height: 314, alt: defaultTitle },
    });
  });
});

describe('absoluteUrl', () => {
  it('prefixes site paths with the origin and keeps absolute URLs', () => {
    expect(absoluteUrl(origin, '/about')).toBe(`${origin}/about`);
    expect(absoluteUrl(`${origin}/`, '/about')).toBe(`${origin}/about`);
    expect(absoluteUrl(origin, 'images/x.jpg')).toBe(`${origin}/images/x.jpg`);
    expect(absoluteUrl(origin, 'https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
    expect(absoluteUrl(origin, 'HTTP://cdn.example/x.jpg')).toBe('HTTP://cdn.example/x.jpg');
  });
});

describe('documentTitle', () => {
  it('adds the site name after a page title', () => {
    expect(documentTitle('About us', '/about')).toBe('About us | Velo Exchange');
    expect(documentTitle('  Trek \n Domane ', '/l/x/1')).toBe('Trek Domane | Velo Exchange');
    expect(documentTitle(' ', '/about')).toBe('Velo Exchange');
  });

  it('gives the landing page the site name and its tagline', () => {
    expect(documentTitle('Used bikes and cycling gear', '/')).toBe(
      'Velo Exchange: Used bikes and cycling gear',
    );
    expect(documentTitle('Velo Exchange | Ride more', '/')).toBe('Velo Exchange | Ride more');
    expect(documentTitle('', '/')).toBe(defaultTitle);
  });
});

describe('truncateText', () => {
  it('keeps short text, with whitespace collapsed', () => {
    expect(truncateText('  a\n\n b  ')).toBe('a b');
    expect(truncateText('x'.repeat(160))).toBe('x'.repeat(160));
  });

  it('cuts long text at a word boundary with an ellipsis, within the limit', () => {
    const text = `${'word '.repeat(40)}end`;
    const cut = truncateText(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(truncateText('Great bike, barely used. Comes with pedals', 30)).toBe('Great bike, barely used…');
  });

  it('cuts inside a very long word when there is no good boundary', () => {
    expect(truncateText(`a ${'x'.repeat(50)}`, 20)).toBe(`a ${'x'.repeat(17)}…`);
  });
});

describe('buildHeadTags', () => {
  it('builds title, description, canonical, Open Graph and Twitter tags in order', () => {
    const tags = buildHeadTags(listing);
    expect(tags.map((tag) => (tag.kind === 'meta' ? tag.key : tag.kind))).toEqual([
      'title',
      'description',
      'link',
      'og:site_name',
      'og:type',
      'og:title',
      'og:description',
      'og:url',
      'og:image',
      'og:image:width',
      'og:image:height',
      'og:image:alt',
      'twitter:card',
      'twitter:title',
      'twitter:description',
      'twitter:image',
      'twitter:image:alt',
    ]);
    expect(byKey(tags)).toEqual({
      title: 'Trek Domane | Velo Exchange',
      description: 'Light aluminium endurance frame.',
      canonical: `${origin}/l/trek-domane/abc`,
      'og:site_name': 'Velo Exchange',
      'og:type': 'article',
      'og:title': 'Trek Domane',
      'og:description': 'Light aluminium endurance frame.',
      'og:url': `${origin}/l/trek-domane/abc`,
      'og:image': `${origin}/images/listings/abc/1/facebook.jpg`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Trek Domane',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Trek Domane',
      'twitter:description': 'Light aluminium endurance frame.',
      'twitter:image': `${origin}/images/listings/abc/1/twitter.jpg`,
      'twitter:image:alt': 'Trek Domane',
    });
    const og = tags.find((tag) => tag.kind === 'meta' && tag.key === 'og:title');
    const twitter = tags.find((tag) => tag.kind === 'meta' && tag.key === 'twitter:title');
    expect(og).toMatchObject({ attribute: 'property' });
    expect(twitter).toMatchObject({ attribute: 'name' });
  });

  it('uses the site social images without an image, and the og:image for Twitter without its own', () => {
    const plain = byKey(
      buildHeadTags({ ...listing, image: undefined, twitterImage: undefined, type: 'website' }),
    );
    expect(plain['og:image']).toBe(`${origin}/social-image-1200x630.png`);
    expect(plain['og:image:width']).toBe('1200');
    expect(plain['og:image:height']).toBe('630');
    expect(plain['twitter:image']).toBe(`${origin}/social-image-600x314.png`);
    expect(plain['og:type']).toBe('website');
    const ogOnly = byKey(buildHeadTags({ ...listing, twitterImage: undefined }));
    expect(ogOnly['twitter:image']).toBe(`${origin}/images/listings/abc/1/facebook.jpg`);
  });

  it('gives the landing page the whole site title as og:title', () => {
    const tags = byKey(buildHeadTags({ ...listing, path: '/', title: 'Used bikes', type: 'website' }));
    expect(tags.title).toBe('Velo Exchange: Used bikes');
    expect(tags['og:title']).toBe('Velo Exchange: Used bikes');
    expect(tags.canonical).toBe(`${origin}/`);
    expect(byKey(buildHeadTags({ ...listing, path: '' })).canonical).toBe(`${origin}/`);
  });

  it('falls back to the site name for an empty social title', () => {
    expect(byKey(buildHeadTags({ ...listing, title: '' }))['og:title']).toBe('Velo Exchange');
  });

  it('truncates the description to 160 characters', () => {
    const tags = byKey(buildHeadTags({ ...listing, description: 'long text '.repeat(40) }));
    expect(tags.description!.length).toBeLessThanOrEqual(160);
    expect(tags['og:description']).toBe(tags.description);
    expect(tags['twitter:description']).toBe(tags.description);
  });

  it('adds robots noindex when asked', () => {
    expect(byKey(buildHeadTags({ ...listing, noindex: true })).robots).toBe('noindex');
    expect(byKey(buildHeadTags(listing)).robots).toBeUndefined();
  });

  it('adds twitter:site when the site has a handle, with one @', () => {
    siteSettings.twitterHandle = 'veloexchange';
    expect(byKey(buildHeadTags(listing))['twitter:site']).toBe('@veloexchange');
    siteSettings.twitterHandle = ' @velo ';
    expect(byKey(buildHeadTags(listing))['twitter:site']).toBe('@velo');
    siteSettings.twitterHandle = '';
    expect(byKey(buildHeadTags(listing))['twitter:site']).toBeUndefined();
  });
});

describe('escapeHtml and rendering', () => {
  it('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('renders each kind of tag with escaped values', () => {
    expect(renderHeadTag({ kind: 'title', text: 'Bikes <&> more' })).toBe(
      '<title>Bikes &lt;&amp;&gt; more</title>',
    );
    expect(
      renderHeadTag({ kind: 'meta', attribute: 'property', key: 'og:title', content: '"Fast" bike' }),
    ).toBe('<meta property="og:title" content="&quot;Fast&quot; bike" />');
    expect(renderHeadTag({ kind: 'link', rel: 'canonical', href: 'https://x.example/a?b=1&c=2' })).toBe(
      '<link rel="canonical" href="https://x.example/a?b=1&amp;c=2" />',
    );
  });

  it('renders a list one tag per line, with an indent', () => {
    const tags: HeadTag[] = [
      { kind: 'title', text: 'T' },
      { kind: 'meta', attribute: 'name', key: 'description', content: 'D' },
    ];
    expect(renderHeadTags(tags)).toBe('<title>T</title>\n<meta name="description" content="D" />');
    expect(renderHeadTags(tags, '    ')).toBe(
      '<title>T</title>\n    <meta name="description" content="D" />',
    );
  });

  it('never lets a value break out of its attribute or element', () => {
    const html = renderHeadTags(
      buildHeadTags({
        ...listing,
        title: '</title><script>alert(1)</script>',
        description: '" onload="alert(1)',
        image: { ...listing.image!, alt: "'><script>" },
      }),
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('" onload');
    expect(html).not.toContain("'>");
  });
});

describe('headTagSelector', () => {
  it('finds the element a tag replaces', () => {
    expect(headTagSelector({ kind: 'title', text: 'x' })).toBe('title');
    expect(headTagSelector({ kind: 'meta', attribute: 'property', key: 'og:image', content: 'x' })).toBe(
      'meta[property="og:image"]',
    );
    expect(headTagSelector({ kind: 'meta', attribute: 'name', key: 'a"b', content: 'x' })).toBe(
      'meta[name="a\\"b"]',
    );
    expect(headTagSelector({ kind: 'link', rel: 'canonical', href: 'x' })).toBe('link[rel="canonical"]');
  });
});
