import { type ReactNode, useId } from 'react';
import { useField } from 'react-final-form';
import type { Money } from '../../../../shared/money';
import { moneyInputValidator } from '../../../../shared/validation/inputs';
import {
  buildingMaxLength,
  buildingValidator,
  validateDelivery,
} from '../../../../shared/validation/listing';
import { listingMessages } from '../../../../shared/validation/messages';
import type { OwnListing, OwnListingChanges } from '../../api/own-listings';
import { CheckboxField } from '../../components/ChoiceFields';
import { MoneyField, moneyFieldText, moneyOfText } from '../../components/MoneyField';
import { PlaceField } from '../../components/PlaceField';
import { type PlaceFieldValue, placeFieldValueOf } from '../../components/place-location';
import { TextField } from '../../forms/fields';
import { TabForm } from './tab-form';
import type { EditListingTabProps } from './tab-props';

export interface DeliveryFormValues {
  pickupEnabled: boolean;
  pickupLocation: PlaceFieldValue;
  building: string;
  shippingEnabled: boolean;
  shippingPriceOneItem: string;
  shippingPriceAdditionalItems: string;
}

const deliveryFields = [
  'pickupEnabled',
  'pickupLocation',
  'building',
  'shippingEnabled',
  'shippingPriceOneItem',
  'shippingPriceAdditionalItems',
] as const;

/** The API's field names (meta.fields) → this form's. */
const apiFieldNames = {
  location: 'pickupLocation',
  geolocation: 'pickupLocation',
  shippingFee: 'shippingPriceOneItem',
};

export function deliveryInitialValues(listing: OwnListing | undefined): DeliveryFormValues {
  const data = listing?.publicData;
  return {
    pickupEnabled: data?.pickupEnabled ?? false,
    pickupLocation: placeFieldValueOf(data?.location, listing?.geolocation ?? { lat: 0, lng: 0 }),
    building: data?.location.building ?? '',
    shippingEnabled: data?.shippingEnabled ?? false,
    shippingPriceOneItem: moneyFieldText(listing?.shippingFee?.oneItem),
    shippingPriceAdditionalItems: moneyFieldText(listing?.shippingFee?.additionalItems),
  };
}

const moneyText = moneyInputValidator();

/**
 * The delivery tab's checks (§5): at least one method; pickup needs a recognised address (picked
 * from the list); shipping needs both fees, each a valid amount (validateDelivery on the parsed
 * Money, after the money input's own rules).
 */
export function validateDeliveryForm(values: Partial<DeliveryFormValues>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.pickupEnabled && !values.shippingEnabled) {
    errors.pickupEnabled = listingMessages.deliveryMethodNotChosen;
  }
  const money = (text: string | undefined): Money | null => moneyOfText(text ?? '');
  const shared = validateDelivery({
    pickupEnabled: Boolean(values.pickupEnabled),
    shippingEnabled: Boolean(values.shippingEnabled),
    pickupLocation: values.pickupLocation,
    shippingPriceOneItem: money(values.shippingPriceOneItem),
    shippingPriceAdditionalItems: money(values.shippingPriceAdditionalItems),
  });
  for (const [key, message] of Object.entries(shared)) if (message) errors[key] = message;
  if (values.shippingEnabled) {
    for (const key of ['shippingPriceOneItem', 'shippingPriceAdditionalItems'] as const) {
      const textError = moneyText(values[key] ?? '');
      if (textError) errors[key] = textError;
    }
  }
  if (values.pickupEnabled) {
    const buildingError = buildingValidator(values.building ?? '');
    if (buildingError) errors.building = buildingError;
  }
  return errors;
}

export function deliveryChanges(values: DeliveryFormValues): OwnListingChanges {
  const changes: OwnListingChanges = {
    pickupEnabled: values.pickupEnabled,
    shippingEnabled: values.shippingEnabled,
  };
  const place = values.pickupLocation?.selectedPlace;
  if (values.pickupEnabled && place) {
    const building = (values.building ?? '').trim();
    changes.location = {
      address: place.address,
      building,
      city: place.city,
      region: place.region,
      country: place.country,
    };
    changes.geolocation = { lat: place.origin.lat, lng: place.origin.lng };
  }
  const oneItem = moneyOfText(values.shippingPriceOneItem);
  const additionalItems = moneyOfText(values.shippingPriceAdditionalItems);
  if (values.shippingEnabled && oneItem && additionalItems) {
    changes.shippingFee = { oneItem, additionalItems };
  }
  return changes;
}

/** A delivery method: its checkbox, and its fields while it is on. The no-method message is on pickup's box. */
function MethodFieldset({
  name,
  legend,
  checkboxLabel,
  children,
}: {
  name: 'pickupEnabled' | 'shippingEnabled';
  legend: string;
  checkboxLabel: string;
  children: ReactNode;
}) {
  const errorId = useId();
  const { input } = useField<boolean>(name, { type: 'checkbox', subscription: { value: true } });
  const { meta } = useField('pickupEnabled', {
    subscription: { error: true, touched: true, submitFailed: true },
  });
  const noMethod =
    name === 'pickupEnabled' && (meta.touched || meta.submitFailed)
      ? (meta.error as string | undefined)
      : undefined;
  return (
    <fieldset className="edit-listing-fieldset delivery-method">
      <legend>{legend}</legend>
      <CheckboxField
        name={name}
        label={checkboxLabel}
        invalid={Boolean(noMethod)}
        describedBy={noMethod ? errorId : undefined}
      />
      {noMethod ? (
        <p id={errorId} className="field-error">
          {noMethod}
        </p>
      ) : null}
      {input.checked ? <div className="delivery-method-fields">{children}</div> : null}
    </fieldset>
  );
}

/**
 * The delivery tab (§2, §3, §5): pickup from an address (a place picked in the search, plus the
 * building, street and unit) and shipping with the fee for one item and for each additional one.
 */
export function DeliveryTab(props: EditListingTabProps) {
  return (
    <TabForm
      tab={props}
      initialValues={deliveryInitialValues}
      validate={validateDeliveryForm}
      toChanges={deliveryChanges}
      fields={deliveryFields}
      rename={apiFieldNames}
    >
      <p className="form-aside">Offer pickup, shipping or both.</p>
      <MethodFieldset name="pickupEnabled" legend="Pickup" checkboxLabel="Buyers can pick the item up">
        <PlaceField
          name="pickupLocation"
          label="Pickup address"
          hint="Search for your city and choose it from the list. Buyers see only the area until they buy."
          required
        />
        <TextField
          name="building"
          label="Building, street and unit (optional)"
          hint="For example: 123 Main Street, unit 4. Shared with the buyer after the purchase."
          maxLength={buildingMaxLength}
          autoComplete="street-address"
        />
      </MethodFieldset>
      <MethodFieldset name="shippingEnabled" legend="Shipping" checkboxLabel="I can ship the item">
        <div className="field-row">
          <MoneyField name="shippingPriceOneItem" label="Shipping fee for one item (USD)" required />
          <MoneyField
            name="shippingPriceAdditionalItems"
            label="Shipping fee for each additional item (USD)"
            required
          />
        </div>
      </MethodFieldset>
    </TabForm>
  );
}
