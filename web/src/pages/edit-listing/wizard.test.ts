import { describe, expect, it } from 'vitest';
import type { OwnListing } from '../../../../shared/api/types';
import { NEW_LISTING_ID } from '../../../../shared/listings';
import { listingMessages, moneyInputMessages } from '../../../../shared/validation/messages';
import { pickedPlace } from '../../components/place-location';
import { deliveryChanges, deliveryInitialValues, validateDeliveryForm } from './DeliveryTab';
import { detailsChanges, validateDetails } from './DetailsTab';
import { orderedFeatures } from './FeaturesTab';
import { locationChanges, validateLocationForm } from './LocationTab';
import { pricingInitialValues } from './PricingTab';
import {
  bikeFieldsForCategory,
  editListingTabPath,
  enabledTabs,
  isEditListingType,
  nextTab,
  submitLabel,
  suggestedFrameSize,
  tabsFor,
  wizardTitle,
} from './wizard';

function listing(overrides: Partial<OwnListing> = {}, publicData: Partial<OwnListing['publicData']> = {}) {
  return {
    id: 'abc',
    slug: 'road-bike',
    authorId: 'u1',
    title: 'Road bike',
    description: 'Fast',
    price: { amount: 0, currency: 'USD' },
    state: 'draft',
    currentStock: 0,
    images: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
    publicData: {
      category: 'roadBikes',
      condition: 'usedLikeNew',
      brand: 'Trek',
      size: 'm',
      pickupEnabled: false,
      shippingEnabled: false,
      location: { address: '', city: '', region: '', country: '' },
      ...publicData,
    },
  } satisfies OwnListing;
}

const product = tabsFor('product');

describe('the wizard tabs', () => {
  it('lists the product tabs in order, location after delivery, without availability', () => {
    expect(product).toEqual(['details', 'pricing', 'delivery', 'location', 'features', 'policies', 'photos']);
    expect(nextTab(product, 'delivery')).toBe('location');
    expect(nextTab(product, 'details')).toBe('pricing');
    expect(nextTab(product, 'photos')).toBeUndefined();
  });

  it('opens only the details tab of a new listing, every tab when editing', () => {
    expect([...enabledTabs(product, 'new', undefined)]).toEqual(['details']);
    expect([...enabledTabs(product, 'edit', listing({ state: 'published' }))]).toEqual([...product]);
  });

  it('opens a draft up to the first tab not saved yet', () => {
    expect([...enabledTabs(product, 'draft', listing())]).toEqual(['details', 'pricing']);
    expect([
      ...enabledTabs(product, 'draft', listing({ price: { amount: 45000, currency: 'USD' } })),
    ]).toEqual(['details', 'pricing', 'delivery']);
    const delivered = listing({ currentStock: 1 }, { shippingEnabled: true });
    expect([...enabledTabs(product, 'draft', delivered)]).toEqual([
      'details',
      'pricing',
      'delivery',
      'location',
    ]);
    const placed = listing(
      { currentStock: 1, geolocation: { lat: 52.52, lng: 13.405 } },
      {
        shippingEnabled: true,
        location: { address: 'Berlin, Germany', city: 'Berlin', region: 'Berlin', country: 'DE' },
      },
    );
    expect([...enabledTabs(product, 'draft', placed)]).toEqual([
      'details',
      'pricing',
      'delivery',
      'location',
      'features',
    ]);
    expect([...enabledTabs(product, 'draft', placed, new Set(['features']))]).toContain('policies');
    expect([...enabledTabs(product, 'draft', listing({ title: '' }))]).toEqual(['details']);
  });

  it('builds tab addresses; a new listing has the zero id, a saved one is a draft', () => {
    expect(editListingTabPath(undefined, 'new', 'details')).toBe(`/l/draft/${NEW_LISTING_ID}/new/details`);
    expect(editListingTabPath(listing(), 'new', 'pricing')).toBe('/l/road-bike/abc/draft/pricing');
    expect(editListingTabPath(listing({ slug: '' }), 'edit', 'photos')).toBe('/l/road-bike/abc/edit/photos');
  });

  it('names the page and the button after the mode', () => {
    expect(wizardTitle('new')).toBe('Create a listing');
    expect(wizardTitle('draft')).toBe('Create a listing');
    expect(wizardTitle('edit')).toBe('Edit listing');
    expect(submitLabel('draft')).toBe('Next');
    expect(submitLabel('edit')).toBe('Save changes');
    expect(isEditListingType('edit')).toBe(true);
    expect(isEditListingType('preview')).toBe(false);
  });
});

describe('the details tab', () => {
  it('shows the bike fields by category group', () => {
    expect(bikeFieldsForCategory('roadBikes')).toContain('groupset');
    expect(bikeFieldsForCategory('roadFrames')).toEqual([
      'model',
      'year',
      'colour',
      'frameSize',
      'frameSizeCm',
      'frameMaterial',
    ]);
    expect(bikeFieldsForCategory('eBikeSlashCargoBikes')).toContain('frameSizeCm');
    expect(bikeFieldsForCategory('mtbWheels')).toEqual(['model', 'wheelSize']);
    expect(bikeFieldsForCategory('jerseys')).toEqual([]);
    expect(bikeFieldsForCategory('')).toEqual([]);
  });

  it('requires the details with the shared messages, and checks only the bike fields shown', () => {
    const errors = validateDetails({});
    expect(errors.title).toBe(listingMessages.titleRequired);
    expect(errors.description).toBe(listingMessages.descriptionRequired);
    expect(errors.category).toBe(listingMessages.categoryRequired);
    expect(errors.brand).toBe(listingMessages.brandRequired);
    expect(errors.size).toBe(listingMessages.sizeRequired);
    expect(errors.condition).toBe(listingMessages.conditionRequired);
    expect(validateDetails({ category: 'jerseys', year: 'abc' }).year).toBeUndefined();
    expect(validateDetails({ category: 'roadBikes', year: 'abc' }).year).toBe(listingMessages.yearInvalid);
  });

  it('clears bike fields the category does not have', () => {
    const changes = detailsChanges({
      title: ' Jersey ',
      category: 'jerseys',
      year: '2020',
      groupset: 'Ultegra',
      brand: 'Rapha',
    });
    expect(changes).toMatchObject({ title: 'Jersey', year: '', groupset: '', brand: 'Rapha' });
    expect(detailsChanges({ category: 'roadBikes', year: '2020' }).year).toBe(2020);
  });
});

describe('the details tab: sizes (issue 21)', () => {
  it('counts the details as done without a size only where none is required', () => {
    const unsized = (category: string) => listing({}, { category, size: undefined });
    expect([...enabledTabs(tabsFor('product'), 'draft', unsized('roadWheels'))]).toContain('pricing');
    expect([...enabledTabs(tabsFor('product'), 'draft', unsized('roadBikes'))]).toEqual(['details']);
  });

  it('asks for a size only where the category has one, and checks the size in cm of a bike', () => {
    expect(validateDetails({ category: 'roadWheels' }).size).toBeUndefined();
    expect(validateDetails({ category: 'mtbBikes' }).size).toBe(listingMessages.sizeRequired);
    expect(validateDetails({ category: 'roadBikes', frameSizeCm: '5' }).frameSizeCm).toBe(
      listingMessages.frameSizeCmInvalid,
    );
    expect(validateDetails({ category: 'roadWheels', frameSizeCm: '5' }).frameSizeCm).toBeUndefined();
  });

  it('sends the size in cm as a number, and clears it where the category has none', () => {
    expect(detailsChanges({ category: 'roadBikes', frameSizeCm: ' 54,5 ' }).frameSizeCm).toBe(54.5);
    expect(detailsChanges({ category: 'roadBikes', frameSizeCm: '' }).frameSizeCm).toBe('');
    expect(detailsChanges({ category: 'roadWheels', frameSizeCm: '55' }).frameSizeCm).toBe('');
  });

  it('suggests the letter of the size in cm from the category table while the letter is empty', () => {
    expect(suggestedFrameSize('roadBikes', '55', '')).toBe('m');
    expect(suggestedFrameSize('mtbFrames', '55', '')).toBe('xl');
    expect(suggestedFrameSize('bmxBikes', '53.3', '')).toBe('l');
    expect(suggestedFrameSize('roadBikes', '55', 'l')).toBeUndefined();
    expect(suggestedFrameSize('roadBikes', '', '')).toBeUndefined();
    expect(suggestedFrameSize('roadBikes', '555', '')).toBeUndefined();
    expect(suggestedFrameSize('roadWheels', '55', '')).toBeUndefined();
  });
});

describe('the location tab', () => {
  const toronto = pickedPlace({
    name: 'Toronto',
    address: 'Toronto, Ontario, Canada',
    region: 'Ontario',
    countryCode: 'CA',
    origin: { lat: 43.7, lng: -79.4 },
  });
  const munich = pickedPlace({
    name: 'München',
    address: 'München, Bavaria, Germany',
    region: 'Bavaria',
    countryCode: 'DE',
    origin: { lat: 48.1375, lng: 11.575 },
  });

  it('takes a city of any payout country, with the region and country code the places answer gives', () => {
    expect(toronto).toEqual({
      address: 'Toronto, Ontario, Canada',
      origin: { lat: 43.7, lng: -79.4 },
      city: 'Toronto',
      region: 'Ontario',
      country: 'CA',
    });
    expect(munich).toMatchObject({ city: 'München', region: 'Bavaria', country: 'DE' });
    expect(
      pickedPlace({ name: 'Lyon', address: 'Lyon, France', countryCode: 'FR', origin: { lat: 1, lng: 2 } }),
    ).toMatchObject({ city: 'Lyon', region: '', country: 'FR' });
  });

  it('refuses a place outside the payout countries, without a country, or a whole region or country', () => {
    const at = { origin: { lat: 1, lng: 2 } };
    expect(pickedPlace({ ...at, name: 'Cairo', address: 'Cairo, Egypt', countryCode: 'EG' })).toBeUndefined();
    expect(pickedPlace({ ...at, name: 'Paris', address: 'Paris, France' })).toBeUndefined();
    expect(
      pickedPlace({ ...at, name: 'Germany', address: 'Germany', countryCode: 'DE', kind: 'country' }),
    ).toBeUndefined();
    expect(
      pickedPlace({ ...at, name: 'Bavaria', address: 'Bavaria, Germany', countryCode: 'DE', kind: 'region' }),
    ).toBeUndefined();
  });

  it('needs a picked place; the street only with pickup, at most 100 characters', () => {
    expect(validateLocationForm({}, false)).toEqual({ location: listingMessages.locationRequired });
    expect(validateLocationForm({ location: { search: 'Münch' } }, true)).toEqual({
      location: listingMessages.locationNotRecognized,
    });
    const picked = { search: munich!.address, selectedPlace: munich };
    expect(validateLocationForm({ location: picked, building: 'x'.repeat(101) }, false)).toEqual({});
    expect(validateLocationForm({ location: picked, building: 'x'.repeat(101) }, true)).toHaveProperty(
      'building',
    );
  });

  it('sends the picked place as location and geolocation, the street only while pickup is on', () => {
    const values = {
      location: { search: munich!.address, selectedPlace: munich },
      building: ' Torstraße 12 ',
    };
    expect(locationChanges(values, true)).toEqual({
      location: {
        address: 'München, Bavaria, Germany',
        building: 'Torstraße 12',
        city: 'München',
        region: 'Bavaria',
        country: 'DE',
      },
      geolocation: { lat: 48.1375, lng: 11.575 },
    });
    expect(locationChanges(values, false).location?.building).toBe('');
    expect(locationChanges({ location: { search: 'Münch' }, building: '' }, true)).toEqual({});
  });
});

describe('the delivery tab', () => {
  it('needs a method and both shipping fees', () => {
    expect(validateDeliveryForm({})).toEqual({ pickupEnabled: listingMessages.deliveryMethodNotChosen });
    expect(validateDeliveryForm({ pickupEnabled: true })).toEqual({});
    expect(
      validateDeliveryForm({
        shippingEnabled: true,
        shippingPriceOneItem: '',
        shippingPriceAdditionalItems: '-1',
      }),
    ).toEqual({
      shippingPriceOneItem: listingMessages.shippingOneItemRequired,
      shippingPriceAdditionalItems: moneyInputMessages.negative,
    });
    expect(
      validateDeliveryForm({
        pickupEnabled: true,
        shippingEnabled: true,
        shippingPriceOneItem: '12,50',
        shippingPriceAdditionalItems: '0',
      }),
    ).toEqual({});
  });

  it('sends the methods, where it ships and the fees as Money, no place', () => {
    expect(
      deliveryChanges({
        pickupEnabled: true,
        shippingEnabled: true,
        shippingPriceOneItem: '12,50',
        shippingPriceAdditionalItems: '5',
        shipsToScope: 'countries',
        shipsToCountries: ['DE', 'AT'],
      }),
    ).toEqual({
      pickupEnabled: true,
      shippingEnabled: true,
      shipsTo: { scope: 'countries', countries: ['DE', 'AT'] },
      shippingFee: {
        oneItem: { amount: 1250, currency: 'USD' },
        additionalItems: { amount: 500, currency: 'USD' },
      },
    });
  });
});

describe('where it ships (issue 24)', () => {
  it('needs a country when the seller ships to a list, and starts worldwide', () => {
    const values = {
      pickupEnabled: false,
      shippingEnabled: true,
      shippingPriceOneItem: '12',
      shippingPriceAdditionalItems: '',
      stock: 1,
    };
    expect(
      validateDeliveryForm({ ...values, shipsToScope: 'countries', shipsToCountries: [] }).shipsToCountries,
    ).toBe('Choose at least one country you ship to.');
    expect(validateDeliveryForm({ ...values, shipsToScope: 'seller-country', shipsToCountries: [] })).toEqual(
      {},
    );
    expect(deliveryInitialValues(undefined)).toMatchObject({
      shipsToScope: 'worldwide',
      shipsToCountries: [],
    });
  });
});

describe('the features tab', () => {
  it('sends the chosen features in the list order', () => {
    expect(orderedFeatures(['discBrakes', 'originalReceipt'])).toEqual(['originalReceipt', 'discBrakes']);
    expect(orderedFeatures(undefined)).toEqual([]);
  });
});

describe('the pricing tab starts empty for a new listing (issue 24)', () => {
  it('shows no "0" price or stock on a draft whose pricing was never saved', () => {
    expect(pricingInitialValues(undefined)).toEqual({ price: '', stock: '' });
    expect(pricingInitialValues(listing())).toEqual({ price: '', stock: '' });
  });

  it("shows a saved draft's and a published listing's price and stock", () => {
    expect(
      pricingInitialValues(listing({ price: { amount: 45000, currency: 'USD' }, currentStock: 2 })),
    ).toEqual({
      price: '450',
      stock: '2',
    });
    expect(pricingInitialValues(listing({ state: 'published', currentStock: 0 }))).toEqual({
      price: '0',
      stock: '0',
    });
  });
});

describe('the delivery tab asks the fee for each additional item only above stock 1 (issue 24)', () => {
  const shipping = {
    shippingEnabled: true,
    shippingPriceOneItem: '12',
    shippingPriceAdditionalItems: '',
    shipsToScope: 'worldwide' as const,
    shipsToCountries: [] as string[],
  };

  it('neither asks nor requires it with stock 1, and sends the one-item fee alone', () => {
    expect(validateDeliveryForm({ ...shipping, stock: 1 })).toEqual({});
    expect(deliveryChanges({ ...shipping, pickupEnabled: false, stock: 1 })).toEqual({
      pickupEnabled: false,
      shippingEnabled: true,
      shipsTo: { scope: 'worldwide' },
      shippingFee: { oneItem: { amount: 1200, currency: 'USD' } },
    });
  });

  it('requires it with stock 2', () => {
    expect(validateDeliveryForm({ ...shipping, stock: 2 })).toEqual({
      shippingPriceAdditionalItems: listingMessages.shippingAdditionalItemsRequired,
    });
  });
});
