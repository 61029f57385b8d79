import { describe, expect, it } from 'vitest';
import { namedShipsTo, parseShipsTo, shippingCountries, shipsToRefusal, shipsToText } from './ships-to';

const berlin = { location: { country: 'DE' } };

describe('where a listing ships', () => {
  it("reads the seller's country, a list, or worldwide (the default of older listings)", () => {
    expect(shippingCountries({ ...berlin, shipsTo: { scope: 'seller-country' } })).toEqual(['DE']);
    expect(
      shippingCountries({ ...berlin, shipsTo: { scope: 'countries', countries: ['DE', 'AT'] } }),
    ).toEqual(['DE', 'AT']);
    expect(shippingCountries(berlin)).toBe('worldwide');
  });

  it('names the countries for the listing page and the refusal', () => {
    expect(shipsToText({ ...berlin, shipsTo: { scope: 'countries', countries: ['DE', 'CH', 'AT'] } })).toBe(
      'Austria, Germany and Switzerland',
    );
    expect(shipsToRefusal({ ...berlin, shipsTo: { scope: 'seller-country' } }, 'FR')).toBe(
      'This seller does not ship to France. They ship to Germany.',
    );
    expect(shipsToRefusal({ ...berlin, shipsTo: { scope: 'seller-country' } }, 'DE')).toBeUndefined();
    expect(shipsToRefusal(berlin, 'FR')).toBeUndefined();
  });

  it('names countries only when the listing does not ship worldwide (the listing page and checkout)', () => {
    expect(namedShipsTo(berlin)).toBeUndefined();
    expect(namedShipsTo({ ...berlin, shipsTo: { scope: 'seller-country' } })).toBe('Germany');
  });

  it('takes only a known scope and known country codes', () => {
    expect(parseShipsTo({ scope: 'worldwide' })).toEqual({ shipsTo: { scope: 'worldwide' } });
    expect(parseShipsTo({ scope: 'countries', countries: ['DE', 'DE', 'AT'] })).toEqual({
      shipsTo: { scope: 'countries', countries: ['DE', 'AT'] },
    });
    expect(parseShipsTo({ scope: 'countries', countries: [] })).toEqual({
      error: 'Choose at least one country you ship to.',
    });
    expect(parseShipsTo({ scope: 'countries', countries: ['XX'] })).toHaveProperty('error');
    expect(parseShipsTo('DE')).toHaveProperty('error');
    expect(parseShipsTo({ scope: 'moon' })).toHaveProperty('error');
  });
});
