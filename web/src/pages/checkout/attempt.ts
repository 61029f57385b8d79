/**
 * One press of "Confirm and pay" (or a PayPal button) as what the run sends: the order from the form's
 * values, and the run to start. A stopped run of the same order goes on from its failed step with
 * the same checkout key (the API answers a repeated key with the order it made); an order changed
 * after it was made, or a PayPal attempt that ended before an order existed, gets a new key.
 */
import type { SavedCard } from '../../../../shared/api/payments';
import type { CardFormHandle } from '../../payments/card-provider';
import { type CardInput, type CheckoutOrder, type CheckoutRun, newRun, planSteps } from './steps';
import { billingDetailsOf, type CheckoutValues, orderDataRequest, typedCard } from './values';

/** The card the buyer pays with: the saved card, the typed test card, or the mounted Element. */
export function cardInput(
  values: CheckoutValues,
  savedCard: SavedCard | undefined,
  element: CardFormHandle | null,
): CardInput {
  const billingDetails = billingDetailsOf(values);
  if (values.cardChoice === 'saved' && savedCard) return { paymentMethodId: savedCard.stripePaymentMethodId };
  if (element) return { cardForm: element, ...(billingDetails ? { billingDetails } : {}) };
  return { card: typedCard(values), ...(billingDetails ? { billingDetails } : {}) };
}

/** What identifies the order a run made: a change after initiate needs a new order (a new key). */
const fingerprint = (order: Omit<CheckoutOrder, 'checkoutKey'>) =>
  JSON.stringify([order.orderData, order.card?.input.paymentMethodId ?? null, order.card?.save ?? null]);

export interface AttemptContext {
  listingId: string;
  /** The enquiry bought from (`?transactionId=`): paid by card, the order made on it. */
  enquiryTransactionId: string | undefined;
  savedCard: SavedCard | undefined;
  /** The mounted Stripe Element (live card entry), if any. */
  cardElement: CardFormHandle | null;
  /** The run the page shows, and the order it ran with. */
  run: CheckoutRun | undefined;
  lastOrder: CheckoutOrder | undefined;
  /** The visit's current checkout key, and how to make a new one. */
  checkoutKey: string;
  newKey: () => string;
}

export interface Attempt {
  order: CheckoutOrder;
  start: CheckoutRun;
}

export function nextAttempt(values: CheckoutValues, context: AttemptContext): Attempt {
  const { run, lastOrder, enquiryTransactionId } = context;
  const enquiry = Boolean(enquiryTransactionId);
  const payment = enquiry ? 'card' : values.paymentMethod;
  const card: CheckoutOrder['card'] =
    payment === 'card'
      ? {
          input: cardInput(values, context.savedCard, context.cardElement),
          save: Boolean(values.saveCard) && values.cardChoice !== 'saved',
        }
      : undefined;
  const draft: Omit<CheckoutOrder, 'checkoutKey'> = {
    listingId: context.listingId,
    orderData: orderDataRequest(values),
    ...(card ? { card } : {}),
    message: (values.message ?? '').trim(),
    ...(enquiryTransactionId ? { enquiryTransactionId } : {}),
  };
  const plan = {
    payment,
    saveCard: Boolean(card?.save),
    hasMessage: Boolean(draft.message),
    enquiry,
  };
  const previous = run && !run.completed ? run : undefined;
  const sameOrder =
    previous !== undefined &&
    previous.payment === payment &&
    lastOrder !== undefined &&
    fingerprint(draft) === fingerprint(lastOrder) &&
    // A PayPal attempt that ended before the order existed: PayPal orders are made once per key.
    !(payment === 'paypal' && !previous.transactionId);
  const ordered =
    previous?.transactionId !== undefined || (previous?.payment === 'paypal' && previous.failure);
  const checkoutKey = !sameOrder && ordered ? context.newKey() : context.checkoutKey;
  const steps = planSteps(plan);
  const start: CheckoutRun =
    sameOrder && previous
      ? {
          ...previous,
          steps,
          status: Object.fromEntries(
            steps.map((step) => [step, previous.status[step] === 'done' ? 'done' : 'pending']),
          ),
        }
      : newRun(plan);
  return { order: { ...draft, checkoutKey }, start };
}
