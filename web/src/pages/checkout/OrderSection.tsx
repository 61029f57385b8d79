import { useId } from 'react';
import { useField } from 'react-final-form';
import type { Listing } from '../../../../shared/api/types';
import { deliveryMethods } from '../../../../shared/config/listing-fields';
import { fieldMessage } from '../../forms/AddressFields';
import { Radio, RadioGroup } from './CheckoutFields';
import type { CheckoutLayout } from './layout';

/**
 * "Your order" (§5 product order form): the delivery method (one enabled method as text), the quantity
 * (hidden at stock 1), and for a pickup when the buyer learns the pickup address.
 */
export function OrderSection({ listing, layout }: { listing: Listing; layout: CheckoutLayout }) {
  return (
    <section className="checkout-section" aria-labelledby="checkout-order-title">
      <h2 id="checkout-order-title" className="checkout-section-title">
        Your order
      </h2>
      <DeliveryField layout={layout} />
      <QuantityField layout={layout} stock={listing.currentStock} />
      {layout.pickup ? (
        <p className="field-hint checkout-pickup-note">
          You collect it from the seller
          {listing.publicData.location.city ? ` in ${listing.publicData.location.city}` : ''}. The exact
          pickup address is on your order page and in your confirmation e-mail as soon as you have paid.
        </p>
      ) : null}
    </section>
  );
}

function DeliveryField({ layout }: { layout: CheckoutLayout }) {
  if (layout.fixedDeliveryMethod) {
    return (
      <p className="checkout-fixed">
        <span className="checkout-fixed-label">Delivery method:</span>{' '}
        {deliveryMethods[layout.fixedDeliveryMethod]}
      </p>
    );
  }
  return (
    <RadioGroup name="deliveryMethod" legend="Delivery method">
      {layout.deliveryChoices.map((method) => (
        <Radio key={method} name="deliveryMethod" value={method}>
          {deliveryMethods[method]}
        </Radio>
      ))}
    </RadioGroup>
  );
}

function QuantityField({ layout, stock }: { layout: CheckoutLayout; stock: number }) {
  const id = useId();
  const { input, meta } = useField<string>('quantity');
  if (layout.quantityHidden) return null;
  const message = fieldMessage(meta);
  return (
    <div className="field checkout-quantity">
      <label htmlFor={id}>Quantity</label>
      <select
        {...input}
        id={id}
        value={input.value ?? ''}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : `${id}-hint`}
      >
        {layout.quantityChoices.map((n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
      {message ? (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field-hint">
          {stock} available
        </p>
      )}
    </div>
  );
}
