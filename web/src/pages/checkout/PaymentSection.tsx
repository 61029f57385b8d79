import { type MutableRefObject, type ReactNode, useEffect, useRef, useState } from 'react';
import { useField } from 'react-final-form';
import type { SavedCard } from '../../../../shared/api/payments';
import { messages } from '../../../../shared/errors/catalogue';
import { CardBrandIcon } from '../../components/CardBrandIcon';
import { CheckboxField } from '../../components/ChoiceFields';
import { TextField } from '../../forms/fields';
import type { CardFormHandle, CardProvider } from '../../payments/card-provider';
import { cardSetupErrorMessage, simulatedTestCards } from '../payments/CardSetupForm';
import { cardExpiryLabel, cardLabel } from '../payments/card-rules';
import type { CheckoutLayout } from './checkout';
import { CountryField } from './ShippingFields';

/**
 * Paying by card (§5 payment form, §6 checkout): the card holder's name, the billing address (line 1,
 * postal code, city and country required; line 2 and state optional), the saved card (brand icon and
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
      {layout.card === 'simulated' ? <SimulatedCardFields /> : null}
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
      <fieldset className="checkout-fieldset">
        <legend>Billing address</legend>
        <TextField name="addressLine1" label="Street address" autoComplete="billing address-line1" required />
        <TextField
          name="addressLine2"
          label="Apartment, suite, etc. (optional)"
          autoComplete="billing address-line2"
        />
        <div className="field-row checkout-row">
          <TextField name="postal" label="Postal code" autoComplete="billing postal-code" required />
          <TextField name="city" label="City" autoComplete="billing address-level2" required />
        </div>
        <TextField name="state" label="State (optional)" autoComplete="billing address-level1" />
        <CountryField name="country" autoComplete="billing country" />
      </fieldset>
    </div>
  );
}

function RadioOption({ name, value, children }: { name: string; value: string; children: ReactNode }) {
  const { input } = useField(name, { type: 'radio', value });
  return (
    <label className="radio-option checkout-radio">
      <input {...input} type="radio" />
      {children}
    </label>
  );
}

/** The saved card or a new one. */
function CardChoice({ card }: { card: SavedCard }) {
  return (
    <fieldset className="checkout-fieldset checkout-radios">
      <legend>Card</legend>
      <RadioOption name="cardChoice" value="saved">
        <CardBrandIcon brand={card.brand} />
        <span>
          {cardLabel(card)} <span className="field-hint">{cardExpiryLabel(card)}</span>
        </span>
      </RadioOption>
      <RadioOption name="cardChoice" value="new">
        Use a new card
      </RadioOption>
    </fieldset>
  );
}

/** The test card fields of the simulated provider (the payment-methods page's, docs/payments.md). */
function SimulatedCardFields() {
  return (
    <fieldset className="checkout-fieldset">
      <legend>New card</legend>
      <p className="field-hint">
        Test mode: no real card is used. Test cards:{' '}
        {simulatedTestCards.map((card, index) => (
          <span key={card.number}>
            {index > 0 ? '; ' : ''}
            <code>{card.number}</code> {card.outcome}
          </span>
        ))}
        . Use any future expiry date and any 3-digit CVC.
      </p>
      <TextField
        name="cardNumber"
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        required
      />
      <div className="field-row checkout-row checkout-card-row">
        <TextField
          name="expMonth"
          label="Expiry month (MM)"
          autoComplete="cc-exp-month"
          inputMode="numeric"
          maxLength={2}
          required
        />
        <TextField
          name="expYear"
          label="Expiry year (YYYY)"
          autoComplete="cc-exp-year"
          inputMode="numeric"
          maxLength={4}
          required
        />
        <TextField name="cvc" label="CVC" autoComplete="cc-csc" inputMode="numeric" maxLength={4} required />
      </div>
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
  const [loadError, setLoadError] = useState<string | undefined>();
  useEffect(() => {
    let cancelled = false;
    const target = container.current;
    if (!target) return;
    provider.mountCardForm(target).then(
      (mounted) => {
        if (cancelled) mounted.unmount();
        else cardForm.current = mounted;
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(cardSetupErrorMessage(error));
      },
    );
    return () => {
      cancelled = true;
      cardForm.current?.unmount();
      cardForm.current = null;
    };
  }, [provider, cardForm]);
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
