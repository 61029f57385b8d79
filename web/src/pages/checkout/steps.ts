/**
 * The submit steps of a checkout (the flows in docs/design/orders.md, "Money"): which steps a
 * checkout runs, what a run records, what one checkout sends, and the calls the steps make (the page
 * passes the real ones, tests fakes). `runCheckout` (run.ts) runs them.
 */
import type {
  CreatePaypalOrderRequest,
  InitiateAnswer,
  InitiateRequest,
  OrderDataRequest,
  PaypalOrderView,
  TransitionPrivilegedRequest,
} from '../../../../shared/api/transactions';
import type { CardPaymentInput } from '../../payments/card-provider';
import type { CheckoutValues, PaymentKind } from './values';

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
  /** Reports a failed step with its §8 tag (the page passes observability's reportError). */
  reportError?(error: unknown, tag: string): void;
  now?(): number;
}
