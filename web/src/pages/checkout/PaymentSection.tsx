import { type MutableRefObject, useRef } from 'react';
import type { SavedCard } from '../../../../shared/api/payments';
import { messages } from '../../../../shared/errors/catalogue';
import { CardBrandIcon } from '../../components/CardBrandIcon';
import { CheckboxField } from '../../components/ChoiceFields';
import { AddressFields } from '../../forms/AddressFields';
import { TextField } from '../../forms/fields';
import type { CardFormHandle, CardProvider } from '../../payments/card-provider';
import { SimulatedCardFields, useMountedCardForm } from '../account/payment-methods/CardSetupForm';
import { cardExpiryLabel, cardLabel } from '../account/payment-methods/card-rules';
import { Radio } from './CheckoutFields';
import type { CheckoutLayout } from './layout';

const billingNames = {
  line1: 'addressLine1',
  line2: 'addressLine2',
  postal: 'postal',
  city: 'city',
  state: 'state',
  country: 'country',
};

/**
 * Paying by card (§5 payment form, §6 checkout): the card holder's name, the billing address (line 1,
 * postal code, city and country required; line 2 and state optional; for a shipped order "same as
 * shipping", checked at first, instead), the saved card (brand icon and
 * last four) or a new card with "save for later". A new card is typed into our simulated fields
 * (simulated provider, as on the payment-methods page) or into Stripe Elements (live, loaded lazily);
 * live mode without a publishable key says so (§8 missing publishable key).
 */
export function PaymentSection({
  layout,
  savedCard,
  provider,
  cardForm,
}: {
  layout: CheckoutLayout;
  savedCard: SavedCard | undefined;
  provider: CardProvider | null;
  /** Where the mounted Stripe Element is kept for confirming the payment. */
  cardForm: MutableRefObject<CardFormHandle | null>;
}) {
  return (
    <div className="checkout-card">
      {savedCard ? <CardChoice card={savedCard} /> : null}
      {layout.card === 'simulated' ? <NewSimulatedCard /> : null}
      {layout.card === 'elements' && provider ? (
        <CardElement provider={provider} cardForm={cardForm} />
      ) : null}
      {layout.card === 'missing-key' ? (
        <p className="notice notice-error" role="alert">
          {messages.missingPublishableKey}
        </p>
      ) : null}
      {layout.saveCardOption ? (
        <CheckboxField name="saveCard" label="Save this card as my default payment method for later" />
      ) : null}
      <TextField name="name" label="Card holder's name" autoComplete="cc-name" required />
      {layout.billingSameOption ? (
        <CheckboxField name="billingSameAsShipping" label="Billing address same as shipping" />
      ) : null}
      {layout.billingFields ? (
        <fieldset className="checkout-fieldset">
          <legend>Billing address</legend>
          <AddressFields names={billingNames} section="billing" />
        </fieldset>
      ) : null}
    </div>
  );
}

/** The saved card or a new one. */
function CardChoice({ card }: { card: SavedCard }) {
  return (
    <fieldset className="checkout-fieldset checkout-radios">
      <legend>Card</legend>
      <Radio name="cardChoice" value="saved">
        <CardBrandIcon brand={card.brand} />
        <span>
          {cardLabel(card)} <span className="field-hint">{cardExpiryLabel(card)}</span>
        </span>
      </Radio>
      <Radio name="cardChoice" value="new">
        Use a new card
      </Radio>
    </fieldset>
  );
}

/** The test card fields of the simulated provider (the payment-methods page's, docs/payments.md). */
function NewSimulatedCard() {
  return (
    <fieldset className="checkout-fieldset">
      <legend>New card</legend>
      <SimulatedCardFields rowClassName="field-row checkout-row checkout-card-row" />
    </fieldset>
  );
}

/** Stripe's card Element, mounted on first show (Stripe.js loads lazily with it). */
function CardElement({
  provider,
  cardForm,
}: {
  provider: CardProvider;
  cardForm: MutableRefObject<CardFormHandle | null>;
}) {
  const container = useRef<HTMLDivElement>(null);
  const loadError = useMountedCardForm(provider, container, cardForm);
  return (
    <fieldset className="field card-element-field checkout-fieldset">
      <legend>New card</legend>
      <div ref={container} className="card-element" />
      {loadError ? (
        <p className="field-error" role="alert">
          {loadError}
        </p>
      ) : null}
    </fieldset>
  );
}
