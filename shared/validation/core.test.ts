import { describe, expect, it } from 'vitest';
import {
  composeValidators,
  EMAIL_RE,
  emailFormat,
  firstError,
  hasErrors,
  integerAtLeast,
  integerAtMost,
  isBlank,
  isLatLng,
  matches,
  maxLength,
  minLength,
  moneyAtLeast,
  nonEmptyArray,
  oneOf,
  optional,
  parseInteger,
  placeSearchRequired,
  placeSelected,
  required,
  requiredBoolean,
  VALID,
  validateFields,
} from './core';

describe('required (§5)', () => {
  const v = required('Required');
  it('fails on empty or blank after trim', () => {
    expect(v(undefined)).toBe('Required');
    expect(v(null)).toBe('Required');
    expect(v('')).toBe('Required');
    expect(v('   \n\t')).toBe('Required');
    expect(v(' a ')).toBe(VALID);
    expect(v(0)).toBe(VALID);
    expect(v(false)).toBe(VALID);
    expect(isBlank(' ')).toBe(true);
    expect(isBlank('x')).toBe(false);
  });
  it('booleans', () => {
    expect(requiredBoolean('B')(true)).toBe(VALID);
    expect(requiredBoolean('B')(false)).toBe(VALID);
    expect(requiredBoolean('B')('true')).toBe('B');
  });
});

describe('composeValidators', () => {
  it('returns the first failing message', () => {
    const v = composeValidators(required('R'), minLength('Short', 3), maxLength('Long', 5));
    expect(v('')).toBe('R');
    expect(v('ab')).toBe('Short');
    expect(v('abcdef')).toBe('Long');
    expect(v('abcd')).toBe(VALID);
    expect(composeValidators()('x')).toBe(VALID);
  });
  it('stops at the first failure', () => {
    let calls = 0;
    const counting = () => {
      calls++;
      return VALID;
    };
    composeValidators(required('R'), counting)('');
    expect(calls).toBe(0);
  });
});

describe('length, pattern, options', () => {
  it('min and max length', () => {
    expect(minLength('m', 2)(['a', 'b'])).toBe(VALID);
    expect(minLength('m', 2)(5)).toBe('m');
    expect(maxLength('M', 2)(undefined)).toBe(VALID);
    expect(maxLength('M', 2)('')).toBe(VALID);
    expect(maxLength('M', 2)('abc')).toBe('M');
    expect(maxLength('M', 2)(123)).toBe('M');
  });
  it('arrays, patterns, options', () => {
    expect(nonEmptyArray('e')([])).toBe('e');
    expect(nonEmptyArray('e')([1])).toBe(VALID);
    expect(nonEmptyArray('e')('x')).toBe('e');
    expect(matches('p', /^\d+$/)('12')).toBe(VALID);
    expect(matches('p', /^\d+$/)('1a')).toBe('p');
    expect(matches('p', /^\d+$/)(12)).toBe('p');
    expect(oneOf('o', ['a', 'b'])('a')).toBe(VALID);
    expect(oneOf('o', ['a', 'b'])('c')).toBe('o');
    expect(optional('anything')).toBe(VALID);
  });
});

describe('email (§5)', () => {
  const v = emailFormat('Invalid');
  it('matches a standard address pattern', () => {
    for (const ok of [
      'jane.doe@example.com',
      'a+b@sub.domain.co',
      'X_Y%z@EXAMPLE.ORG',
      ' jane@example.com ',
    ]) {
      expect(v(ok)).toBe(VALID);
    }
    for (const bad of [
      'jane',
      'jane@',
      '@example.com',
      'jane@example',
      'jane@example.c',
      'ja ne@example.com',
      5,
    ]) {
      expect(v(bad)).toBe('Invalid');
    }
    expect(EMAIL_RE.test('a@b.io')).toBe(true);
  });
});

describe('numbers and money', () => {
  it('parses integers', () => {
    expect(parseInteger(5)).toBe(5);
    expect(parseInteger(' 12 ')).toBe(12);
    expect(parseInteger('-3')).toBe(-3);
    expect(parseInteger('1.5')).toBeNull();
    expect(parseInteger(1.5)).toBeNull();
    expect(parseInteger('abc')).toBeNull();
    expect(parseInteger('99999999999999999999')).toBeNull();
    expect(parseInteger(null)).toBeNull();
  });
  it('integer bounds', () => {
    expect(integerAtLeast('min', 1)('1')).toBe(VALID);
    expect(integerAtLeast('min', 1)(0)).toBe('min');
    expect(integerAtLeast('min', 1)('x')).toBe('min');
    expect(integerAtMost('max', 5)(5)).toBe(VALID);
    expect(integerAtMost('max', 5)(6)).toBe('max');
    expect(integerAtMost('max', 5)(undefined)).toBe('max');
  });
  it('money at least', () => {
    const v = moneyAtLeast('low', 0);
    expect(v({ amount: 0, currency: 'USD' })).toBe(VALID);
    expect(v({ amount: -1, currency: 'USD' })).toBe('low');
    expect(v({ amount: 1.5, currency: 'USD' })).toBe('low');
    expect(v(null)).toBe('low');
    expect(v(5)).toBe('low');
  });
});

describe('places', () => {
  const place = { address: 'Main St 1', origin: { lat: 60.1, lng: 24.9 } };
  it('needs a selected place with address and origin', () => {
    expect(placeSelected('p')({ selectedPlace: place })).toBe(VALID);
    expect(placeSelected('p')({ selectedPlace: { ...place, address: ' ' } })).toBe('p');
    expect(placeSelected('p')({ selectedPlace: { ...place, origin: { lat: 100, lng: 0 } } })).toBe('p');
    expect(placeSelected('p')({ search: 'Main' })).toBe('p');
    expect(placeSelected('p')(null)).toBe('p');
    expect(placeSearchRequired('r')({ search: 'Main' })).toBe(VALID);
    expect(placeSearchRequired('r')({ selectedPlace: place })).toBe(VALID);
    expect(placeSearchRequired('r')({ search: '  ' })).toBe('r');
    expect(placeSearchRequired('r')(undefined)).toBe('r');
    expect(isLatLng({ lat: 0, lng: 180 })).toBe(true);
    expect(isLatLng({ lat: '0', lng: 0 })).toBe(false);
    expect(isLatLng(null)).toBe(false);
  });
});

describe('validateFields', () => {
  it('collects each field error', () => {
    const errors = validateFields({ a: '', b: 'x', c: '' } as { a: string; b: string; c: string }, {
      a: required('A'),
      b: required('B'),
      c: required('C'),
    });
    expect(errors).toEqual({ a: 'A', c: 'C' });
    expect(hasErrors(errors)).toBe(true);
    expect(firstError(errors)).toBe('A');
    expect(hasErrors({})).toBe(false);
    expect(firstError({})).toBeUndefined();
  });
});
