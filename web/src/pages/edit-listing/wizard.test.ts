import { describe, expect, it } from 'vitest';
import type { OwnListing } from '../../../../shared/api/types';
import { NEW_LISTING_ID } from '../../../../shared/listings';
import { listingMessages, moneyInputMessages } from '../../../../shared/validation/messages';
import { pickedPlace } from '../../components/place-location';
import { deliveryChanges, validateDeliveryForm } from './DeliveryTab';
import { detailsChanges, validateDetails } from './DetailsTab';
import { orderedFeatures } from './FeaturesTab';
import {
  bikeFieldsForCategory,
  editListingTabPath,
  enabledTabs,
  isEditListingType,
  nextTab,
  submitLabel,
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
    geolocation: { lat: 0, lng: 0 },
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
      location: { address: '', city: '', region: '', country: 'US' },
      ...publicData,
    },
  } satisfies OwnListing;
}

const product = tabsFor('product');

describe('the wizard tabs', () => {
  it('lists the product tabs in order, without location and availability', () => {
    expect(product).toEqual(['details', 'pricing', 'delivery', 'features', 'policies', 'photos']);
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
      'features',
    ]);
    expect([...enabledTabs(product, 'draft', delivered, new Set(['features']))]).toContain('policies');
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
      'frameMaterial',
    ]);
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

describe('the delivery tab', () => {
  const toronto = pickedPlace({
    name: 'Toronto',
    address: 'Toronto, Ontario, Canada',
    origin: { lat: 43.7, lng: -79.4 },
  });

  it('reads city, region and country from a picked place', () => {
    expect(toronto).toEqual({
      address: 'Toronto, Ontario, Canada',
      origin: { lat: 43.7, lng: -79.4 },
      city: 'Toronto',
      region: 'Ontario',
      country: 'CA',
    });
    expect(
      pickedPlace({
        name: 'Portland',
        address: 'Portland, Oregon, United States',
        origin: { lat: 1, lng: 2 },
      })?.country,
    ).toBe('US');
    expect(
      pickedPlace({ name: 'Paris', address: 'Paris, France', origin: { lat: 1, lng: 2 } }),
    ).toBeUndefined();
  });

  it('prefers the region and country code the places answer gives', () => {
    expect(
      pickedPlace({
        name: 'Québec',
        address: 'Québec, Quebec, Canada',
        region: 'Quebec',
        countryCode: 'CA',
        origin: { lat: 46.8, lng: -71.2 },
      }),
    ).toMatchObject({ city: 'Québec', region: 'Quebec', country: 'CA' });
    expect(
      pickedPlace({ name: 'Lyon', address: 'Lyon, France', countryCode: 'FR', origin: { lat: 1, lng: 2 } }),
    ).toBeUndefined();
  });

  it('needs a method, a picked pickup address and both shipping fees', () => {
    expect(validateDeliveryForm({})).toEqual({ pickupEnabled: listingMessages.deliveryMethodNotChosen });
    expect(validateDeliveryForm({ pickupEnabled: true, pickupLocation: { search: '' } })).toEqual({
      pickupLocation: listingMessages.pickupAddressRequired,
    });
    expect(validateDeliveryForm({ pickupEnabled: true, pickupLocation: { search: 'Toro' } })).toEqual({
      pickupLocation: listingMessages.addressNotRecognized,
    });
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
        pickupLocation: { search: toronto!.address, selectedPlace: toronto },
        shippingEnabled: true,
        shippingPriceOneItem: '12,50',
        shippingPriceAdditionalItems: '0',
      }),
    ).toEqual({});
  });

  it('sends the picked place as location and geolocation, the fees as Money', () => {
    expect(
      deliveryChanges({
        pickupEnabled: true,
        pickupLocation: { search: toronto!.address, selectedPlace: toronto },
        building: ' 12 King St, unit 3 ',
        shippingEnabled: true,
        shippingPriceOneItem: '12,50',
        shippingPriceAdditionalItems: '5',
      }),
    ).toEqual({
      pickupEnabled: true,
      shippingEnabled: true,
      location: {
        address: 'Toronto, Ontario, Canada',
        building: '12 King St, unit 3',
        city: 'Toronto',
        region: 'Ontario',
        country: 'CA',
      },
      geolocation: { lat: 43.7, lng: -79.4 },
      shippingFee: {
        oneItem: { amount: 1250, currency: 'USD' },
        additionalItems: { amount: 500, currency: 'USD' },
      },
    });
  });
});

describe('the features tab', () => {
  it('sends the chosen features in the list order', () => {
    expect(orderedFeatures(['discBrakes', 'originalReceipt'])).toEqual(['originalReceipt', 'discBrakes']);
    expect(orderedFeatures(undefined)).toEqual([]);
  });
});
