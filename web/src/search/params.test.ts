import { describe, expect, it } from 'vitest';
import { categoriesInGroup } from '../../../shared/config/categories';
import { categorySelectionLabel, resultCountText } from './labels';
import {
  availableSortOptions,
  categoryGroupParam,
  defaultSort,
  parseSearch,
  stringifySearch,
  validateSearchParams,
} from './params';

describe('validateSearchParams', () => {
  it('keeps valid values', () => {
    expect(
      validateSearchParams({ keywords: 'trek', pub_category: 'roadBikes', sort: '-price', page: '3' }),
    ).toEqual({ keywords: 'trek', pub_category: 'roadBikes', sort: '-price', page: 3 });
  });

  it('trims keywords and drops empty ones', () => {
    expect(validateSearchParams({ keywords: '  trek   domane ' })).toEqual({ keywords: 'trek domane' });
    expect(validateSearchParams({ keywords: '   ' })).toEqual({});
    expect(validateSearchParams({ keywords: null })).toEqual({});
  });

  it('keeps known categories of a comma list, without duplicates', () => {
    expect(validateSearchParams({ pub_category: 'roadBikes,nope, gravelBikes,roadBikes' })).toEqual({
      pub_category: 'roadBikes,gravelBikes',
    });
    expect(validateSearchParams({ pub_category: 'nope' })).toEqual({});
  });

  it('drops unknown sorts, and relevance without keywords', () => {
    expect(validateSearchParams({ sort: 'cheapest' })).toEqual({});
    expect(validateSearchParams({ sort: 'relevance' })).toEqual({});
    expect(validateSearchParams({ sort: 'relevance', keywords: 'trek' })).toEqual({
      keywords: 'trek',
      sort: 'relevance',
    });
  });

  it('keeps whole pages from 2 on (page 1 is the default)', () => {
    expect(validateSearchParams({ page: '2' })).toEqual({ page: 2 });
    expect(validateSearchParams({ page: 5 })).toEqual({ page: 5 });
    for (const page of ['1', '0', '-2', '2.5', 'abc', '', '99999999']) {
      expect(validateSearchParams({ page })).toEqual({});
    }
  });

  it('takes the first of repeated values', () => {
    expect(validateSearchParams({ keywords: ['a', 'b'] })).toEqual({ keywords: 'a' });
  });
});

describe('parseSearch and stringifySearch', () => {
  it('reads plain strings, first value wins', () => {
    expect(parseSearch('?keywords=2019&page=2&keywords=x')).toEqual({ keywords: '2019', page: '2' });
    expect(parseSearch('')).toEqual({});
  });

  it('writes readable query strings without empty values', () => {
    expect(stringifySearch({ keywords: 'trek bike', pub_category: 'roadBikes,gravelBikes', page: 2 })).toBe(
      '?keywords=trek+bike&pub_category=roadBikes,gravelBikes&page=2',
    );
    expect(stringifySearch({ keywords: undefined, page: undefined, sort: '' })).toBe('');
  });

  it('round-trips through validation', () => {
    const params = { keywords: '2019 & "carbon"', pub_category: categoryGroupParam('apparel'), page: 4 };
    expect(validateSearchParams(parseSearch(stringifySearch(params)))).toEqual(params);
  });
});

describe('sort helpers', () => {
  it('defaults to relevance with keywords, newest otherwise', () => {
    expect(defaultSort({ keywords: 'trek' })).toBe('relevance');
    expect(defaultSort({})).toBe('createdAt');
  });

  it('offers relevance only with keywords', () => {
    expect(availableSortOptions({}).map((o) => o.key)).toEqual([
      'createdAt',
      '-createdAt',
      '-price',
      'price',
    ]);
    expect(availableSortOptions({ keywords: 'x' }).map((o) => o.key)).toContain('relevance');
  });
});

describe('labels', () => {
  it('names a category group selection', () => {
    expect(categoryGroupParam('completeBikes')).toBe(categoriesInGroup('completeBikes').join(','));
    expect(categorySelectionLabel(categoryGroupParam('completeBikes'))).toBe('Complete Bikes');
    expect(categorySelectionLabel('roadBikes')).toBe('Road bikes');
    expect(categorySelectionLabel('roadBikes,helmets')).toBeUndefined();
    expect(categorySelectionLabel(undefined)).toBeUndefined();
  });

  it('counts results', () => {
    expect(resultCountText(0)).toBe('0 results');
    expect(resultCountText(1)).toBe('1 result');
    expect(resultCountText(1234)).toBe('1,234 results');
  });
});
