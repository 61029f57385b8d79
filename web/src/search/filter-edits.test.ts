import { describe, expect, it } from 'vitest';
import { categoriesInGroup } from '../../../shared/config/categories';
import { searchFilter } from '../../../shared/config/search-filters';
import { apiFilterParams } from '../../../shared/validation/search-filters';
import {
  activeFilterCount,
  cleanedFilterHref,
  filterChips,
  toggleValue,
  withFilter,
  withoutFilters,
} from './filter-edits';
import { filterParamsOf } from './filter-params';
import { validateSearchParams } from './params';

describe('the filters in the search page URL', () => {
  it('keeps valid values and drops invalid ones value by value', () => {
    expect(
      filterParamsOf({
        price: '500,1500',
        pub_condition: 'new,bogus, usedLikeNew,new',
        pub_frameSize: 'huge',
        pub_brand: ' Trek ,,Canyon',
        pub_year: '2018,2023',
        pub_delivery: 'shipping',
        colour: 'red',
      }),
    ).toEqual({
      price: '500,1500',
      pub_condition: 'new,usedLikeNew',
      pub_brand: 'Trek,Canyon',
      pub_year: '2018,2023',
      pub_delivery: 'shipping',
    });
    expect(filterParamsOf({ price: '1500,500' })).toEqual({});
    expect(filterParamsOf({ price: '0,60000' })).toEqual({});
    expect(filterParamsOf({ pub_year: '1800,2020' })).toEqual({});
  });

  it('sends the price to the API in minor units with the upper bound exclusive', () => {
    expect(apiFilterParams({ price: '500,1500', pub_condition: 'new' })).toEqual([
      ['price', '50000,150001'],
      ['pub_condition', 'new'],
    ]);
  });

  it('toggles a value, clears a filter and all of them, back on page 1', () => {
    const condition = searchFilter('condition');
    const search = validateSearchParams({
      keywords: 'trek',
      pub_condition: 'new',
      price: '0,900',
      page: '3',
    });
    expect(toggleValue(search, condition, 'usedLikeNew')).toEqual({
      keywords: 'trek',
      pub_condition: 'new,usedLikeNew',
      price: '0,900',
    });
    expect(toggleValue(search, condition, 'new')).toEqual({ keywords: 'trek', price: '0,900' });
    expect(withFilter(search, searchFilter('price'), undefined)).toEqual({
      keywords: 'trek',
      pub_condition: 'new',
    });
    expect(withoutFilters(search)).toEqual({ keywords: 'trek' });
    expect(activeFilterCount(search)).toBe(2);
  });

  it('shows one chip per value, a whole group as one, ranges in words, each removing itself', () => {
    const search = {
      pub_category: categoriesInGroup('completeBikes').join(','),
      pub_condition: 'new,usedLikeNew',
      price: '500,1500',
      pub_year: '2018,2023',
    };
    const chips = filterChips(search);
    expect(chips.map((chip) => chip.label)).toEqual([
      'Category: Complete Bikes',
      'Price: $500 – $1,500',
      'Condition: New',
      'Condition: Used - like new',
      'Model year: 2018–2023',
    ]);
    expect(chips[2]!.remove(search)).toEqual({ ...search, pub_condition: 'usedLikeNew' });
    expect(chips[0]!.remove(search)).not.toHaveProperty('pub_category');
    expect(filterChips({ price: '0,300' })[0]!.label).toBe('Price: Up to $300');
    expect(filterChips({ price: '800,50000' })[0]!.label).toBe('Price: From $800');
  });
});

describe('cleanedFilterHref', () => {
  it('drops invalid filter values from the URL and leaves everything else', () => {
    expect(cleanedFilterHref('/s?keywords=trek&pub_condition=new,bogus&price=abc&mobilemenu=open')).toBe(
      '/s?keywords=trek&pub_condition=new&mobilemenu=open',
    );
    expect(
      cleanedFilterHref('/s?keywords=trek&pub_condition=new,usedLikeNew&price=500,1500'),
    ).toBeUndefined();
  });
});
