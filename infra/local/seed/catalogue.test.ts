import { describe, expect, it } from 'vitest';
import { readWorldCities } from '../../../functions/places/world-cities';
import { categoryGroupOf, categoryGroups, isCategory } from '../../../shared/config/categories';
import { frameSizeLetterOf, takesFrameSizeCm } from '../../../shared/config/frame-sizes';
import {
  conditions,
  frameMaterials,
  isKeyOf,
  sizes,
  wheelSizes,
} from '../../../shared/config/listing-fields';
import { isPayoutCountry } from '../../../shared/config/payout-countries';
import { distanceMeters } from '../../../shared/maps';
import { createSlug } from '../../../shared/text/slug';
import { frameSizeCmValidator } from '../../../shared/validation/frame-size';
import { demoPassword, listings, sellers } from './catalogue';

describe('seed catalogue: sellers', () => {
  it('has at least 8 sellers with unique keys, emails and names', () => {
    expect(sellers.length).toBeGreaterThanOrEqual(8);
    expect(new Set(sellers.map((s) => s.key)).size).toBe(sellers.length);
    expect(new Set(sellers.map((s) => s.email)).size).toBe(sellers.length);
    expect(new Set(sellers.map((s) => `${s.firstName} ${s.lastName}`)).size).toBe(sellers.length);
  });

  it('uses @velo.example emails, the shared demo password and short bios', () => {
    for (const s of sellers) {
      expect(s.email).toMatch(/^[a-z]+\.[a-z]+@velo\.example$/);
      expect(s.password).toBe(demoPassword);
      expect(s.firstName.length).toBeGreaterThan(0);
      expect(s.lastName.length).toBeGreaterThan(0);
      expect(s.displayName.length).toBeGreaterThan(0);
      expect(s.bio.length).toBeGreaterThan(0);
      expect(s.bio.length).toBeLessThanOrEqual(170);
    }
    expect(sellers.some((s) => s.bio.length > 140)).toBe(true);
  });

  it('demo password is strong enough for a Cognito-style policy', () => {
    expect(demoPassword).toMatch(/[a-z]/);
    expect(demoPassword).toMatch(/[A-Z]/);
    expect(demoPassword).toMatch(/[0-9]/);
    expect(demoPassword).toMatch(/[^A-Za-z0-9]/);
    expect(demoPassword.length).toBeGreaterThanOrEqual(8);
  });

  it('every seller has at least one listing', () => {
    const withListings = new Set(listings.map((l) => l.sellerKey));
    for (const s of sellers) expect(withListings.has(s.key), s.key).toBe(true);
  });
});

describe('seed catalogue: listings', () => {
  it('has at least 64 listings with unique keys and slug-able titles', () => {
    expect(listings.length).toBeGreaterThanOrEqual(64);
    expect(new Set(listings.map((l) => l.key)).size).toBe(listings.length);
    for (const l of listings) {
      expect(l.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(createSlug(l.title)).not.toBe('no-slug');
    }
  });

  it('uses only valid category keys and covers every group with at least 4 listings', () => {
    const perGroup = new Map<string, number>();
    for (const l of listings) {
      expect(isCategory(l.category), `${l.key}: ${l.category}`).toBe(true);
      const group = categoryGroupOf(l.category)!;
      perGroup.set(group, (perGroup.get(group) ?? 0) + 1);
    }
    for (const group of categoryGroups) {
      expect(perGroup.get(group.id) ?? 0, group.id).toBeGreaterThanOrEqual(4);
    }
    const bikes = perGroup.get('completeBikes') ?? 0;
    for (const [group, count] of perGroup) {
      if (group !== 'completeBikes') expect(bikes).toBeGreaterThan(count);
    }
  });

  it('references existing sellers only', () => {
    const keys = new Set(sellers.map((s) => s.key));
    for (const l of listings) expect(keys.has(l.sellerKey), l.key).toBe(true);
  });

  it('has positive integer prices, sensible stock and image counts', () => {
    for (const l of listings) {
      expect(Number.isInteger(l.priceCents), l.key).toBe(true);
      expect(l.priceCents, l.key).toBeGreaterThan(0);
      expect(Number.isInteger(l.stock), l.key).toBe(true);
      expect(l.stock, l.key).toBeGreaterThanOrEqual(1);
      expect(l.stock, l.key).toBeLessThanOrEqual(10);
      expect(Number.isInteger(l.imageCount), l.key).toBe(true);
      expect(l.imageCount, l.key).toBeGreaterThanOrEqual(1);
      expect(l.imageCount, l.key).toBeLessThanOrEqual(3);
      expect(l.daysAgo, l.key).toBeGreaterThanOrEqual(0);
    }
    expect(listings.filter((l) => l.stock === 1).length).toBeGreaterThan(listings.length / 2);
    expect(listings.some((l) => l.stock > 1)).toBe(true);
  });

  it('has shipping fees iff shipping is enabled, and at least one delivery method', () => {
    for (const l of listings) {
      expect(l.pickupEnabled || l.shippingEnabled, l.key).toBe(true);
      if (l.shippingEnabled) {
        expect(Number.isInteger(l.shippingFeeCents), l.key).toBe(true);
        expect(Number.isInteger(l.additionalItemShippingFeeCents), l.key).toBe(true);
        expect(l.shippingFeeCents!, l.key).toBeGreaterThanOrEqual(0);
        expect(l.additionalItemShippingFeeCents!, l.key).toBeGreaterThanOrEqual(0);
      } else {
        expect(l.shippingFeeCents, l.key).toBeUndefined();
        expect(l.additionalItemShippingFeeCents, l.key).toBeUndefined();
      }
    }
    expect(listings.some((l) => l.pickupEnabled && !l.shippingEnabled)).toBe(true);
    expect(listings.some((l) => !l.pickupEnabled && l.shippingEnabled)).toBe(true);
    expect(listings.some((l) => l.pickupEnabled && l.shippingEnabled)).toBe(true);
  });

  it('uses the enumerated field values of shared/config/listing-fields', () => {
    for (const l of listings) {
      expect(isKeyOf(conditions, l.condition), l.key).toBe(true);
      if (l.size !== undefined) expect(isKeyOf(sizes, l.size), l.key).toBe(true);
      if (l.frameSize !== undefined) expect(isKeyOf(sizes, l.frameSize), l.key).toBe(true);
      if (l.wheelSize !== undefined) expect(isKeyOf(wheelSizes, l.wheelSize), l.key).toBe(true);
      if (l.frameMaterial !== undefined) expect(isKeyOf(frameMaterials, l.frameMaterial), l.key).toBe(true);
    }
    expect(new Set(listings.map((l) => l.condition)).size).toBe(Object.keys(conditions).length);
  });

  it('fills bike fields for bikes and frames, and size for apparel', () => {
    for (const l of listings) {
      const group = categoryGroupOf(l.category);
      if (group === 'completeBikes' || group === 'framesets') {
        expect(l.frameSize, l.key).toBeDefined();
        expect(l.wheelSize, l.key).toBeDefined();
        expect(l.frameMaterial, l.key).toBeDefined();
        expect(l.year, l.key).toBeDefined();
      }
      if (group === 'completeBikes' && l.category !== 'bmxBikes') expect(l.groupset, l.key).toBeDefined();
      if (group === 'apparel') expect(l.size, l.key).toBeDefined();
      if (l.year !== undefined) {
        expect(l.year, l.key).toBeGreaterThanOrEqual(2010);
        expect(l.year, l.key).toBeLessThanOrEqual(2026);
      }
    }
  });

  it('gives bikes and frames a size in cm in the range of their letter (shared/config/frame-sizes)', () => {
    for (const l of listings) {
      if (!takesFrameSizeCm(l.category) || l.frameSize === 'other') {
        expect(l.frameSizeCm, l.key).toBeUndefined();
        continue;
      }
      expect(frameSizeCmValidator(l.frameSizeCm), l.key).toBeUndefined();
      expect(frameSizeLetterOf(l.category, l.frameSizeCm!), l.key).toBe(l.frameSize);
    }
    expect(listings.filter((l) => l.frameSizeCm !== undefined).length).toBeGreaterThan(20);
  });

  it('places listings in seven payout countries, each at its city as the gazetteer has it', async () => {
    const cities = await readWorldCities();
    for (const l of listings) {
      const { lat, lng, country, city, street } = l.location;
      expect(isPayoutCountry(country), l.key).toBe(true);
      expect(street.length, l.key).toBeGreaterThan(0);
      const known = cities.find((row) => row.iso2 === country && row.city === city);
      expect(known, `${l.key}: ${city}, ${country}`).toBeDefined();
      expect(distanceMeters({ lat, lng }, { lat: Number(known!.lat), lng: Number(known!.lng) })).toBeLessThan(
        15_000,
      );
    }
    const countries = new Set(listings.map((l) => l.location.country));
    expect(countries).toEqual(new Set(['AU', 'CA', 'DE', 'FR', 'GB', 'NL', 'US']));
    expect(new Set(listings.map((l) => l.location.city)).size).toBeGreaterThanOrEqual(15);
    // A seller's listings are all in one country: their payout account's.
    for (const seller of sellers) {
      const theirs = new Set(
        listings.filter((l) => l.sellerKey === seller.key).map((l) => l.location.country),
      );
      expect(theirs.size, seller.key).toBe(1);
    }
  });

  it('has at least 3 Trek titles and a title with accented characters', () => {
    expect(listings.filter((l) => l.title.includes('Trek')).length).toBeGreaterThanOrEqual(3);
    expect(listings.filter((l) => l.title.toLowerCase().includes('trek')).length).toBeGreaterThanOrEqual(3);
    const accented = listings.filter((l) => /[À-ÿ]/.test(l.title));
    expect(accented.length).toBeGreaterThanOrEqual(1);
    for (const l of accented) expect(createSlug(l.title)).toMatch(/^[a-z0-9-]+$/);
  });

  it('has realistic titles and descriptions', () => {
    for (const l of listings) {
      expect(l.title.length, l.key).toBeLessThanOrEqual(80);
      expect(l.description.length, l.key).toBeGreaterThanOrEqual(50);
      expect(l.brand.length, l.key).toBeGreaterThan(0);
    }
  });
});
