/**
 * Which parts of the checkout show (spec §2 CheckoutPage, §5, §8): the delivery method and quantity
 * choices, the shipping address or the pickup note, how the card is entered, and whether PayPal can
 * take this order's total (its maximum, the charge bounds of shared/config/charge-limits).
 */
import type { SavedCard } from '../../../../shared/api/payments';
import type { Listing } from '../../../../shared/api/types';
import { chargeBounds } from '../../../../shared/config/charge-limits';
import type { DeliveryMethod } from '../../../../shared/config/listing-fields';
import { messages } from '../../../../shared/errors/catalogue';
import { deliveryOptions, quantityOptions } from '../../../../shared/listings';
import { formatMoney, type Money } from '../../../../shared/money';
import { chargeBoundsRefusal } from '../../../../shared/process/charges';
import type { CardChoice, CheckoutValues } from './values';

/** How the card is entered: the saved card, our simulated fields, Stripe Elements, or not at all. */
export type CardEntry = 'saved' | 'simulated' | 'elements' | 'missing-key';

export interface CheckoutContext {
  /** Card provider mode from `/config.json` (`chooseCardProvider`): null when the key is missing. */
  cardMode: 'simulated' | 'live' | null;
  savedCard?: SavedCard | undefined;
  /** PayPal is offered (configured; the listing answer does not tell the seller's readiness). */
  paypal: boolean;
  /** Buying from an enquiry (`?transactionId=`): card only, PayPal is refused for those orders. */
  enquiry?: boolean;
  /** The server's pay-in for the order as chosen (line items), once known: PayPal has a maximum. */
  payinTotal?: Money | undefined;
}

export interface CheckoutLayout {
  /** The one enabled method, shown as text. */
  fixedDeliveryMethod?: DeliveryMethod;
  deliveryChoices: DeliveryMethod[];
  /** Stock 1: quantity fixed at 1 and hidden. */
  quantityHidden: boolean;
  quantityChoices: number[];
  shipping: boolean;
  /** A pickup: the checkout says when the buyer learns the pickup address. */
  pickup: boolean;
  card?: CardEntry;
  /** Paying by card for a shipped order: "Billing address same as shipping" is offered. */
  billingSameOption: boolean;
  /** The billing address is asked (card payment, and not the shipping address again). */
  billingFields: boolean;
  saveCardOption: boolean;
  paypalOffered: boolean;
  /** PayPal is configured but not for this order (bought from an enquiry, or over its maximum): one line. */
  paypalUnavailable?: string;
  /** The chosen way to pay cannot take this total: the §8 amount too low, or too high. */
  chargeProblem?: string;
}

/** Why an order from an enquiry has no PayPal choice (the API refuses PayPal there). */
export const enquiryCardOnly = 'Orders from an enquiry are paid by card: PayPal is not available for them.';

/** Why a total above PayPal's maximum is paid by card (shared/config/charge-limits). */
export function paypalOverMaximum(maximum: Money): string {
  return `PayPal takes at most ${formatMoney(maximum)} in one payment, so this order is paid by card.`;
}

/** PayPal's maximum for this total's currency when the total is above it. */
function paypalMaximumExceeded(payin: Money | undefined): Money | undefined {
  const bounds = payin ? chargeBounds('paypal', payin.currency) : undefined;
  return payin && bounds && payin.amount > bounds.maximumMinor
    ? { amount: bounds.maximumMinor, currency: payin.currency }
    : undefined;
}

/** The message when the chosen provider cannot take the total (what initiate would answer). */
function chargeProblemOf(payin: Money | undefined, method: 'card' | 'paypal'): string | undefined {
  if (!payin) return undefined;
  const refusal = chargeBoundsRefusal(payin, method);
  if (refusal === 'transaction-charge-zero-payin') return messages.amountTooLow;
  if (refusal === 'transaction-charge-too-high') return messages.amountTooHigh;
  return undefined;
}

export function checkoutLayout(
  listing: Pick<Listing, 'currentStock' | 'publicData'>,
  values: Pick<CheckoutValues, 'deliveryMethod' | 'paymentMethod' | 'cardChoice' | 'billingSameAsShipping'>,
  context: CheckoutContext,
): CheckoutLayout {
  const delivery = deliveryOptions(listing.publicData);
  const quantity = quantityOptions(listing.currentStock);
  const card =
    values.paymentMethod === 'card' || context.enquiry ? cardEntry(values.cardChoice, context) : undefined;
  const paypalMaximum = paypalMaximumExceeded(context.payinTotal);
  const paypalUnavailable = !context.paypal
    ? undefined
    : context.enquiry
      ? enquiryCardOnly
      : paypalMaximum
        ? paypalOverMaximum(paypalMaximum)
        : undefined;
  const chargeProblem = chargeProblemOf(
    context.payinTotal,
    values.paymentMethod === 'paypal' && !context.enquiry ? 'paypal' : 'card',
  );
  const billingSameOption = card !== undefined && values.deliveryMethod === 'shipping';
  return {
    ...(delivery.preselected ? { fixedDeliveryMethod: delivery.preselected } : {}),
    deliveryChoices: delivery.options,
    quantityHidden: quantity.fixed,
    quantityChoices: quantity.options,
    shipping: values.deliveryMethod === 'shipping',
    pickup: values.deliveryMethod === 'pickup',
    ...(card ? { card } : {}),
    billingSameOption,
    billingFields: card !== undefined && !(billingSameOption && values.billingSameAsShipping === true),
    saveCardOption: card === 'simulated' || card === 'elements',
    paypalOffered: context.paypal && !context.enquiry && !paypalMaximum,
    ...(paypalUnavailable ? { paypalUnavailable } : {}),
    ...(chargeProblem ? { chargeProblem } : {}),
  };
}

function cardEntry(choice: CardChoice, context: CheckoutContext): CardEntry {
  if (choice === 'saved' && context.savedCard) return 'saved';
  if (context.cardMode === 'simulated') return 'simulated';
  if (context.cardMode === 'live') return 'elements';
  return 'missing-key';
}
