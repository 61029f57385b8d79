/**
 * The checkout page's rules (spec §2 CheckoutPage, §5 product order / shipping / payment forms, §8
 * checkout messages; docs/design/orders.md, the flows in "Money", and "Web"): the starting values
 * from the order panel's `?deliveryMethod=&quantity=`, which parts of the form show, the exact
 * validation messages, and the submit steps as a small machine that a page (or a test) runs with
 * injected API calls. Nothing here touches the DOM or the network by itself.
 */
import type { CurrentUser } from '../../../../shared/api/account';
import type { SavedCard, SimulatedCardRequest } from '../../../../shared/api/payments';
import type {
  CreatePaypalOrderRequest,
  InitiateAnswer,
  InitiateRequest,
  OrderDataRequest,
  PaypalOrderView,
  TransitionPrivilegedRequest,
} from '../../../../shared/api/transactions';
import type { Listing } from '../../../../shared/api/types';
import { chargeBounds } from '../../../../shared/config/charge-limits';
import { MINUTE_MS, orderWindows } from '../../../../shared/config/constants';
import { type DeliveryMethod, deliveryMethods, isKeyOf } from '../../../../shared/config/listing-fields';
import { cardErrorMessage } from '../../../../shared/errors/card-errors';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { deliveryOptions, quantityOptions } from '../../../../shared/listings';
import { formatMoney, type Money } from '../../../../shared/money';
import { chargeBoundsRefusal } from '../../../../shared/process/charges';
import {
  type ShippingAddressValues,
  validateBillingAddress,
  validatePaymentForm,
  validateShippingAddress,
} from '../../../../shared/validation/addresses';
import { type ProductOrderMessageKey, productOrderMessages } from '../../../../shared/validation/messages';
import { checkProductOrder } from '../../../../shared/validation/orders';
import { ApiError } from '../../api/client';
import { apiFieldErrors, isNetworkError } from '../../api/errors';
import type { CardPaymentInput } from '../../payments/card-provider';
import { CardProviderError } from '../../payments/card-provider';
import {
  type CardFormValues,
  showsExpiredWarning,
  simulatedCardRequest,
  validateCardForm,
} from '../payments/card-rules';

// ---------------------------------------------------------------- Search params and values

/**
 * `?deliveryMethod=&quantity=` as the order panel's `checkoutHref` writes them, and `?transactionId=`
 * from an enquiry's "Buy now" (enquiry mode: the order is made on that transaction).
 */
export interface CheckoutSearch {
  deliveryMethod?: DeliveryMethod;
  quantity?: number;
  transactionId?: string;
}

const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The route's `validateSearch`: keeps a known delivery method, a whole quantity of 1 or more, and a
 * transaction id that looks like one.
 */
export function checkoutSearch(raw: Record<string, unknown>): CheckoutSearch {
  const method = raw.deliveryMethod;
  const quantity = Number(raw.quantity);
  const transactionId = raw.transactionId;
  return {
    ...(isKeyOf(deliveryMethods, method) ? { deliveryMethod: method } : {}),
    ...(Number.isInteger(quantity) && quantity >= 1 ? { quantity } : {}),
    ...(typeof transactionId === 'string' && TRANSACTION_ID.test(transactionId) ? { transactionId } : {}),
  };
}

export type PaymentKind = 'card' | 'paypal';
/** The saved card, or a new one. */
export type CardChoice = 'saved' | 'new';

/** Every field of the checkout form (one react-final-form form). */
export interface CheckoutValues extends Partial<ShippingAddressValues>, CardFormValues {
  deliveryMethod: string;
  quantity: string;
  message?: string;
  paymentMethod: PaymentKind;
  cardChoice: CardChoice;
  saveCard?: boolean;
  /** Card holder's name (§5 payment form). */
  name?: string;
  // Billing (payment) address.
  addressLine1?: string;
  addressLine2?: string;
  postal?: string;
  city?: string;
  state?: string;
  country?: string;
}

/** The user's saved card, when it can still pay (an expired one is not offered). */
export function usableSavedCard(user: CurrentUser | undefined, now = new Date()): SavedCard | undefined {
  const card = user?.payments?.defaultPaymentMethod;
  return card && !showsExpiredWarning(card, now) ? card : undefined;
}

/**
 * The form's first values: the delivery method and quantity of the search params when the listing
 * allows them (one enabled method is preselected; stock 1 fixes quantity 1; otherwise quantity 1),
 * the buyer's name as recipient and card holder, card payment, and the saved card when there is one.
 */
export function initialCheckoutValues(
  listing: Pick<Listing, 'currentStock' | 'publicData'>,
  search: CheckoutSearch,
  user?: CurrentUser,
  now = new Date(),
): CheckoutValues {
  const delivery = deliveryOptions(listing.publicData);
  const quantity = quantityOptions(listing.currentStock);
  const method =
    delivery.preselected ??
    (search.deliveryMethod && delivery.options.includes(search.deliveryMethod) ? search.deliveryMethod : '');
  const wanted = search.quantity ?? 1;
  const count = quantity.fixed ? 1 : Math.min(Math.max(1, wanted), Math.max(1, quantity.options.length));
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return {
    deliveryMethod: method,
    quantity: String(count),
    paymentMethod: 'card',
    cardChoice: usableSavedCard(user, now) ? 'saved' : 'new',
    saveCard: false,
    message: '',
    ...(fullName ? { name: fullName, recipientName: fullName } : {}),
    ...(user?.phoneNumber ? { recipientPhoneNumber: user.phoneNumber } : {}),
  };
}

// ---------------------------------------------------------------- What shows

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
  values: Pick<CheckoutValues, 'deliveryMethod' | 'paymentMethod' | 'cardChoice'>,
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
  return {
    ...(delivery.preselected ? { fixedDeliveryMethod: delivery.preselected } : {}),
    deliveryChoices: delivery.options,
    quantityHidden: quantity.fixed,
    quantityChoices: quantity.options,
    shipping: values.deliveryMethod === 'shipping',
    pickup: values.deliveryMethod === 'pickup',
    ...(card ? { card } : {}),
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

// ---------------------------------------------------------------- Validation

export type CheckoutErrors = Partial<Record<keyof CheckoutValues, string>>;

/** The order problem that stops the whole checkout (no field can fix it), as the spec's key. */
export type BlockingOrderKey = Exclude<
  ProductOrderMessageKey,
  'deliveryMethodRequired' | 'quantityRequired' | 'quantityTooLarge'
>;

/** Order problems no field can fix: own listing, no price, another currency, no delivery method. */
export function blockingOrderProblem(
  listing: Listing,
  viewerId: string | undefined,
): BlockingOrderKey | undefined {
  const key = checkProductOrder({
    listing: orderListing(listing),
    viewerId,
    quantity: 1,
    deliveryMethod: listing.publicData.pickupEnabled ? 'pickup' : 'shipping',
  });
  return key === 'deliveryMethodRequired' || key === 'quantityRequired' || key === 'quantityTooLarge'
    ? undefined
    : key;
}

function orderListing(listing: Listing) {
  return {
    authorId: listing.author.id,
    price: listing.price,
    currentStock: listing.currentStock,
    pickupEnabled: Boolean(listing.publicData.pickupEnabled),
    shippingEnabled: Boolean(listing.publicData.shippingEnabled),
  };
}

/**
 * The form's field messages (§5, exact texts): the product order (delivery method, quantity), the
 * shipping address when shipping, and for card payments the card holder's name, the billing address
 * and, for a new card in simulated mode, the test card fields. PayPal needs no card fields.
 */
export function validateCheckout(
  values: CheckoutValues,
  listing: Listing,
  context: CheckoutContext,
): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const key = checkProductOrder({
    listing: orderListing(listing),
    quantity: values.quantity,
    deliveryMethod: values.deliveryMethod,
  });
  if (key === 'quantityRequired' || key === 'quantityTooLarge') errors.quantity = productOrderMessages[key];
  if (key === 'deliveryMethodRequired' || (!key && !values.deliveryMethod))
    errors.deliveryMethod = productOrderMessages.deliveryMethodRequired;
  // checkProductOrder stops at the first problem; the delivery method is checked on its own too.
  if (key === 'quantityRequired' || key === 'quantityTooLarge') {
    const method = values.deliveryMethod;
    const enabled =
      (method === 'pickup' && listing.publicData.pickupEnabled) ||
      (method === 'shipping' && listing.publicData.shippingEnabled);
    if (!enabled) errors.deliveryMethod = productOrderMessages.deliveryMethodRequired;
  }
  if (values.deliveryMethod === 'shipping') Object.assign(errors, validateShippingAddress(values));
  if (values.paymentMethod === 'card' || context.enquiry) {
    Object.assign(errors, validatePaymentForm(values), validateBillingAddress(values));
    const layout = checkoutLayout(listing, values, context);
    if (layout.card === 'simulated') Object.assign(errors, validateCardForm(values));
  }
  return errors;
}

/** The order data the API takes (the quantity travels as `stockReservationQuantity`). */
export function orderDataRequest(values: CheckoutValues): OrderDataRequest {
  const method = values.deliveryMethod as DeliveryMethod;
  const trim = (value: string | undefined) => (value ?? '').trim();
  const shipping: ShippingAddressValues | undefined =
    method === 'shipping'
      ? {
          recipientName: trim(values.recipientName),
          recipientAddressLine1: trim(values.recipientAddressLine1),
          recipientCity: trim(values.recipientCity),
          recipientPostal: trim(values.recipientPostal),
          recipientCountry: trim(values.recipientCountry),
          ...(trim(values.recipientAddressLine2)
            ? { recipientAddressLine2: trim(values.recipientAddressLine2) }
            : {}),
          ...(trim(values.recipientState) ? { recipientState: trim(values.recipientState) } : {}),
          ...(trim(values.recipientPhoneNumber)
            ? { recipientPhoneNumber: trim(values.recipientPhoneNumber) }
            : {}),
        }
      : undefined;
  return {
    deliveryMethod: method,
    stockReservationQuantity: Number(values.quantity),
    ...(shipping ? { shippingDetails: shipping } : {}),
  };
}

/** The line-items request changes only with the delivery method and the quantity. */
export function lineItemsKey(values: Pick<CheckoutValues, 'deliveryMethod' | 'quantity'>): string {
  return `${values.deliveryMethod}|${values.quantity}`;
}

// ---------------------------------------------------------------- The submit steps

export type CheckoutStep =
  | 'paypal-order'
  | 'paypal-approve'
  | 'initiate'
  | 'confirm-card'
  | 'confirm-payment'
  | 'save-card'
  | 'message';

export type StepStatus = 'pending' | 'running' | 'done' | 'failed';

/** What each step shows while it runs or when it is done (announced in an aria-live list). */
export const stepLabels: Record<CheckoutStep, string> = {
  'paypal-order': 'Creating the PayPal payment',
  'paypal-approve': 'Waiting for PayPal approval',
  initiate: 'Placing the order',
  'confirm-card': 'Confirming the card payment',
  'confirm-payment': 'Confirming the order',
  'save-card': 'Saving your card',
  message: 'Sending your message to the seller',
};

/** Steps whose failure keeps the order (it has been paid and confirmed). */
const afterOrderSteps: readonly CheckoutStep[] = ['save-card', 'message'];

export interface CheckoutFailure {
  message: string;
  /** The step the "Try again" button repeats (only confirm-payment). */
  retry?: 'confirm-payment';
  /** A link to go on with (payment methods after a failed card save). */
  link?: { href: string; label: string };
  /** Messages for form fields (a 400 with `meta.fields`). */
  fields?: Partial<Record<keyof CheckoutValues, string>>;
  /** The order exists and was paid: the failure is a warning. */
  orderKept?: boolean;
}

export interface CheckoutRun {
  payment: PaymentKind;
  steps: CheckoutStep[];
  status: Partial<Record<CheckoutStep, StepStatus>>;
  transactionId?: string;
  clientSecret?: string;
  paymentIntentId?: string;
  /** The new card's payment method, when the provider tells it (saved as the default after paying). */
  newPaymentMethodId?: string;
  paypalOrder?: PaypalOrderView;
  /** When the order was initiated (ms), for the 15-minute payment window. */
  initiatedAt?: number;
  /** A failure that stopped the run. */
  failure?: CheckoutFailure;
  /** Failures of the steps after the order was made (card save, message): the order stands. */
  warnings: CheckoutFailure[];
  /** Every step is done (or failed as a warning): the order is placed. */
  completed: boolean;
}

export interface CheckoutPlan {
  payment: PaymentKind;
  saveCard: boolean;
  hasMessage: boolean;
  /** Buying from an enquiry: always the card steps (request-payment-after-enquiry is card only). */
  enquiry?: boolean;
}

/** The payment a plan makes: an order from an enquiry is paid by card. */
export function planPayment(plan: Pick<CheckoutPlan, 'payment' | 'enquiry'>): PaymentKind {
  return plan.enquiry ? 'card' : plan.payment;
}

/**
 * The steps of a checkout, in order (the flows in docs/design/orders.md, "Money"). From an enquiry,
 * `initiate` is request-payment-after-enquiry on the enquiry (no new transaction, so no PayPal
 * order first).
 */
export function planSteps(plan: CheckoutPlan): CheckoutStep[] {
  const payment: CheckoutStep[] =
    planPayment(plan) === 'card'
      ? ['initiate', 'confirm-card', 'confirm-payment', ...(plan.saveCard ? (['save-card'] as const) : [])]
      : ['paypal-order', 'paypal-approve', 'initiate', 'confirm-payment'];
  return [...payment, ...(plan.hasMessage ? (['message'] as const) : [])];
}

export function newRun(plan: CheckoutPlan): CheckoutRun {
  const steps = planSteps(plan);
  return {
    payment: planPayment(plan),
    steps,
    status: Object.fromEntries(steps.map((step) => [step, 'pending'])),
    warnings: [],
    completed: false,
  };
}

/** The card the buyer pays with (a saved card id, or a new card: typed or the mounted Element). */
export type CardInput = CardPaymentInput;

/** What one checkout sends. */
export interface CheckoutOrder {
  listingId: string;
  checkoutKey: string;
  orderData: OrderDataRequest;
  card?: { input: CardInput; save: boolean };
  message: string;
  /** The enquiry bought from (`?transactionId=`): the order is made on it, the conversation kept. */
  enquiryTransactionId?: string;
}

/** The API calls and provider calls the steps make (the page passes the real ones, tests fakes). */
export interface CheckoutDeps {
  initiateOrder(body: InitiateRequest): Promise<InitiateAnswer>;
  confirmCardPayment(
    clientSecret: string,
    paymentIntentId: string,
    input: CardInput,
  ): Promise<{ status: string; paymentMethodId?: string }>;
  transitionPrivileged(body: TransitionPrivilegedRequest): Promise<InitiateAnswer>;
  /** Saves the new card as the default (PUT /api/me/payment-method, through a setup intent if needed). */
  saveCard(input: CardInput, paymentMethodId: string | undefined): Promise<unknown>;
  sendMessage(transactionId: string, content: string): Promise<unknown>;
  createPaypalOrder(body: CreatePaypalOrderRequest): Promise<PaypalOrderView>;
  /** The buyer approves (or cancels) the PayPal order: the simulated buttons or PayPal's window. */
  approvePaypalOrder(order: PaypalOrderView): Promise<PaypalOrderView>;
  /** After the order is confirmed (the top bar's count). */
  onOrderMade?(transactionId: string): void;
  now?(): number;
}

/** The buyer canceled PayPal (no order exists). */
export class PaypalCanceled extends Error {
  override readonly name = 'PaypalCanceled';
}

/** The buyer's time to pay after initiating (the expire-payment timer). */
const paymentWindowMs = orderWindows.paymentMinutes * MINUTE_MS;

/**
 * Runs the steps not done yet, in order, reporting each change. A failed step stops the run with its
 * §8 message, except the card save and the message, which only warn (the order is kept). Running a
 * stopped run again repeats from the failed step: after "payment made but not confirmed" only
 * confirm-payment (and what follows) runs again, with the same order and the same checkout key.
 */
export async function runCheckout(
  start: CheckoutRun,
  order: CheckoutOrder,
  deps: CheckoutDeps,
  onChange: (run: CheckoutRun) => void = () => undefined,
): Promise<CheckoutRun> {
  const now = () => (deps.now ? deps.now() : Date.now());
  let run: CheckoutRun = { ...start, status: { ...start.status } };
  delete run.failure;
  const update = (patch: Partial<CheckoutRun>) => {
    run = { ...run, ...patch, status: { ...run.status, ...patch.status } };
    onChange(run);
  };
  for (const step of run.steps) {
    if (run.status[step] === 'done') continue;
    update({ status: { [step]: 'running' } });
    try {
      const patch = await runStep(step, run, order, deps);
      update({ ...patch, status: { [step]: 'done' } });
      if (step === 'confirm-payment' && run.transactionId) deps.onOrderMade?.(run.transactionId);
    } catch (error) {
      const failure = checkoutFailure(step, error, { initiatedAt: run.initiatedAt, now: now() });
      if (afterOrderSteps.includes(step)) {
        update({ status: { [step]: 'failed' }, warnings: [...run.warnings, failure] });
        continue;
      }
      update({ status: { [step]: 'failed' }, failure });
      return run;
    }
  }
  update({ completed: true });
  return run;
}

async function runStep(
  step: CheckoutStep,
  run: CheckoutRun,
  order: CheckoutOrder,
  deps: CheckoutDeps,
): Promise<Partial<CheckoutRun>> {
  switch (step) {
    case 'paypal-order':
      return {
        paypalOrder: await deps.createPaypalOrder({
          listingId: order.listingId,
          orderData: order.orderData,
          checkoutKey: order.checkoutKey,
        }),
      };
    case 'paypal-approve': {
      if (!run.paypalOrder) throw new Error('No PayPal order.');
      const approved = await deps.approvePaypalOrder(run.paypalOrder);
      if (approved.status === 'VOIDED') throw new PaypalCanceled('The PayPal payment was canceled.');
      if (approved.status !== 'APPROVED' && approved.status !== 'COMPLETED')
        throw new Error(`PayPal order ${approved.status}`);
      return { paypalOrder: approved };
    }
    case 'initiate': {
      const card = order.card;
      const answer = order.enquiryTransactionId
        ? await requestPaymentAfterEnquiry(order.enquiryTransactionId, run, order, deps)
        : await deps.initiateOrder({
            checkoutKey: order.checkoutKey,
            bodyParams: {
              transition: 'request-payment',
              params: {
                listingId: order.listingId,
                ...order.orderData,
                paymentMethod: run.payment,
                ...(card?.input.paymentMethodId ? { stripePaymentMethodId: card.input.paymentMethodId } : {}),
                ...(card?.save && !card.input.paymentMethodId ? { setupFutureUsage: true } : {}),
                ...(run.payment === 'paypal' && run.paypalOrder
                  ? { protectedData: { paypalOrderId: run.paypalOrder.id } }
                  : {}),
              },
            },
          });
      if ('speculative' in answer.transaction) throw new Error('A speculative answer.');
      return {
        transactionId: answer.transaction.id,
        ...(answer.stripePaymentIntentClientSecret
          ? { clientSecret: answer.stripePaymentIntentClientSecret }
          : {}),
        ...(answer.stripePaymentIntentId ? { paymentIntentId: answer.stripePaymentIntentId } : {}),
        initiatedAt: run.initiatedAt ?? (deps.now ? deps.now() : Date.now()),
      };
    }
    case 'confirm-card': {
      if (!order.card || !run.clientSecret)
        throw new CardProviderError({ type: 'api_error', message: 'No payment intent.' });
      const result = await deps.confirmCardPayment(
        run.clientSecret,
        run.paymentIntentId ?? '',
        order.card.input,
      );
      if (result.status !== 'requires_capture' && result.status !== 'succeeded') {
        throw new CardProviderError({
          type: 'card_error',
          code: result.status === 'requires_action' ? 'payment_intent_authentication_failure' : undefined,
          message: `Payment ${result.status}`,
        });
      }
      return result.paymentMethodId ? { newPaymentMethodId: result.paymentMethodId } : {};
    }
    case 'confirm-payment':
      if (!run.transactionId) throw new Error('No order.');
      await deps.transitionPrivileged({
        transactionId: run.transactionId,
        transition: 'confirm-payment',
        ...(run.paypalOrder ? { params: { protectedData: { paypalOrderId: run.paypalOrder.id } } } : {}),
      });
      return {};
    case 'save-card':
      if (!order.card) return {};
      await deps.saveCard(order.card.input, run.newPaymentMethodId);
      return {};
    case 'message':
      if (!run.transactionId || !order.message.trim()) return {};
      await deps.sendMessage(run.transactionId, order.message.trim());
      return {};
  }
}

/**
 * request-payment-after-enquiry on the enquiry (card only): the order data and the card's choices
 * as initiate sends them. Asked again (a retry), the API answers the order it made the first time.
 */
async function requestPaymentAfterEnquiry(
  transactionId: string,
  run: CheckoutRun,
  order: CheckoutOrder,
  deps: CheckoutDeps,
): Promise<InitiateAnswer> {
  if (run.payment !== 'card') throw new Error('Orders from an enquiry are paid by card.');
  const card = order.card;
  const answer = await deps.transitionPrivileged({
    transactionId,
    transition: 'request-payment-after-enquiry',
    params: {
      ...order.orderData,
      paymentMethod: 'card',
      ...(card?.input.paymentMethodId ? { stripePaymentMethodId: card.input.paymentMethodId } : {}),
      ...(card?.save && !card.input.paymentMethodId ? { setupFutureUsage: true } : {}),
    },
  });
  if (!('speculative' in answer.transaction) && answer.transaction.id !== transactionId)
    throw new Error('The order was not made on the enquiry.');
  return answer;
}

// ---------------------------------------------------------------- Errors → §8 messages

const fieldAliases: Record<string, keyof CheckoutValues> = {
  stockReservationQuantity: 'quantity',
  quantity: 'quantity',
  deliveryMethod: 'deliveryMethod',
};

/** `meta.fields` of a 400 as the form's field names (`shippingDetails.recipientCity` → recipientCity). */
export function checkoutFieldErrors(error: unknown): CheckoutFailure['fields'] {
  const fields: Partial<Record<keyof CheckoutValues, string>> = {};
  for (const [name, message] of Object.entries(apiFieldErrors(error))) {
    const last = name.split('.').pop() ?? name;
    const field =
      fieldAliases[last] ?? (last.startsWith('recipient') ? (last as keyof CheckoutValues) : undefined);
    if (field) fields[field] = message;
  }
  return Object.keys(fields).length ? fields : undefined;
}

const paymentMethodsLink = { href: '/account/payment-methods', label: 'Go to payment methods' };

function meta(error: unknown): Record<string, unknown> {
  return error instanceof ApiError ? (error.firstError?.meta ?? {}) : {};
}

function isPaypalCancel(error: unknown): boolean {
  if (error instanceof PaypalCanceled) return true;
  if (!(error instanceof ApiError)) return false;
  const m = meta(error);
  const said = `${m.paypalIssue ?? ''} ${m.paypalStatus ?? ''}`;
  return error.firstError?.title === messages.paypalPaymentCanceled || /CANCEL|VOID/i.test(said);
}

function isPaypalError(error: unknown): boolean {
  const m = meta(error);
  return 'paypalIssue' in m || 'paypalStatus' in m || 'paypalMessage' in m;
}

/**
 * The §8 message of a failed step. Codes: not enough stock, listing unavailable, no payout details,
 * stock out of sync, amount too low (a zero pay-in, or Stripe's "Amount must be at least …"),
 * payment method authentication failed (`payment_intent_authentication_failure`), PayPal canceled or
 * error, the 15-minute window closed, field errors. After the card was charged, a failed
 * confirm-payment is "payment made but not confirmed" with a retry; a failed card save or message
 * keeps the order.
 */
export function checkoutFailure(
  step: CheckoutStep,
  error: unknown,
  context: { initiatedAt?: number | undefined; now?: number } = {},
): CheckoutFailure {
  if (step === 'save-card')
    return { message: messages.saveDefaultPaymentMethodFailed, link: paymentMethodsLink, orderKept: true };
  if (step === 'message') return { message: messages.initialMessageFailed, orderKept: true };

  if (error instanceof PaypalCanceled) return { message: messages.paypalPaymentCanceled };
  if (error instanceof CardProviderError) {
    if (error.code === 'payment_intent_authentication_failure')
      return { message: messages.paymentMethodAuthenticationFailed };
    if (error.type === 'card_error' || error.type === 'validation_error') {
      const text = cardErrorMessage(error);
      return { message: text };
    }
    return { message: messages.couldNotHandlePaymentData };
  }

  const code = error instanceof ApiError ? error.code : undefined;
  const expired =
    (error instanceof ApiError && error.firstError?.title === messages.paymentExpired) ||
    (context.initiatedAt !== undefined &&
      context.now !== undefined &&
      context.now - context.initiatedAt >= paymentWindowMs);

  switch (code) {
    case 'transaction-listing-insufficient-stock':
      return { message: messages.notEnoughStock };
    case 'transaction-listing-not-found':
      return { message: messages.listingUnavailable };
    case 'transaction-missing-stripe-account':
      return { message: messages.providerLacksPayoutInfo };
    case 'old-total-mismatch':
      return { message: messages.stockOutOfSync };
    case 'transaction-charge-zero-payin':
      return { message: messages.amountTooLow };
    case 'transaction-charge-too-high':
      return { message: messages.amountTooHigh };
    case 'transaction-charge-zero-payout':
      return { message: apiErrors['transaction-charge-zero-payout'].title };
    case 'forbidden':
      if (step === 'initiate' || step === 'paypal-order') return { message: productOrderMessages.ownListing };
      break;
    case 'validation-invalid-params': {
      const fields = checkoutFieldErrors(error);
      if (fields) return { message: 'Please check the highlighted fields.', fields };
      break;
    }
    case 'transaction-payment-failed': {
      const m = meta(error);
      if (typeof m.stripeMessage === 'string' && m.stripeMessage.includes('Amount must be at least'))
        return { message: messages.amountTooLow };
      if (m.stripeCode === 'payment_intent_authentication_failure')
        return { message: messages.paymentMethodAuthenticationFailed };
      if (isPaypalCancel(error)) return { message: messages.paypalPaymentCanceled };
      if (isPaypalError(error) || step.startsWith('paypal')) return { message: messages.paypalPaymentError };
      if (step === 'confirm-payment') return notConfirmed(expired);
      return { message: apiErrors['transaction-payment-failed'].title };
    }
    case 'transaction-invalid-transition':
      if (expired) return { message: messages.paymentExpired };
      break;
  }
  if (step === 'confirm-payment') return notConfirmed(expired);
  if (step === 'paypal-order' || step === 'paypal-approve') {
    return { message: isPaypalCancel(error) ? messages.paypalPaymentCanceled : messages.paypalPaymentError };
  }
  if (step === 'confirm-card') return { message: messages.couldNotHandlePaymentData };
  if (isNetworkError(error)) return { message: messages.topbarNetworkError };
  return { message: messages.somethingWentWrong };
}

function notConfirmed(expired: boolean): CheckoutFailure {
  return expired
    ? { message: messages.paymentExpired }
    : { message: messages.paymentNotConfirmed, retry: 'confirm-payment' };
}

/** The breakdown's failure: a known order problem's message, else "failed to fetch breakdown". */
export function lineItemsFailure(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case 'transaction-listing-insufficient-stock':
      return messages.notEnoughStock;
    case 'transaction-listing-not-found':
      return messages.listingUnavailable;
    case 'transaction-charge-zero-payin':
      return messages.amountTooLow;
    case 'transaction-charge-too-high':
      return messages.amountTooHigh;
    case 'old-total-mismatch':
      return messages.stockOutOfSync;
    default:
      return messages.breakdownFailed;
  }
}

/** A card from the simulated fields, for the provider. */
export function typedCard(values: CheckoutValues): SimulatedCardRequest {
  return simulatedCardRequest(values);
}
