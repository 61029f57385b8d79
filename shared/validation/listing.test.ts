import { describe, expect, it } from 'vitest';
import { listingFeatures } from '../config/listing-fields';
import { frameSizeCmOf, frameSizeCmValidator } from './frame-size';
import {
  bikeYearValidator,
  buildingMaxLength,
  buildingValidator,
  deliveryMethodError,
  disclaimerValidator,
  featuresValidator,
  listingLocationError,
  locationValidator,
  type PublishableListing,
  photoCountError,
  priceValidator,
  publishErrors,
  rulesValidator,
  shippingFeeToStore,
  stockValidator,
  validateDelivery,
  validateFeatures,
  validateListingDetails,
  validatePhotos,
  validatePolicies,
  validatePricing,
} from './listing';
import { listingMessages } from './messages';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const details = {
  title: 'Specialized Tarmac SL7',
  description: 'Raced twice.',
  category: 'roadBikes',
  brand: 'Specialized',
  size: 'm',
  condition: 'usedLikeNew',
};
const place = { search: 'Main St', selectedPlace: { address: 'Main St 1', origin: { lat: 45, lng: -73 } } };
const now = new Date('2026-06-01T00:00:00Z');

describe('listing details (§5)', () => {
  it('accepts valid details', () => {
    expect(validateListingDetails(details, now)).toEqual({});
    expect(
      validateListingDetails(
        {
          ...details,
          year: '2027',
          frameSize: 'l',
          wheelSize: '700c',
          frameMaterial: 'carbonFiber',
          model: 'SL7',
        },
        now,
      ),
    ).toEqual({});
  });
  it('limits the free-text bike fields to their form lengths (model 60, colour 40, groupset and wheelset 80)', () => {
    const at = {
      model: 'm'.repeat(60),
      colour: 'c'.repeat(40),
      groupset: 'g'.repeat(80),
      wheelset: 'w'.repeat(80),
    };
    expect(validateListingDetails({ ...details, ...at }, now)).toEqual({});
    const past = {
      model: 'm'.repeat(61),
      colour: 'c'.repeat(41),
      groupset: 'g'.repeat(81),
      wheelset: '🚲'.repeat(100_000),
    };
    expect(validateListingDetails({ ...details, ...past }, now)).toEqual({
      model: 'Must be 60 characters or less',
      colour: 'Must be 40 characters or less',
      groupset: 'Must be 80 characters or less',
      wheelset: 'Must be 80 characters or less',
    });
  });
  it('requires title (spec wording), description, category, brand, size, condition', () => {
    expect(validateListingDetails({}, now)).toEqual({
      title: 'You need to add a name.',
      description: 'A description is required.',
      category: 'You need to select a category.',
      brand: 'You need to add a brand.',
      size: 'You need to select a size.',
      condition: 'You need to select a condition.',
    });
  });
  it('checks lengths and options', () => {
    expect(validateListingDetails({ ...details, title: 'x'.repeat(61) }, now).title).toBe(
      'Must be 60 characters or less',
    );
    expect(validateListingDetails({ ...details, title: 'x'.repeat(60) }, now).title).toBeUndefined();
    expect(validateListingDetails({ ...details, description: 'x'.repeat(5001) }, now).description).toBe(
      'Must be 5000 characters or less',
    );
    expect(validateListingDetails({ ...details, brand: 'x'.repeat(61) }, now).brand).toBe(
      'Must be 60 characters or less',
    );
    expect(validateListingDetails({ ...details, category: 'unicycles' }, now).category).toBe(
      'You need to select a category.',
    );
    expect(validateListingDetails({ ...details, size: 'xxxl' }, now).size).toBe('You need to select a size.');
    expect(validateListingDetails({ ...details, condition: 'mint' }, now).condition).toBe(
      'You need to select a condition.',
    );
    expect(validateListingDetails({ ...details, wheelSize: '28' }, now).wheelSize).toBe(
      'Select one of the options.',
    );
    expect(validateListingDetails({ ...details, frameSize: '' }, now).frameSize).toBeUndefined();
  });
  it('checks the model year', () => {
    const v = bikeYearValidator(now);
    expect(v(1900)).toBeUndefined();
    expect(v('2027')).toBeUndefined();
    expect(v(2028)).toBe('Enter a valid model year.');
    expect(v(1899)).toBe('Enter a valid model year.');
    expect(v('20x')).toBe('Enter a valid model year.');
    expect(v('')).toBeUndefined();
    expect(bikeYearValidator()(2000)).toBeUndefined();
  });
});

describe('size where it makes sense, and the frame size in cm (issue 21)', () => {
  it('requires a size for bikes, framesets and apparel, and before a category is chosen', () => {
    for (const category of ['roadBikes', 'mtbFrames', 'jerseys', 'helmets', 'shoes', '', 'unicycles']) {
      expect(validateListingDetails({ ...details, category, size: '' }, now).size, category).toBe(
        listingMessages.sizeRequired,
      );
    }
  });
  it('does not require one for a wheelset, a part, an accessory or sunglasses, but checks a given one', () => {
    for (const category of ['roadWheels', 'chains', 'suspensionForks', 'lights', 'sunglasses']) {
      expect(validateListingDetails({ ...details, category, size: '' }, now).size, category).toBeUndefined();
      expect(validateListingDetails({ ...details, category, size: 'm' }, now).size, category).toBeUndefined();
      expect(validateListingDetails({ ...details, category, size: 'huge' }, now).size, category).toBe(
        listingMessages.optionInvalid,
      );
    }
  });
  it('publishes a wheelset without a size, and not a bike', () => {
    const base = { title: 't', description: 'd', images: [{ id: 'i' }] };
    const data = { brand: 'Zipp', condition: 'new', pickupEnabled: true, shippingEnabled: false };
    const wheels = {
      ...base,
      publicData: { ...data, category: 'roadWheels' },
    } as unknown as PublishableListing;
    const bike = { ...base, publicData: { ...data, category: 'roadBikes' } } as unknown as PublishableListing;
    expect(publishErrors(wheels).size).toBeUndefined();
    expect(publishErrors(bike).size).toBe(listingMessages.sizeRequired);
  });
  it('takes a whole number or one decimal from 30 to 70 cm, as a number or text', () => {
    for (const good of [30, 55, 54.5, 70, '56', ' 52.5 ', '54,5', '', undefined, null]) {
      expect(frameSizeCmValidator(good), String(good)).toBeUndefined();
    }
    for (const bad of [29.9, 70.1, 54.25, -55, '55 cm', 'M', '5e1', '54.', Number.NaN, true, [55]]) {
      expect(frameSizeCmValidator(bad), String(bad)).toBe(listingMessages.frameSizeCmInvalid);
    }
    expect(validateListingDetails({ ...details, frameSizeCm: '80' }, now).frameSizeCm).toBe(
      listingMessages.frameSizeCmInvalid,
    );
    expect(frameSizeCmOf('54,5')).toBe(54.5);
    expect(frameSizeCmOf(56)).toBe(56);
    expect(frameSizeCmOf('')).toBeUndefined();
    expect(listingMessages.frameSizeCmInvalid).toContain('from 30 to 70');
  });
});

describe('pricing and stock', () => {
  it('requires a price in the marketplace currency, at least 0', () => {
    const v = priceValidator();
    expect(v(null)).toBe('You need to add a valid price.');
    expect(v(usd(0))).toBeUndefined();
    expect(v(usd(-100))).toBe('Price should be at least $0.');
    expect(v({ amount: 100, currency: 'CAD' })).toBe(
      "Oops, the currency of the listing doesn't match the currency of the marketplace.",
    );
    expect(priceValidator({ minimumMinor: 500, maximumMinor: 1000 })(usd(499))).toBe(
      'Price should be at least $5.',
    );
    expect(priceValidator({ minimumMinor: 500, maximumMinor: 1000 })(usd(1001))).toBe(
      'Price should be at most $10.',
    );
  });
  it('accepts $100,000.00 and refuses $100,000.01 (the configured maximum)', () => {
    const v = priceValidator();
    expect(v(usd(10_000_000))).toBeUndefined();
    expect(v(usd(10_000_001))).toBe('Price should be at most $100,000.');
    expect(v(usd(9_999_999_999_900))).toBe('Price should be at most $100,000.');
    expect(validatePricing({ price: usd(10_000_001), stock: 1 })).toEqual({
      price: 'Price should be at most $100,000.',
    });
  });
  it('requires stock', () => {
    expect(stockValidator(undefined)).toBe('Stock is required');
    expect(stockValidator('')).toBe('Stock is required');
    expect(stockValidator(0)).toBeUndefined();
    expect(stockValidator('3')).toBeUndefined();
    expect(stockValidator(-1)).toBe('Stock must be a whole number of 0 or more.');
    expect(stockValidator('1.5')).toBe('Stock must be a whole number of 0 or more.');
    expect(validatePricing({ price: usd(100), stock: 1 })).toEqual({});
    expect(validatePricing({})).toEqual({
      price: 'You need to add a valid price.',
      stock: 'Stock is required',
    });
  });
});

describe('delivery (§5)', () => {
  it('leaves the pickup place to the location tab (locationValidator)', () => {
    expect(validateDelivery({ pickupEnabled: true })).toEqual({});
  });
  it('needs both shipping fees when shipping is on', () => {
    expect(validateDelivery({ shippingEnabled: true })).toEqual({
      shippingPriceOneItem: 'Shipping fee for one item required',
      shippingPriceAdditionalItems: 'Shipping fee for additional items required',
    });
    expect(
      validateDelivery({
        shippingEnabled: true,
        shippingPriceOneItem: usd(1000),
        shippingPriceAdditionalItems: usd(0),
      }),
    ).toEqual({});
    expect(
      validateDelivery({
        shippingEnabled: true,
        shippingPriceOneItem: usd(-1),
        shippingPriceAdditionalItems: usd(0),
      }),
    ).toEqual({ shippingPriceOneItem: 'Shipping fee for one item required' });
    expect(validateDelivery({ shippingEnabled: false, shippingPriceOneItem: null })).toEqual({});
  });
  it('needs the fee for each additional item only above stock 1, checks it when given (issue 24)', () => {
    expect(validateDelivery({ shippingEnabled: true, shippingPriceOneItem: usd(1000), stock: 1 })).toEqual(
      {},
    );
    expect(validateDelivery({ shippingEnabled: true, shippingPriceOneItem: usd(1000), stock: 2 })).toEqual({
      shippingPriceAdditionalItems: 'Shipping fee for additional items required',
    });
    expect(
      validateDelivery({
        shippingEnabled: true,
        shippingPriceOneItem: usd(1000),
        shippingPriceAdditionalItems: usd(-1),
        stock: 1,
      }),
    ).toEqual({ shippingPriceAdditionalItems: 'Shipping fee for additional items required' });
    expect(shippingFeeToStore(usd(900), null)).toEqual({ oneItem: usd(900), additionalItems: usd(900) });
    expect(shippingFeeToStore(usd(900), usd(100))).toEqual({ oneItem: usd(900), additionalItems: usd(100) });
  });
  it('caps each shipping fee at $1,000', () => {
    expect(
      validateDelivery({
        shippingEnabled: true,
        shippingPriceOneItem: usd(100_000),
        shippingPriceAdditionalItems: usd(100_001),
      }),
    ).toEqual({ shippingPriceAdditionalItems: 'A shipping fee should be at most $1,000.' });
  });
});

describe('photos, location, rules (§5)', () => {
  it('needs at least one JPG, GIF or PNG of at most 20 MB', () => {
    expect(validatePhotos([])).toBe('You need to add at least one image.');
    expect(validatePhotos(undefined)).toBe('You need to add at least one image.');
    expect(validatePhotos([{ id: 'img-1' }])).toBeUndefined();
    expect(validatePhotos([{ type: 'image/png', size: 1000 }])).toBeUndefined();
    expect(validatePhotos([{ id: 'a' }, { type: 'image/webp', size: 1000 }])).toBe(
      'Only .JPG, .GIF or .PNG images are allowed.',
    );
    expect(validatePhotos([{ type: 'image/jpeg', size: 20 * 1024 * 1024 + 1 }])).toBe(
      'The maximum file size is 20 MB. Please try again.',
    );
  });
  it('needs a selected place', () => {
    expect(locationValidator(place)).toBeUndefined();
    expect(locationValidator({})).toBe('You need to provide a location');
    expect(locationValidator({ search: 'x' })).toBe(
      "We didn't recognize this location. Please try another location.",
    );
  });
  it('limits the disclaimer', () => {
    expect(rulesValidator(undefined)).toBeUndefined();
    expect(rulesValidator('x'.repeat(5001))).toBe('Must be 5000 characters or less');
  });
  it('limits rules and disclaimer to a text area (5000), both optional', () => {
    expect(disclaimerValidator('')).toBeUndefined();
    expect(disclaimerValidator('x'.repeat(5000))).toBeUndefined();
    expect(disclaimerValidator('x'.repeat(5001))).toBe('Must be 5000 characters or less');
    expect(validatePolicies({})).toEqual({});
    expect(validatePolicies({ rules: 'Cash on pickup', disclaimer: 'Sold as seen' })).toEqual({});
    expect(validatePolicies({ rules: 'x'.repeat(5001), disclaimer: 'y'.repeat(5001) })).toEqual({
      rules: listingMessages.rulesTooLong,
      disclaimer: listingMessages.disclaimerTooLong,
    });
  });
  it('accepts features as unique keys of listingFeatures; [] clears', () => {
    expect(featuresValidator(undefined)).toBeUndefined();
    expect(featuresValidator([])).toBeUndefined();
    expect(featuresValidator(Object.keys(listingFeatures))).toBeUndefined();
    expect(validateFeatures(['discBrakes', 'originalReceipt'])).toBeUndefined();
    for (const bad of [['discBrakes', 'discBrakes'], ['jetEngine'], ['toString'], [1], 'discBrakes', {}]) {
      expect(validateFeatures(bad), JSON.stringify(bad)).toBe(listingMessages.featuresInvalid);
    }
  });
  it('limits the building of a pickup address to 100 characters', () => {
    expect(buildingMaxLength).toBe(100);
    expect(buildingValidator(undefined)).toBeUndefined();
    expect(buildingValidator('Unit 4B')).toBeUndefined();
    expect(buildingValidator('x'.repeat(101))).toBe('Must be 100 characters or less');
  });
});

describe('publishing (the API, and the delivery and photos tabs before it)', () => {
  it('delivery method: pickup, shipping or both', () => {
    expect(deliveryMethodError({})).toBe(listingMessages.deliveryMethodNotChosen);
    expect(deliveryMethodError({ pickupEnabled: false, shippingEnabled: false })).toBe(
      listingMessages.deliveryMethodNotChosen,
    );
    expect(deliveryMethodError({ pickupEnabled: true })).toBeUndefined();
    expect(deliveryMethodError({ shippingEnabled: true })).toBeUndefined();
  });

  it('photos: at least one', () => {
    expect(photoCountError(0)).toBe(listingMessages.imageRequired);
    expect(photoCountError(1)).toBeUndefined();
    expect(validatePhotos([])).toBe(listingMessages.imageRequired);
    expect(validatePhotos(undefined)).toBe(listingMessages.imageRequired);
  });

  const point = { lat: 45.5, lng: -73.6 };
  const ready = {
    title: details.title,
    description: details.description,
    publicData: {
      category: details.category,
      brand: details.brand,
      size: details.size,
      condition: details.condition,
      pickupEnabled: false,
      shippingEnabled: true,
      location: { address: '1 Main St', city: 'Montreal', region: 'QC', country: 'CA' },
    },
    geolocation: point,
    publicGeolocation: point,
    shippingFee: { oneItem: usd(1500), additionalItems: usd(500) },
    images: [{ id: 'img-1' }],
  } as unknown as PublishableListing;

  it('a place needs its address and both points', () => {
    expect(listingLocationError(ready)).toBeUndefined();
    const { publicGeolocation: _public, ...unplaced } = ready;
    expect(listingLocationError(unplaced)).toBe(listingMessages.locationRequired);
  });

  it('a complete draft has no problem; each missing part has its message on its field', () => {
    expect(Object.values(publishErrors(ready)).filter(Boolean)).toEqual([]);
    const errors = publishErrors({
      ...ready,
      title: '',
      publicData: { ...ready.publicData, shippingEnabled: false },
      geolocation: undefined,
      images: [],
    } as unknown as PublishableListing);
    expect(errors).toMatchObject({
      title: listingMessages.titleRequired,
      delivery: listingMessages.deliveryMethodNotChosen,
      location: listingMessages.locationRequired,
      images: listingMessages.imageRequired,
    });
    expect(errors.shippingFee).toBeUndefined();
    const noFees = publishErrors({ ...ready, shippingFee: undefined } as unknown as PublishableListing);
    expect(noFees.shippingFee).toBe(listingMessages.shippingOneItemRequired);
  });
});
