import { type MutableRefObject, useEffect } from 'react';
import { useForm } from 'react-final-form';
import type { SavedCard } from '../../../../shared/api/payments';
import type { CardFormHandle } from '../../payments/card-provider';
import { Radio, RadioGroup } from './CheckoutFields';
import type { CheckoutLayout } from './layout';
import { PaymentSection } from './PaymentSection';
import { PaypalSection } from './PaypalSection';
import type { PaymentsSetup } from './usePaymentsSetup';
import type { CheckoutValues, PaymentKind } from './values';

/**
 * "Payment" (§5 payment form, §6 checkout): card or PayPal when PayPal can take the order, one line
 * when it cannot (an enquiry, or above its maximum), the §8 message when the total cannot be charged,
 * then the card's fields or PayPal's buttons.
 */
export function PaymentChoice({
  layout,
  paymentMethod,
  savedCard,
  payments,
  cardForm,
  busy,
  onPaypal,
}: {
  layout: CheckoutLayout;
  paymentMethod: PaymentKind;
  savedCard: SavedCard | undefined;
  payments: PaymentsSetup;
  /** Where the mounted Stripe Element is kept for confirming the payment. */
  cardForm: MutableRefObject<CardFormHandle | null>;
  /** The PayPal buttons wait (a run is going, or the order awaits its retry or is placed). */
  busy: boolean;
  onPaypal: (action: 'approve' | 'cancel') => void;
}) {
  return (
    <section className="checkout-section" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="checkout-section-title">
        Payment
      </h2>
      {layout.paypalOffered ? <PaymentMethodField /> : null}
      <CardWhenPaypalHidden offered={layout.paypalOffered} paymentMethod={paymentMethod} />
      {layout.paypalUnavailable ? (
        <p className="field-hint checkout-card-only">{layout.paypalUnavailable}</p>
      ) : null}
      {layout.chargeProblem ? (
        <p className="notice notice-error checkout-charge-problem" role="alert">
          {layout.chargeProblem}
        </p>
      ) : null}
      {paymentMethod === 'card' ? (
        <PaymentSection
          layout={layout}
          savedCard={savedCard}
          provider={payments.provider}
          cardForm={cardForm}
        />
      ) : (
        <PaypalSection mode={payments.paypalMode ?? 'simulated'} busy={busy} onPay={onPaypal} />
      )}
    </section>
  );
}

function PaymentMethodField() {
  return (
    <RadioGroup name="paymentMethod" legend="Pay with">
      <Radio name="paymentMethod" value="card">
        Card
      </Radio>
      <Radio name="paymentMethod" value="paypal">
        PayPal
      </Radio>
    </RadioGroup>
  );
}

/** When PayPal stops being offered (the total went above its maximum), the order is paid by card. */
function CardWhenPaypalHidden({ offered, paymentMethod }: { offered: boolean; paymentMethod: string }) {
  const form = useForm<CheckoutValues>();
  useEffect(() => {
    if (!offered && paymentMethod === 'paypal') form.change('paymentMethod', 'card');
  }, [offered, paymentMethod, form]);
  return null;
}
