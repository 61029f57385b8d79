import { type ReactNode, useId } from 'react';
import { useField } from 'react-final-form';
import type { Money } from '../../../../shared/money';
import { moneyInputValidator } from '../../../../shared/validation/inputs';
import {
  asksAdditionalItemsFee,
  deliveryMethodError,
  validateDelivery,
} from '../../../../shared/validation/listing';
import type { OwnListing, OwnListingChanges } from '../../api/own-listings';
import { CheckboxField } from '../../components/ChoiceFields';
import { MoneyField, moneyFieldText, moneyOfText } from '../../components/MoneyField';
import {
  ShipsToFields,
  type ShipsToValues,
  shipsToInitialValues,
  shipsToOf,
  validateShipsTo,
} from './ShipsToFields';
import { TabForm } from './tab-form';
import type { EditListingTabProps } from './tab-props';

export interface DeliveryFormValues extends ShipsToValues {
  pickupEnabled: boolean;
  shippingEnabled: boolean;
  shippingPriceOneItem: string;
  shippingPriceAdditionalItems: string;
  /** Not a field: the listing's stock (the fee for each additional item is asked only above 1). */
  stock?: number;
}

const deliveryFields = [
  'pickupEnabled',
  'shippingEnabled',
  'shippingPriceOneItem',
  'shippingPriceAdditionalItems',
  'shipsToScope',
  'shipsToCountries',
] as const;

/** The API's field names (meta.fields) → this form's. */
const apiFieldNames = { shippingFee: 'shippingPriceOneItem', shipsTo: 'shipsToScope' };

export function deliveryInitialValues(listing: OwnListing | undefined): DeliveryFormValues {
  const data = listing?.publicData;
  return {
    pickupEnabled: data?.pickupEnabled ?? false,
    shippingEnabled: data?.shippingEnabled ?? false,
    shippingPriceOneItem: moneyFieldText(listing?.shippingFee?.oneItem),
    shippingPriceAdditionalItems: moneyFieldText(listing?.shippingFee?.additionalItems),
    ...shipsToInitialValues(data?.shipsTo),
    ...(listing ? { stock: listing.currentStock } : {}),
  };
}

const moneyText = moneyInputValidator();

/** The fee fields the form asks: the one for each additional item only above stock 1. */
const feeFields = (stock: number | undefined) =>
  asksAdditionalItemsFee(stock)
    ? (['shippingPriceOneItem', 'shippingPriceAdditionalItems'] as const)
    : (['shippingPriceOneItem'] as const);

/**
 * The delivery tab's checks (§5): at least one method; shipping needs both fees, each a valid
 * amount (validateDelivery on the parsed Money, after the money input's own rules). Where the item
 * is, pickup street included, is the location tab's.
 */
export function validateDeliveryForm(values: Partial<DeliveryFormValues>): Record<string, string> {
  const errors: Record<string, string> = {};
  const method = deliveryMethodError(values);
  if (method) errors.pickupEnabled = method;
  const money = (text: string | undefined): Money | null => moneyOfText(text ?? '');
  const shared = validateDelivery({
    pickupEnabled: Boolean(values.pickupEnabled),
    shippingEnabled: Boolean(values.shippingEnabled),
    shippingPriceOneItem: money(values.shippingPriceOneItem),
    shippingPriceAdditionalItems: asksAdditionalItemsFee(values.stock)
      ? money(values.shippingPriceAdditionalItems)
      : null,
    ...(values.stock === undefined ? {} : { stock: values.stock }),
  });
  for (const [key, message] of Object.entries(shared)) if (message) errors[key] = message;
  if (values.shippingEnabled) {
    Object.assign(errors, validateShipsTo(values));
    for (const key of feeFields(values.stock)) {
      const textError = moneyText(values[key] ?? '');
      if (textError) errors[key] = textError;
    }
  }
  return errors;
}

export function deliveryChanges(values: DeliveryFormValues): OwnListingChanges {
  const changes: OwnListingChanges = {
    pickupEnabled: values.pickupEnabled,
    shippingEnabled: values.shippingEnabled,
  };
  if (values.shippingEnabled) changes.shipsTo = shipsToOf(values);
  const oneItem = moneyOfText(values.shippingPriceOneItem);
  if (!values.shippingEnabled || !oneItem) return changes;
  if (!asksAdditionalItemsFee(values.stock)) {
    // Not asked: the API stores the one-item fee for it (shippingFeeToStore).
    changes.shippingFee = { oneItem };
    return changes;
  }
  const additionalItems = moneyOfText(values.shippingPriceAdditionalItems);
  if (additionalItems) changes.shippingFee = { oneItem, additionalItems };
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
 * The delivery tab (§2, §3, §5): pickup, and shipping with the fee for one item and for each
 * additional one, and where it ships (issue 24). The pickup place is the location tab's (next).
 */
export function DeliveryTab(props: EditListingTabProps) {
  const asksAdditional = asksAdditionalItemsFee(props.listing?.currentStock);
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
        <p className="form-aside">You give the pickup street on the location tab, next.</p>
      </MethodFieldset>
      <MethodFieldset name="shippingEnabled" legend="Shipping" checkboxLabel="I can ship the item">
        <div className="field-row">
          <MoneyField name="shippingPriceOneItem" label="Shipping fee for one item (USD)" required />
          {asksAdditional ? (
            <MoneyField
              name="shippingPriceAdditionalItems"
              label="Shipping fee for each additional item (USD)"
              required
            />
          ) : null}
        </div>
        <ShipsToFields sellerCountry={props.listing?.publicData.location?.country || undefined} />
      </MethodFieldset>
    </TabForm>
  );
}
