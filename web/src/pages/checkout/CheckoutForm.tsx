import { type FormEvent, useMemo, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import type { CurrentUser } from '../../../../shared/api/account';
import type { Listing } from '../../../../shared/api/types';
import type { Money } from '../../../../shared/money';
import { namedShipsTo } from '../../../../shared/ships-to';
import type { fetchLineItems } from '../../api/transactions';
import { CheckoutProtection } from './CheckoutProtection';
import { CheckoutStatus, SubmitButton } from './CheckoutStatus';
import { type CheckoutContext, checkoutLayout } from './layout';
import { MessageSection } from './MessageSection';
import { OrderSection } from './OrderSection';
import { OrderSummary } from './OrderSummary';
import { PaymentChoice } from './PaymentChoice';
import { ShippingFields } from './ShippingFields';
import type { CheckoutSearch } from './search';
import type { CheckoutDeps, CheckoutRun } from './steps';
import { useCheckoutRun } from './useCheckoutRun';
import type { PaymentsSetup } from './usePaymentsSetup';
import { validateCheckout } from './validation';
import { type CheckoutValues, initialCheckoutValues, usableSavedCard } from './values';

export interface CheckoutFormProps {
  listing: Listing;
  user: CurrentUser | undefined;
  search: CheckoutSearch;
  payments: PaymentsSetup;
  /** For tests and resumed pages: a run to show (e.g. stopped at "payment made but not confirmed"). */
  initialRun?: CheckoutRun;
  /** Replaces the real calls (tests). */
  deps?: Partial<CheckoutDeps>;
  /** Replaces the line-items call (tests). */
  fetchLineItems?: typeof fetchLineItems;
}

/**
 * The checkout form (one react-final-form form): the order, the shipping address, a message to the
 * seller, the payment, the submit with its progress, and the summary with the price breakdown. The
 * run (`useCheckoutRun`) does the rest; the form stays mounted, so a failure keeps what was typed.
 */
export function CheckoutForm({
  listing,
  user,
  search,
  payments,
  initialRun,
  deps,
  fetchLineItems: lineItemsOverride,
}: CheckoutFormProps) {
  const savedCard = usableSavedCard(user);
  // The breakdown's pay-in: PayPal is hidden above its maximum.
  const [payinTotal, setPayinTotal] = useState<Money | undefined>(undefined);
  const context: CheckoutContext = {
    cardMode: payments.cardMode,
    savedCard,
    paypal: payments.paypalMode !== null,
    enquiry: Boolean(search.transactionId),
    payinTotal,
  };
  // Taken once per buyer: a change of the stored user during the run (the order's address kept as
  // the saved one, a saved card) must not reinitialise the form and lose what was typed.
  const userId = user?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the user object is read once per user id (above).
  const initialValues = useMemo(
    () => initialCheckoutValues(listing, search, user),
    [listing, search, userId],
  );
  const checkout = useCheckoutRun({
    listingId: listing.id,
    enquiryTransactionId: search.transactionId,
    payments,
    savedCard,
    initialRun,
    deps,
  });
  const formRef = useRef<HTMLFormElement>(null);

  // The first invalid field gets focus; for a radio group (its fieldset), the group's first radio.
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (invalid?.tagName === 'FIELDSET' ? invalid.querySelector<HTMLElement>('input') : invalid)?.focus();
    });

  const onSubmit = async (values: CheckoutValues) => {
    const fields = await checkout.submit(values);
    if (fields) focusFirstInvalid();
    return fields;
  };

  return (
    <Form<CheckoutValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(values) => validateCheckout(values, listing, context)}
      subscription={{ submitting: true, values: true }}
    >
      {({ handleSubmit, submitting, values, form }) => {
        const layout = checkoutLayout(listing, values, context);
        const busy = submitting || checkout.running;
        const submit = async (event: FormEvent<HTMLFormElement>) => {
          await handleSubmit(event);
          if (form.getState().hasValidationErrors) focusFirstInvalid();
        };
        const payWithPaypal = (action: 'approve' | 'cancel') => {
          checkout.answerPaypal(action, !form.getState().hasValidationErrors);
          void form.submit()?.then(() => {
            if (form.getState().hasValidationErrors) focusFirstInvalid();
          });
          if (form.getState().hasValidationErrors) {
            checkout.closePaypalWindow();
            focusFirstInvalid();
          }
        };
        return (
          <form
            ref={formRef}
            className="form checkout-form"
            noValidate
            onSubmit={submit}
            aria-labelledby="checkout-order-title"
          >
            <div className="checkout-main">
              <OrderSection listing={listing} layout={layout} />
              {layout.shipping ? <ShippingFields shipsTo={namedShipsTo(listing.publicData)} /> : null}
              <MessageSection pickup={layout.pickup} />
              <PaymentChoice
                layout={layout}
                paymentMethod={values.paymentMethod}
                savedCard={savedCard}
                payments={payments}
                cardForm={checkout.cardForm}
                busy={busy || checkout.locked}
                onPaypal={payWithPaypal}
              />
              <CheckoutStatus
                run={checkout.run}
                statusRef={checkout.statusRef}
                busy={busy}
                onRetry={checkout.retryConfirm}
              />
              {values.paymentMethod === 'card' && !checkout.locked ? (
                <SubmitButton
                  busy={busy}
                  disabled={layout.card === 'missing-key' || Boolean(layout.chargeProblem)}
                  total={payinTotal}
                />
              ) : null}
              <CheckoutProtection />
            </div>
            <OrderSummary listing={listing} fetchLineItems={lineItemsOverride} onTotal={setPayinTotal} />
          </form>
        );
      }}
    </Form>
  );
}
