import { describe, expect, it } from 'vitest';
import { queryParameters } from './lambda';

describe("queryParameters (API Gateway's payload format 2.0)", () => {
  it('joins the values of a repeated name with commas, in order', () => {
    expect(queryParameters(new URLSearchParams('page=1&page=2&q=bike&page=3'))).toEqual({
      page: '1,2,3',
      q: 'bike',
    });
  });

  it('keeps `__proto__` and `constructor` as plain own parameters', () => {
    const query = queryParameters(new URLSearchParams('__proto__=x&constructor=y'))!;
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(query.constructor).toBe('y');
  });

  it('gives none for an empty query string', () => {
    expect(queryParameters(new URLSearchParams(''))).toBeUndefined();
  });
});
