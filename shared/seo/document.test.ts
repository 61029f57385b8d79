import { describe, expect, it } from 'vitest';
import {
  appendToHead,
  attributeValue,
  embedJson,
  imagePreloadTag,
  inlineJson,
  isManagedTag,
  replaceHeadTags,
} from './document';
import type { HeadTag } from './head';

const tags: HeadTag[] = [
  { kind: 'title', text: 'Trek | Velo Exchange' },
  { kind: 'meta', attribute: 'name', key: 'description', content: 'A bike' },
  { kind: 'meta', attribute: 'property', key: 'og:title', content: 'Trek' },
];

// The shape of Vite's output (dist/web/index.html).
const viteShell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Velo Exchange: buy and sell used bicycles and cycling gear." />
    <meta name="theme-color" content="#0b5d3b" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Velo Exchange: used bikes and cycling gear</title>
    <script type="module" crossorigin src="/assets/index-BMlUhhWD.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-DsJr8E-1.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Velo Exchange needs JavaScript to run.</noscript>
  </body>
</html>
`;

describe('attributeValue', () => {
  it('reads double-, single- and unquoted values, case-insensitively', () => {
    expect(attributeValue('<meta name="Description" content="x">', 'name')).toBe('description');
    expect(attributeValue("<meta property='og:title'>", 'property')).toBe('og:title');
    expect(attributeValue('<link rel=canonical href=x>', 'rel')).toBe('canonical');
    expect(attributeValue('<meta NAME = "robots">', 'name')).toBe('robots');
    expect(attributeValue('<meta charset="utf-8">', 'name')).toBeUndefined();
    expect(attributeValue('<meta name="">', 'name')).toBe('');
  });
});

describe('isManagedTag', () => {
  it('knows the tags the head builder writes', () => {
    for (const tag of [
      '<meta name="description" content="x">',
      '<meta name="robots" content="noindex">',
      '<meta name="twitter:card" content="x">',
      '<meta property="og:image" content="x">',
      '<link rel="canonical" href="x">',
    ]) {
      expect(isManagedTag(tag), tag).toBe(true);
    }
    for (const tag of [
      '<meta charset="utf-8">',
      '<meta name="viewport" content="x">',
      '<meta name="theme-color" content="x">',
      '<meta property="fb:app_id" content="x">',
      '<link rel="icon" href="/favicon.svg">',
      '<link rel="stylesheet" href="/x.css">',
    ]) {
      expect(isManagedTag(tag), tag).toBe(false);
    }
  });
});

describe('replaceHeadTags', () => {
  it("replaces the shell's generic tags where the first one was and keeps everything else", () => {
    const html = replaceHeadTags(viteShell, tags);
    expect(html).toBe(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Trek | Velo Exchange</title>
    <meta name="description" content="A bike" />
    <meta property="og:title" content="Trek" />
    <meta name="theme-color" content="#0b5d3b" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <script type="module" crossorigin src="/assets/index-BMlUhhWD.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-DsJr8E-1.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Velo Exchange needs JavaScript to run.</noscript>
  </body>
</html>
`);
  });

  it('is idempotent: a rendered page rendered again gives the same page', () => {
    const once = replaceHeadTags(viteShell, tags);
    expect(replaceHeadTags(once, tags)).toBe(once);
  });

  it('removes old og:, twitter:, robots and canonical tags', () => {
    const shell = `<html><head>
  <meta property="og:title" content="Old" />
  <link rel="canonical" href="https://old.example/" />
  <meta name="twitter:card" content="summary" />
  <meta name="robots" content="noindex" />
</head><body><div id="root"></div></body></html>`;
    const html = replaceHeadTags(shell, tags);
    expect(html).not.toContain('Old');
    expect(html).not.toContain('old.example');
    expect(html).not.toContain('summary');
    expect(html).not.toContain('noindex');
    expect(html).toBe(`<html><head>
  <title>Trek | Velo Exchange</title>
  <meta name="description" content="A bike" />
  <meta property="og:title" content="Trek" />
</head><body><div id="root"></div></body></html>`);
  });

  it('works on a one-line shell without head or body (the test cloud’s minimal index.html)', () => {
    const html = replaceHeadTags('<!doctype html><title>Velo test</title><div id="root"></div>', tags);
    expect(html).toBe(
      '<!doctype html><title>Trek | Velo Exchange</title>\n<meta name="description" content="A bike" />\n<meta property="og:title" content="Trek" /><div id="root"></div>',
    );
  });

  it('adds the tags before </head> when the shell has none, one level deeper', () => {
    const shell =
      '<html>\n  <head>\n    <meta charset="utf-8" />\n  </head>\n  <body><div id="root"></div></body>\n</html>';
    expect(replaceHeadTags(shell, tags.slice(0, 2))).toBe(
      '<html>\n  <head>\n    <meta charset="utf-8" />\n    <title>Trek | Velo Exchange</title>\n    <meta name="description" content="A bike" />\n  </head>\n  <body><div id="root"></div></body>\n</html>',
    );
    expect(replaceHeadTags('<head><meta charset="utf-8"></head><body></body>', tags.slice(0, 1))).toBe(
      '<head><meta charset="utf-8"><title>Trek | Velo Exchange</title></head><body></body>',
    );
  });

  it('never touches the body or the root element', () => {
    const shell =
      '<head><title>x</title></head><body><div id="root"><title>inside</title><meta name="description" content="body"></div></body>';
    const html = replaceHeadTags(shell, tags.slice(0, 1));
    expect(html).toBe(
      '<head><title>Trek | Velo Exchange</title></head><body><div id="root"><title>inside</title><meta name="description" content="body"></div></body>',
    );
    expect(replaceHeadTags('<title>a</title><body><title>b</title></body>', tags.slice(0, 1))).toBe(
      '<title>Trek | Velo Exchange</title><body><title>b</title></body>',
    );
    expect(replaceHeadTags('plain text', tags.slice(0, 1))).toBe(
      'plain text<title>Trek | Velo Exchange</title>',
    );
  });
});

describe('embedJson', () => {
  it('puts the data at the end of the head, safe from </script> in the data', () => {
    const html = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
    const out = embedJson(html, 'data', { text: '</script><script>alert(1)</script>' });
    expect(out).toContain('<script type="application/json" id="data">');
    expect(out.indexOf('id="data"')).toBeLessThan(out.indexOf('</head>'));
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    const json = /id="data">(.*?)<\/script>/.exec(out)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ text: '</script><script>alert(1)</script>' });
    expect(inlineJson('<!--')).toBe('"\\u003c!--"');
  });
});

describe('imagePreloadTag', () => {
  it('preloads the image with its own srcset and sizes, escaped', () => {
    const tag = imagePreloadTag({
      src: '/images/a.jpg?x=1&y=2',
      srcSet: '/a 600w, /b 1200w',
      sizes: '100vw',
    });
    expect(tag).toBe(
      '<link rel="preload" as="image" href="/images/a.jpg?x=1&amp;y=2" imagesrcset="/a 600w, /b 1200w" imagesizes="100vw" fetchpriority="high" />',
    );
    expect(imagePreloadTag({ src: '/a.jpg' })).toBe(
      '<link rel="preload" as="image" href="/a.jpg" fetchpriority="high" />',
    );
    expect(imagePreloadTag({ src: '/a.jpg', srcSet: '/a 1w' })).toContain('imagesizes="100vw"');
    expect(appendToHead('<head></head>', '<x>')).toBe('<head><x>\n</head>');
  });
});
