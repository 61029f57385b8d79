import { type MutableRefObject, type RefObject, useEffect, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import type { SavedCard } from '../../../../../shared/api/payments';
import { cardErrorMessage, genericCardErrorMessage } from '../../../../../shared/errors/card-errors';
import { messages } from '../../../../../shared/errors/catalogue';
import { FORM_ERROR } from '../../../api/errors';
import { createSetupIntent, savePaymentMethod } from '../../../api/payment-methods';
import { FormElement, FormError, SubmitButton, TextField } from '../../../forms/fields';
import { reportError } from '../../../observability/errors';
import {
  type CardFormHandle,
  type CardProvider,
  CardProviderError,
  normaliseProviderError,
} from '../../../payments/card-provider';
import { type CardFormValues, simulatedCardRequest, validateCardForm } from './card-rules';

/**
 * Card setup (§4 "Card setup": request, success, error): a setup intent, the card confirmed with
 * the card provider's browser client (web/src/payments/card-provider.ts: our simulated form, or
 * Stripe Elements when keys are set), then the payment method saved as the default. Errors are the
 * spec's card provider messages (shared/errors/card-errors.ts); the form keeps what was typed.
 */

/** The documented test cards of the simulated provider (docs/payments.md). */
export const simulatedTestCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0025 0000 3155', outcome: 'needs authentication' },
  { number: '4000 0000 0000 0069', outcome: 'is expired' },
] as const;

/**
 * The simulated provider's card fields (docs/payments.md): the test cards hint, the number, the
 * expiry and the CVC. Shared by the payment-methods card form and the checkout.
 */
export function SimulatedCardFields({ rowClassName }: { rowClassName: string }) {
  return (
    <>
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
      <div className={rowClassName}>
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
    </>
  );
}

/**
 * Mounts the provider's card form (Stripe Elements, loaded lazily) in `container` and keeps it in
 * `handle` until unmount; answers the spec's message when it could not be loaded.
 */
export function useMountedCardForm(
  provider: CardProvider,
  container: RefObject<HTMLDivElement | null>,
  handle: MutableRefObject<CardFormHandle | null>,
): string | undefined {
  const [loadError, setLoadError] = useState<string | undefined>();
  useEffect(() => {
    let cancelled = false;
    const target = container.current;
    if (!target) return;
    provider.mountCardForm(target).then(
      (mounted) => {
        if (cancelled) mounted.unmount();
        else handle.current = mounted;
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(cardSetupErrorMessage(error));
      },
    );
    return () => {
      cancelled = true;
      handle.current?.unmount();
      handle.current = null;
    };
  }, [provider, container, handle]);
  return loadError;
}

/** The spec's message for a failed card setup. */
export function cardSetupErrorMessage(error: unknown): string {
  if (error instanceof CardProviderError) return cardErrorMessage(error);
  return genericCardErrorMessage;
}

async function setUpCard(provider: CardProvider, input: Parameters<CardProvider['confirmCardSetup']>[1]) {
  let intent: Awaited<ReturnType<typeof createSetupIntent>>;
  try {
    intent = await createSetupIntent();
  } catch (error) {
    throw normaliseProviderError(error);
  }
  const { paymentMethodId } = await provider.confirmCardSetup(intent.clientSecret, input);
  // The simulated authentication card answers `requires_action` without a payment method.
  if (!paymentMethodId)
    throw new CardProviderError({
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      message: 'The card needs authentication.',
    });
  return savePaymentMethod({ stripePaymentMethodId: paymentMethodId });
}

/** §8: card setup errors are stored (the form), logged and reported when unexpected. */
function failure(error: unknown) {
  const providerError = error instanceof CardProviderError;
  if (!providerError || (error.type !== 'card_error' && error.type !== 'validation_error'))
    reportError(error, 'card-setup-failed');
  return { [FORM_ERROR]: cardSetupErrorMessage(error) };
}

function SimulatedCardForm({
  provider,
  submitLabel,
  onSaved,
}: {
  provider: CardProvider;
  submitLabel: string;
  onSaved: (card: SavedCard) => void;
}) {
  const onSubmit = async (values: CardFormValues) => {
    try {
      onSaved(await setUpCard(provider, { card: simulatedCardRequest(values) }));
      return undefined;
    } catch (error) {
      return failure(error);
    }
  };
  return (
    <Form<CardFormValues> onSubmit={onSubmit} validate={validateCardForm}>
      {({ handleSubmit, submitting, submitError }) => (
        <FormElement onSubmit={handleSubmit} className="form card-form" aria-labelledby="card-form-title">
          <h2 id="card-form-title">Card details</h2>
          <SimulatedCardFields rowClassName="card-form-row" />
          <TextField
            name="postalCode"
            label="Postal code (optional)"
            autoComplete="postal-code"
            maxLength={16}
          />
          <FormError error={submitError} />
          <SubmitButton
            inProgress={submitting}
            progressLabel="Saving card…"
            className="button button-primary"
          >
            {submitLabel}
          </SubmitButton>
        </FormElement>
      )}
    </Form>
  );
}

function LiveCardForm({
  provider,
  submitLabel,
  onSaved,
}: {
  provider: CardProvider;
  submitLabel: string;
  onSaved: (card: SavedCard) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<CardFormHandle | null>(null);
  const loadError = useMountedCardForm(provider, container, handle);
  const onSubmit = async () => {
    const cardForm = handle.current;
    if (!cardForm) return { [FORM_ERROR]: cardErrorMessage({ type: 'api_connection_error' }) };
    try {
      onSaved(await setUpCard(provider, { cardForm }));
      return undefined;
    } catch (error) {
      return failure(error);
    }
  };
  return (
    <Form onSubmit={onSubmit}>
      {({ handleSubmit, submitting, submitError }) => (
        <FormElement onSubmit={handleSubmit} className="form card-form" aria-labelledby="card-form-title">
          <h2 id="card-form-title">Card details</h2>
          <fieldset className="field card-element-field">
            <legend>Card</legend>
            <div ref={container} className="card-element" />
          </fieldset>
          <FormError error={loadError ?? submitError} />
          <SubmitButton
            inProgress={submitting}
            progressLabel="Saving card…"
            className="button button-primary"
          >
            {submitLabel}
          </SubmitButton>
        </FormElement>
      )}
    </Form>
  );
}

/** The card form for the deployment's provider; `provider` null: the publishable key is missing. */
export function CardSetupForm({
  provider,
  submitLabel,
  onSaved,
}: {
  provider: CardProvider | null;
  submitLabel: string;
  onSaved: (card: SavedCard) => void;
}) {
  if (!provider)
    return (
      <p className="notice notice-error" role="alert">
        {messages.missingPublishableKey.replace('purchasing the listing', 'saving a card')}
      </p>
    );
  if (provider.mode === 'live')
    return <LiveCardForm provider={provider} submitLabel={submitLabel} onSaved={onSaved} />;
  return <SimulatedCardForm provider={provider} submitLabel={submitLabel} onSaved={onSaved} />;
}
