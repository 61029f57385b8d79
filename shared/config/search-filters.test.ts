import { describe, expect, it } from 'vitest';
import { parseFilterParam, parseSearchFilters } from '../validation/search-filters';
import { allCategories } from './categories';
import { enabledSearchFilters, searchFilter, searchFilters } from './search-filters';

const now = new Date('2026-11-26T12:00:00Z');

describe('the search filters as data (issue 21)', () => {
  it('has the spec fields, distinct ids and parameters, and the groups the issue asks', () => {
    const ids = searchFilters.map((filter) => filter.id);
    expect(new Set(ids).size).toBe(ids.length);
    const params = searchFilters.flatMap((filter) => filter.queryParamNames);
    expect(new Set(params).size).toBe(params.length);
    expect(searchFilters.filter((filter) => filter.group === 'primary').map((filter) => filter.id)).toEqual([
      'category',
      'price',
      'condition',
      'frameSize',
    ]);
    for (const filter of searchFilters) {
      expect(Object.keys(filter).sort()).toEqual(
        ['config', 'enabled', 'group', 'id', 'label', 'queryParamNames', 'type'].sort(),
      );
    }
  });

  it('reserves the dates filter for rentals', () => {
    expect(searchFilter('dates').enabled).toBe(false);
    expect(enabledSearchFilters.map((filter) => filter.id)).not.toContain('dates');
  });

  it('offers every category, labelled with its group', () => {
    const category = searchFilter('category');
    if (category.type !== 'options') throw new Error('category is an options filter');
    expect(category.config.options.map((option) => option.key).sort()).toEqual([...allCategories].sort());
    expect(category.config.options.every((option) => option.label.includes(': '))).toBe(true);
  });
});

describe('the pinned API parameters', () => {
  it('parses options, text lists, the price and the year', () => {
    expect(
      parseSearchFilters(
        {
          pub_condition: 'new,usedLikeNew,new',
          pub_frameSize: 'm, l',
          pub_brand: 'Trek, Canyon ,',
          price: '50000,150001',
          pub_year: '2018,2023',
          pub_delivery: 'shipping',
          unknown: 'whatever',
        },
        now,
      ),
    ).toEqual({
      ok: true,
      values: {
        condition: { type: 'options', keys: ['new', 'usedLikeNew'] },
        frameSize: { type: 'options', keys: ['m', 'l'] },
        brand: { type: 'text', values: ['Trek', 'Canyon'] },
        price: { type: 'range', min: 50000, max: 150001 },
        year: { type: 'range', min: 2018, max: 2023 },
        delivery: { type: 'options', keys: ['shipping'] },
      },
    });
  });

  it('refuses a known parameter with an invalid value, naming it', () => {
    expect(parseSearchFilters({ price: 'abc' }, now)).toMatchObject({ ok: false, param: 'price' });
    expect(parseSearchFilters({ price: '100,100' }, now)).toMatchObject({ ok: false, param: 'price' });
    expect(parseSearchFilters({ pub_condition: 'bogus' }, now)).toEqual({
      ok: false,
      param: 'pub_condition',
      message: 'Unknown condition: bogus.',
    });
    expect(parseSearchFilters({ pub_year: '1850,2000' }, now)).toMatchObject({
      ok: false,
      param: 'pub_year',
    });
    expect(parseSearchFilters({ pub_year: '2020,2030' }, now)).toMatchObject({
      ok: false,
      param: 'pub_year',
    });
    expect(parseSearchFilters({ pub_brand: Array(21).fill('x').join(',') }, now)).toMatchObject({
      ok: false,
      param: 'pub_brand',
    });
  });

  it('ignores empty and reserved parameters', () => {
    expect(parseSearchFilters({ price: ' ', dates: '2026-12-01,2026-12-03' }, now)).toEqual({
      ok: true,
      values: {},
    });
  });

  it('refuses the reserved dates filter when asked directly', () => {
    expect(parseFilterParam(searchFilter('dates'), '2026-12-01,2026-12-03', now)).toHaveProperty('invalid');
  });
});
