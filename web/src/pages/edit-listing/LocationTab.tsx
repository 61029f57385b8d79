import {
  buildingMaxLength,
  buildingValidator,
  locationValidator,
} from '../../../../shared/validation/listing';
import type { OwnListing, OwnListingChanges } from '../../api/own-listings';
import { PlaceField } from '../../components/PlaceField';
import { type PlaceFieldValue, placeFieldValueOf } from '../../components/place-location';
import { TextField } from '../../forms/fields';
import { TabForm } from './tab-form';
import type { EditListingTabProps } from './tab-props';

export interface LocationFormValues {
  location: PlaceFieldValue;
  building: string;
}

const locationFields = ['location', 'building'] as const;

/** The API's field names (meta.fields) → this form's. */
const apiFieldNames = { geolocation: 'location' };

export function locationInitialValues(listing: OwnListing | undefined): LocationFormValues {
  return {
    location: placeFieldValueOf(listing?.publicData.location, listing?.geolocation),
    building: listing?.publicData.location.building ?? '',
  };
}

/**
 * The location tab's checks (§5): a place picked from the list (locationRequired, then
 * locationNotRecognized while only typed), and, for pickup, a street and building of at most 100
 * characters (optional: a seller may agree the spot in messages).
 */
export function validateLocationForm(
  values: Partial<LocationFormValues>,
  pickupEnabled: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const locationError = locationValidator(values.location);
  if (locationError) errors.location = locationError;
  if (pickupEnabled) {
    const buildingError = buildingValidator(values.building ?? '');
    if (buildingError) errors.building = buildingError;
  }
  return errors;
}

/** The picked place as location and geolocation; the street only while pickup is on (else removed). */
export function locationChanges(values: LocationFormValues, pickupEnabled: boolean): OwnListingChanges {
  const place = values.location?.selectedPlace;
  if (!place) return {};
  return {
    location: {
      address: place.address,
      building: pickupEnabled ? (values.building ?? '').trim() : '',
      city: place.city,
      region: place.region,
      country: place.country,
    },
    geolocation: { lat: place.origin.lat, lng: place.origin.lng },
  };
}

/**
 * The location tab (§2, §5): where the item is. Every listing has a place (a city or town picked
 * from the gazetteer), so cards and search can say where it is; buyers see the city and a fuzzy
 * area of about 2 km. With pickup on, the street and building too, private until a purchase.
 */
export function LocationTab(props: EditListingTabProps) {
  const pickupEnabled = props.listing?.publicData.pickupEnabled ?? false;
  return (
    <TabForm
      tab={props}
      initialValues={locationInitialValues}
      validate={(values) => validateLocationForm(values, pickupEnabled)}
      toChanges={(values) => locationChanges(values, pickupEnabled)}
      fields={locationFields}
      rename={apiFieldNames}
    >
      <p className="form-aside">
        Buyers see the city and an area of about 2 km around it on the map, never your street.
      </p>
      <PlaceField
        name="location"
        label="City or town"
        hint="Search for the city or town where the item is, and choose it from the list."
        required
      />
      {/* The street shows while pickup is on (the delivery tab's choice). */}
      {pickupEnabled ? (
        <TextField
          name="building"
          label="Street and building for pickup (optional)"
          hint="For example: Torstraße 12, 2nd floor. Only a buyer who chose pickup sees it, after buying."
          maxLength={buildingMaxLength}
          autoComplete="street-address"
        />
      ) : null}
    </TabForm>
  );
}
