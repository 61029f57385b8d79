import { describe, expect, it } from 'vitest';
import {
  contentIcons,
  contentRoutes,
  fillPlaceholders,
  isTranslations,
  latestAssetAlias,
  type PageAsset,
  pageAssetPath,
  pageAssetProblems,
  pageIdPattern,
  parsePageAsset,
  sectionLayouts,
  translationsAssetPath,
} from './page-asset';

const valid: PageAsset = {
  title: 'FAQ',
  description: 'Answers about fees, shipping and payouts.',
  heading: 'Frequently asked questions',
  updated: '2021-07-01',
  sections: [
    {
      id: 'fees',
      layout: 'article',
      title: 'Fees',
      body: 'A {feePercent}% fee.',
      blocks: [
        { id: 'q1', title: 'Q', body: 'A', icon: 'tag', link: { label: 'More', href: '/faq#contact' } },
        { author: 'Maya, Toronto', rating: 5, body: 'Great' },
      ],
      actions: [
        { label: 'Sell', href: '/l/new' },
        { label: 'Blog', href: 'https://blog.veloexchange.com' },
        { label: 'Mail', href: 'mailto:hello@veloexchange.com' },
      ],
    },
    { id: 'contact', layout: 'cta' },
  ],
};

/** `valid` with its first section changed. */
const withSection = (changes: Record<string, unknown>) => ({
  ...valid,
  sections: [{ ...valid.sections[0], ...changes }],
});
/** `valid` with one block in the first section. */
const withBlock = (block: unknown) => withSection({ blocks: [block] });

describe('asset paths and names', () => {
  it('places page assets under content/pages and names the latest alias and translations', () => {
    expect(pageAssetPath('about')).toBe('content/pages/about.json');
    expect(pageAssetPath('safety-tips')).toBe('content/pages/safety-tips.json');
    expect(latestAssetAlias).toBe('latest');
    expect(translationsAssetPath).toBe('content/translations.json');
  });

  it('accepts page ids of lowercase words joined by dashes only', () => {
    for (const id of ['about', 'safety-tips', 'faq2', 'a-b-c']) expect(pageIdPattern.test(id)).toBe(true);
    for (const id of ['', 'About', 'a--b', '-a', 'a-', 'a_b', '../x', 'a/b']) {
      expect(pageIdPattern.test(id)).toBe(false);
    }
  });

  it('maps every fixed content route to a valid page id', () => {
    expect(contentRoutes['/']).toBe('landing-page');
    expect(contentRoutes['/faq']).toBe('faq');
    for (const pageId of Object.values(contentRoutes)) expect(pageIdPattern.test(pageId)).toBe(true);
  });

  it('lists the layouts and icons', () => {
    expect(sectionLayouts).toEqual(['hero', 'article', 'columns', 'quotes', 'feature', 'cta']);
    expect(contentIcons).toContain('bike');
    expect(new Set(contentIcons).size).toBe(contentIcons.length);
  });
});

describe('fillPlaceholders', () => {
  it('fills known names and leaves unknown ones as they are', () => {
    expect(fillPlaceholders('{a} and {b}, {a} again, {missing}', { a: '1', b: 'two' })).toBe(
      '1 and two, 1 again, {missing}',
    );
  });

  it('fills an empty value and leaves text without placeholders alone', () => {
    expect(fillPlaceholders('[{x}]', { x: '' })).toBe('[]');
    expect(fillPlaceholders('no {braces here} or {}', { braces: 'x' })).toBe('no {braces here} or {}');
  });

  it('does not take names from the object prototype', () => {
    expect(fillPlaceholders('{constructor} {toString} {__proto__}', {})).toBe(
      '{constructor} {toString} {__proto__}',
    );
  });
});

describe('pageAssetProblems', () => {
  it('finds nothing wrong with a valid page, with or without the optional fields', () => {
    expect(pageAssetProblems(valid)).toEqual([]);
    expect(pageAssetProblems({ title: 'T', description: 'D', sections: [] })).toEqual([]);
  });

  it('needs a JSON object', () => {
    for (const value of [null, undefined, 'page', 3]) {
      expect(pageAssetProblems(value)).toEqual(['a page asset is a JSON object']);
    }
  });

  it('needs a title, a description of at most 160 characters and a list of sections', () => {
    expect(pageAssetProblems({})).toEqual([
      'title is required',
      'description is required',
      'sections must be a list',
    ]);
    expect(pageAssetProblems({ title: '', description: 3, sections: {} })).toEqual([
      'title is required',
      'description is required',
      'sections must be a list',
    ]);
    expect(pageAssetProblems({ ...valid, description: 'x'.repeat(160) })).toEqual([]);
    expect(pageAssetProblems({ ...valid, description: 'x'.repeat(161) })).toEqual([
      'description is longer than 160 characters',
    ]);
  });

  it('checks the heading and the updated date', () => {
    expect(pageAssetProblems({ ...valid, heading: 1 })).toEqual(['heading must be text']);
    expect(pageAssetProblems({ ...valid, updated: 'July 1st, 2021' })).toEqual([
      'updated must be a YYYY-MM-DD date',
    ]);
    expect(pageAssetProblems({ ...valid, updated: 20210701 })).toEqual(['updated must be a YYYY-MM-DD date']);
  });

  it('checks each section: object, id, layout, text, lists', () => {
    expect(pageAssetProblems({ ...valid, sections: [null, 'x'] })).toEqual([
      'sections[0] is not an object',
      'sections[1] is not an object',
    ]);
    expect(pageAssetProblems({ ...valid, sections: [{ layout: 'article' }] })).toEqual([
      'sections[0]: id is required',
    ]);
    expect(pageAssetProblems(withSection({ id: '' }))).toEqual(['sections[0]: id is required']);
    expect(pageAssetProblems(withSection({ layout: 'carousel' }))).toEqual(['sections[0]: unknown layout']);
    expect(pageAssetProblems(withSection({ title: 1 }))).toEqual([
      'sections[0]: title and body must be text',
    ]);
    expect(pageAssetProblems(withSection({ body: ['x'] }))).toEqual([
      'sections[0]: title and body must be text',
    ]);
    expect(pageAssetProblems(withSection({ blocks: { id: 'x' }, actions: 'Buy' }))).toEqual([
      'sections[0]: blocks must be a list',
      'sections[0]: actions must be a list',
    ]);
  });

  it('needs anchor ids to be unique in the page, across sections and blocks', () => {
    const page = {
      ...valid,
      sections: [
        { id: 'a', layout: 'article', blocks: [{ id: 'b' }, { id: 'a' }] },
        { id: 'b', layout: 'cta' },
      ],
    };
    expect(pageAssetProblems(page)).toEqual([
      'sections[0]: anchor id "a" is used twice',
      'sections[1]: anchor id "b" is used twice',
    ]);
  });

  it('checks links: a label and a site path, https or mailto href', () => {
    const problems = (href: unknown) => pageAssetProblems(withSection({ actions: [{ label: 'Go', href }] }));
    for (const href of [
      '/',
      '/s?pub_category=roadBikes',
      '/faq#contact',
      'https://x.example',
      'mailto:a@b.c',
    ]) {
      expect(problems(href)).toEqual([]);
    }
    for (const href of [
      '//evil.example',
      '/\\evil.example',
      'http://x.example',
      'javascript:alert(1)',
      'faq',
    ]) {
      expect(problems(href)).toEqual(['sections[0]: href must be a site path, https or mailto']);
    }
    expect(problems(undefined)).toEqual(['sections[0]: a link needs a label and an href']);
    expect(pageAssetProblems(withSection({ actions: [null] }))).toEqual([
      'sections[0]: a link needs a label and an href',
    ]);
    expect(pageAssetProblems(withSection({ actions: [{ href: '/' }] }))).toEqual([
      'sections[0]: a link needs a label and an href',
    ]);
    expect(pageAssetProblems(withBlock({ link: { label: 'x', href: 'ftp://x' } }))).toEqual([
      'sections[0].blocks[0]: href must be a site path, https or mailto',
    ]);
  });

  it('checks each block: object, text fields, icon, rating', () => {
    expect(pageAssetProblems(withSection({ blocks: [null, 2] }))).toEqual([
      'sections[0].blocks[0] is not an object',
      'sections[0].blocks[1] is not an object',
    ]);
    for (const field of ['id', 'title', 'body', 'author']) {
      expect(pageAssetProblems(withBlock({ [field]: 5 }))).toEqual([
        'sections[0].blocks[0]: text fields must be text',
      ]);
    }
    expect(pageAssetProblems(withBlock({ icon: 'unicorn' }))).toEqual([
      'sections[0].blocks[0]: unknown icon',
    ]);
    for (const icon of contentIcons) expect(pageAssetProblems(withBlock({ icon }))).toEqual([]);
    for (const rating of [1, 5]) expect(pageAssetProblems(withBlock({ rating }))).toEqual([]);
    for (const rating of [0, 6, 4.5, '5']) {
      expect(pageAssetProblems(withBlock({ rating }))).toEqual(['sections[0].blocks[0]: rating is 1 to 5']);
    }
  });
});

describe('parsePageAsset', () => {
  it('gives the page when it is valid, its problems otherwise', () => {
    expect(parsePageAsset(valid)).toEqual({ page: valid });
    expect(parsePageAsset({ ...valid, title: '' })).toEqual({ problems: ['title is required'] });
  });
});

describe('isTranslations', () => {
  it('accepts a flat object of text only', () => {
    expect(isTranslations({})).toBe(true);
    expect(isTranslations({ 'TopBar.sell': 'Sell' })).toBe(true);
    for (const value of [null, 'x', ['a'], { a: 1 }, { a: { b: 'c' } }])
      expect(isTranslations(value)).toBe(false);
  });
});
