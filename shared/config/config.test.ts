import { describe, expect, it } from 'vitest';
import { cardBrandFromProvider, cardBrands, isCardBrand, isCardExpired } from './card-brands';
import {
  allCategories,
  categoriesInGroup,
  categoryGroupOf,
  categoryGroups,
  categoryLabel,
  featuredCategoryGroups,
  isCategory,
} from './categories';
import {
  avatarSizes,
  bookingSettings,
  breakpoints,
  cookieConsent,
  DAY_MS,
  datePickerSettings,
  debounceMs,
  HOUR_MS,
  imageSettings,
  legal,
  limits,
  MINUTE_MS,
  mapSettings,
  minimumUserAge,
  orderWindows,
  payoutSettings,
  searchSettings,
} from './constants';
import {
  bikeFields,
  conditions,
  deliveryMethods,
  fieldOptions,
  frameMaterials,
  isKeyOf,
  latestBikeYear,
  requiredListingFields,
  sizes,
  unitTypes,
  wheelSizeKeys,
  wheelSizes,
} from './listing-fields';
import {
  commissionPercent,
  currencyDisplayDecimals,
  customerCommissionPercent,
  listingPriceLimits,
  marketplaceCurrency,
  minimumListingPriceMinor,
  pageSizes,
  payoutCurrencyNote,
  processAlias,
  shippingFeeLimits,
  subunitDivisor,
  taxPercent,
} from './marketplace';
import {
  bankFieldFormat,
  bankFieldKeys,
  bankFieldTexts,
  isPayoutCountry,
  payoutCountries,
  payoutCountry,
  payoutCountryCodes,
} from './payout-countries';
import {
  defaultSort,
  effectiveSort,
  isSortKey,
  sortLabel,
  sortOptions,
  sortOptionsFor,
  sortOrder,
} from './sort';

describe('categories (§3)', () => {
  it('has the 8 groups with the spec keys in order', () => {
    expect(categoryGroups.map((g) => g.label)).toEqual([
      'Complete Bikes',
      'Framesets',
      'Forks & Suspension',
      'Wheels & Tires',
      'Cockpit',
      'Drivetrain',
      'Accessories',
      'Apparel',
    ]);
    expect(categoriesInGroup('completeBikes')).toEqual([
      'roadBikes',
      'gravelBikes',
      'bmxBikes',
      'eBikeSlashCargoBikes',
      'trackBikes',
      'mtbBikes',
    ]);
    expect(categoriesInGroup('accessories')).toContain('pumpsAndC02');
    expect(categoriesInGroup('nope')).toEqual([]);
    expect(allCategories).toHaveLength(6 + 5 + 4 + 10 + 9 + 10 + 9 + 12);
  });
  it('looks categories up', () => {
    expect(isCategory('barTape')).toBe(true);
    expect(isCategory('toString')).toBe(false);
    expect(isCategory(3)).toBe(false);
    expect(categoryLabel('mtbSlashBmxGrips')).toBe('MTB / BMX grips');
    expect(categoryGroupOf('casualwear')).toBe('apparel');
    expect(categoryGroupOf('x')).toBeUndefined();
    expect(featuredCategoryGroups).toEqual(['completeBikes', 'drivetrain', 'apparel', 'wheelsAndTires']);
  });
});

describe('listing fields (§3)', () => {
  it('has the spec keys', () => {
    expect(Object.keys(conditions)).toEqual([
      'new',
      'usedLikeNew',
      'usedGoodCondition',
      'usedFairCondition',
      'usedWellUsed',
    ]);
    expect(wheelSizeKeys).toEqual(['20', '26', '27_5_650b', '29', '700c', 'other']);
    expect(new Set(Object.keys(wheelSizes))).toEqual(new Set(wheelSizeKeys));
    expect(fieldOptions(wheelSizes, wheelSizeKeys).map((o) => o.label)).toEqual([
      '20"',
      '26"',
      '27.5" / 650b',
      '29"',
      '700c',
      'Other',
    ]);
    expect(fieldOptions(sizes)[0]).toEqual({ key: 'xs', label: 'XS' });
    expect(Object.keys(sizes)).toEqual(['xs', 's', 'm', 'l', 'xl', 'xxl', 'other']);
    expect(Object.keys(frameMaterials)).toEqual([
      'aluminum',
      'carbonFiber',
      'chromoly',
      'steel',
      'titanium',
      'other',
    ]);
    expect(Object.keys(deliveryMethods)).toEqual(['pickup', 'shipping']);
    expect(unitTypes).toEqual(['units', 'night', 'day', 'hour']);
  });
  it('lists the bike fields', () => {
    expect(bikeFields.map((f) => f.key)).toEqual([
      'brand',
      'model',
      'year',
      'colour',
      'groupset',
      'wheelset',
      'frameSize',
      'frameSizeCm',
      'wheelSize',
      'frameMaterial',
    ]);
    expect(requiredListingFields).toEqual(['title', 'description', 'category', 'brand', 'size', 'condition']);
    expect(latestBikeYear(new Date('2026-06-01T00:00:00Z'))).toBe(2027);
    expect(latestBikeYear()).toBeGreaterThan(2025);
  });
  it('isKeyOf checks own keys only', () => {
    expect(isKeyOf(sizes, 'xl')).toBe(true);
    expect(isKeyOf(sizes, 'constructor')).toBe(false);
    expect(isKeyOf(sizes, 1)).toBe(false);
  });
});

describe('marketplace settings (§9)', () => {
  it('has one currency, USD, 0 decimals shown', () => {
    expect(marketplaceCurrency).toBe('USD');
    expect(currencyDisplayDecimals).toBe(0);
    expect(subunitDivisor('USD')).toBe(100);
    expect(subunitDivisor('CAD')).toBe(100);
    expect(subunitDivisor('JPY')).toBe(1);
  });
  it('names the constants', () => {
    expect(commissionPercent).toBe(10);
    expect(customerCommissionPercent).toBe(0);
    expect(taxPercent).toBe(0);
    expect(minimumListingPriceMinor).toBe(0);
    expect(processAlias).toBe('release-2');
    expect(pageSizes).toEqual({
      search: 24,
      manageListings: 42,
      inbox: 10,
      messages: 100,
      notifications: 100,
    });
    expect(orderWindows).toEqual({
      paymentMinutes: 15,
      shipWithinDays: 5,
      customerCancelHours: 3,
      reportProblemDays: 3,
      transitAllowanceDays: 10,
      reviewDays: 7,
      disputeAutoCancelDays: 60,
    });
    expect(minimumUserAge).toBe(13);
    expect(legal.feePercent).toBe(10);
    expect(legal.lastUpdatedLabel).toBe('July 1st, 2021');
    expect([MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([60_000, 3_600_000, 86_400_000]);
    expect(bookingSettings).toEqual({
      availableDays: 90,
      timeSlotChunkDays: 90,
      firstDayOfWeek: 0,
      timeZone: 'Etc/UTC',
      minimumNights: 1,
    });
    expect(limits.passwordMinLength).toBe(8);
    expect(limits.passwordMaxLength).toBe(256);
    expect([limits.ratingMin, limits.ratingMax]).toEqual([1, 5]);
    expect(limits.textAreaMaxLength).toBe(5000);
    expect(limits.titleMaxLength).toBe(60);
    expect(limits.bioMaxLength).toBe(170);
    expect([limits.longWordLength, limits.longWordLengthAlternative]).toEqual([16, 10]);
    expect(limits.maxVerificationEmailsPerDay).toBe(5);
    expect(limits.birthdayYearsSpan).toBe(80);
    expect(imageSettings.maxUploadBytes).toBe(20 * 1024 * 1024);
    expect(imageSettings.variantMaxPx).toBe(3072);
    expect(imageSettings.listingCard).toMatchObject({
      width: 400,
      height: 400,
      variantPrefix: 'listing-card',
    });
    expect(imageSettings.listingVariantWidths.slice(0, 2)).toEqual([400, 800]);
    expect(imageSettings.socialImages).toEqual({
      facebook: { width: 1200, height: 630 },
      twitter: { width: 600, height: 314 },
    });
    expect(avatarSizes.large).toBe(96);
    expect(searchSettings.priceFilter).toEqual({ min: 0, max: 50_000, step: 5 });
    expect(searchSettings.rangeSlider).toEqual({ min: 0, max: 10_000_000, step: 1 });
    expect(searchSettings.sortByDistance).toBe(false);
    expect(cookieConsent).toEqual({ name: 'euCookiesAccepted', value: '1', maxAgeYears: 10, path: '/' });
    expect(breakpoints).toEqual({
      mobileBelow: 768,
      tabletTabsUpTo: 1023,
      orderPanelModalBelow: 1024,
      datePickerReadOnlyBelow: 768,
    });
    expect(datePickerSettings).toEqual({ daySize: 38, transitionMs: 200, blurDelayMs: 100 });
    expect(debounceMs).toEqual({ viewport: 100, dimensions: 200, bankToken: 1000 });
    expect(mapSettings.fuzzy).toMatchObject({
      enabled: true,
      offsetMeters: 2000,
      defaultZoomLevel: 13,
      circleOpacity: 0.2,
    });
    expect(mapSettings.fuzzy.circleStepDegrees).toBe(8);
    expect(mapSettings.defaultZoomLevel).toBe(11);
    expect(mapSettings.currentLocationBoundsDistanceMeters).toBe(1000);
    expect(mapSettings.geolocation).toEqual({ timeoutMs: 5000, enableHighAccuracy: true });
    expect(mapSettings.staticMap).toEqual({ maxWidthPx: 640, style: 'streets' });
    expect(payoutSettings.defaultMcc).toBe('5734');
    expect(payoutSettings.accountTypes).toEqual(['individual', 'company']);
  });
});

describe('sort options (§3)', () => {
  it('keeps the sign convention', () => {
    expect(sortOptions.map((o) => [o.key, o.label])).toEqual([
      ['createdAt', 'Newest'],
      ['-createdAt', 'Oldest'],
      ['-price', 'Lowest price'],
      ['price', 'Highest price'],
      ['relevance', 'Relevance'],
    ]);
    expect(sortOrder('createdAt')).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(sortOrder('-createdAt')).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(sortOrder('-price')).toEqual({ field: 'price', direction: 'asc' });
    expect(sortOrder('price')).toEqual({ field: 'price', direction: 'desc' });
    expect(sortOrder('relevance')).toEqual({ field: 'relevance', direction: 'desc' });
    expect(defaultSort).toBe('createdAt');
    expect(sortLabel('-price')).toBe('Lowest price');
  });
  it('offers relevance only with keywords and has no distance', () => {
    expect(sortOptionsFor(false).map((o) => o.key)).not.toContain('relevance');
    expect(sortOptionsFor(true).map((o) => o.key)).toContain('relevance');
    expect(isSortKey('distance')).toBe(false);
    expect(isSortKey('price')).toBe(true);
    expect(effectiveSort('relevance')).toBe('createdAt');
    expect(effectiveSort('relevance', '  ')).toBe('createdAt');
    expect(effectiveSort('relevance', 'road')).toBe('relevance');
    expect(effectiveSort(undefined, 'road')).toBe('relevance');
    expect(effectiveSort('bogus')).toBe('createdAt');
    expect(effectiveSort('-price', 'road')).toBe('-price');
  });
});

describe('card brands (§3)', () => {
  it('has the spec keys', () => {
    expect(Object.keys(cardBrands)).toEqual([
      'amex',
      'diners',
      'discovery',
      'jcb',
      'mastercard',
      'unionpay',
      'visa',
    ]);
    expect(isCardBrand('visa')).toBe(true);
    expect(isCardBrand('discover')).toBe(false);
  });
  it('maps provider brand names', () => {
    expect(cardBrandFromProvider('discover')).toBe('discovery');
    expect(cardBrandFromProvider('American Express')).toBe('amex');
    expect(cardBrandFromProvider('Diners_Club')).toBe('diners');
    expect(cardBrandFromProvider('MasterCard')).toBe('mastercard');
    expect(cardBrandFromProvider('unknown')).toBeUndefined();
  });
  it('knows when a card expired', () => {
    const now = new Date('2026-05-15T00:00:00Z');
    expect(isCardExpired(5, 2026, now)).toBe(false);
    expect(isCardExpired(4, 2026, now)).toBe(true);
    expect(isCardExpired(1, 2027, now)).toBe(false);
    expect(isCardExpired(12, 2025, now)).toBe(true);
    expect(isCardExpired(1, 3000)).toBe(false);
  });
});

describe('payout countries (§9)', () => {
  it('has all 36 countries of the spec', () => {
    expect(payoutCountryCodes).toEqual(
      'AU AT BE BG CA CH CY CZ DE DK EE ES FI FR GB GR HK IE IT JP LT LU LV MT MX NL NO NZ PL PT RO SE SG SI SK US'.split(
        ' ',
      ),
    );
    expect(new Set(payoutCountryCodes).size).toBe(36);
  });
  it('has currencies', () => {
    const currency = (code: string) => payoutCountry(code)?.currency;
    expect(currency('US')).toBe('USD');
    expect(currency('CA')).toBe('CAD');
    expect(currency('GB')).toBe('GBP');
    expect(currency('JP')).toBe('JPY');
    expect(currency('CH')).toBe('CHF');
    expect(currency('MX')).toBe('MXN');
    expect(currency('NZ')).toBe('NZD');
    expect(currency('DE')).toBe('EUR');
    for (const c of payoutCountries) expect(c.currency).toMatch(/^[A-Z]{3}$/);
  });
  it('has the bank fields each country needs', () => {
    const fields = (code: string) => payoutCountry(code)?.fields;
    expect(fields('AU')).toEqual(['bsb', 'accountNumber']);
    expect(fields('CA')).toEqual(['transitNumber', 'institutionNumber', 'accountNumber']);
    expect(fields('GB')).toEqual(['sortCode', 'accountNumber']);
    expect(fields('US')).toEqual(['routingNumber', 'accountNumber']);
    expect(fields('MX')).toEqual(['clabe']);
    expect(fields('NZ')).toEqual(['accountNumber']);
    expect(fields('HK')).toEqual(['clearingCode', 'branchCode', 'accountNumber']);
    expect(fields('SG')).toEqual(['bankCode', 'branchCode', 'accountNumber']);
    expect(fields('JP')).toEqual([
      'bankName',
      'branchName',
      'bankCode',
      'branchCode',
      'accountNumber',
      'accountOwnerName',
    ]);
    const ibanCountries = payoutCountries.filter((c) => c.fields.includes('iban'));
    expect(ibanCountries).toHaveLength(27);
    for (const c of ibanCountries) expect(c.ibanLength).toBeGreaterThanOrEqual(15);
    const used = new Set(payoutCountries.flatMap((c) => c.fields));
    expect([...used].sort()).toEqual([...bankFieldKeys].sort());
  });
  it('has the real formats', () => {
    const format = (code: string, field: (typeof bankFieldKeys)[number]) => {
      const country = payoutCountry(code);
      if (!country) throw new Error(code);
      return bankFieldFormat(country, field).pattern;
    };
    expect(format('AU', 'bsb').test('123456')).toBe(true);
    expect(format('AU', 'bsb').test('12345')).toBe(false);
    expect(format('CA', 'transitNumber').test('12345')).toBe(true);
    expect(format('CA', 'institutionNumber').test('123')).toBe(true);
    expect(format('GB', 'sortCode').test('108800')).toBe(true);
    expect(format('US', 'routingNumber').test('110000000')).toBe(true);
    expect(format('MX', 'clabe').test('0'.repeat(18))).toBe(true);
    expect(format('NZ', 'accountNumber').test('1100000000000010')).toBe(true);
    expect(bankFieldTexts.iban.required).toBe('Bank account number (IBAN) is required');
    expect(isPayoutCountry('US')).toBe(true);
    expect(isPayoutCountry('FI ')).toBe(false);
    expect(isPayoutCountry(1)).toBe(false);
  });
});

describe('money limits and the currency note', () => {
  it('keeps listing prices between 0 and $100,000 and shipping fees up to $1,000', () => {
    expect(listingPriceLimits).toEqual({ minimumMinor: 0, maximumMinor: 10_000_000 });
    expect(minimumListingPriceMinor).toBe(listingPriceLimits.minimumMinor);
    expect(shippingFeeLimits).toEqual({ minimumMinor: 0, maximumMinor: 100_000 });
  });
  it('says the one currency plainly', () => {
    expect(payoutCurrencyNote).toBe(
      "Buyers pay in USD; your payout is converted to your bank's currency by the payment provider.",
    );
  });
});
