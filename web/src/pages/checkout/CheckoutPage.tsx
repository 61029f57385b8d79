import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import {
  type FormEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Form, useField, useForm, useFormState } from 'react-final-form';
import type { CurrentUser } from '../../../../shared/api/account';
import type { SavedCard } from '../../../../shared/api/payments';
import type { LineItemsAnswer } from '../../../../shared/api/transactions';
import type { Listing } from '../../../../shared/api/types';
import { deliveryMethods } from '../../../../shared/config/listing-fields';
import { messages } from '../../../../shared/errors/catalogue';
import { formatMoney, type Money } from '../../../../shared/money';
import type { Role } from '../../../../shared/process/graph';
import { productOrderMessages } from '../../../../shared/validation/messages';
import { checkProductOrder } from '../../../../shared/validation/orders';
import { createSetupIntent, savePaymentMethod } from '../../api/payment-methods';
import {
  createPaypalOrder,
  fetchLineItems,
  initiateOrder,
  sendMessage,
  transitionPrivileged,
} from '../../api/transactions';
import { loadRuntimeConfig } from '../../auth/runtime-config';
import { useCurrentUser } from '../../auth/store';
import { Spinner } from '../../components/Loading';
import { RetryNotice } from '../../components/RetryNotice';
import { TextAreaField } from '../../forms/fields';
import { usePageHead } from '../../lib/head';
import { useLoaded } from '../../lib/useLoaded';
import { reportError } from '../../observability/errors';
import {
  type CardFormHandle,
  type CardProvider,
  CardProviderError,
  chooseCardProvider,
  getCardProvider,
} from '../../payments/card-provider';
import { updateStoredPayments } from '../../payments/stored-payments';
import { refreshNotificationsAtom } from '../../state/notifications';
import { Breakdown } from '../transaction/Breakdown';
import { fieldMessage, Radio } from './CheckoutFields';
import { lineItemsFailure } from './failures';
import { type CheckoutContext, checkoutLayout } from './layout';
import { PaymentSection } from './PaymentSection';
import {
  answerSimulatedPaypalOrder,
  approveInPaypalWindow,
  openPaypalWindow,
  PaypalSection,
} from './PaypalSection';
import { runCheckout } from './run';
import { ShippingFields } from './ShippingFields';
import type { CheckoutSearch } from './search';
import {
  type CardInput,
  type CheckoutDeps,
  type CheckoutOrder,
  type CheckoutRun,
  newRun,
  planSteps,
  type StepStatus,
  stepLabels,
} from './steps';
import { blockingOrderProblem, validateCheckout } from './validation';
import {
  type CheckoutValues,
  initialCheckoutValues,
  orderDataRequest,
  typedCard,
  usableSavedCard,
} from './values';
import '../../forms/forms.css';
import '../payments/payments.css';
import './checkout-page.css';
import { newIdempotencyKey } from '../../lib/idempotency-key';

/**
 * The checkout (§2 CheckoutPage [auth], §6; docs/design/orders.md, "Money" and "Web"): the order
 * (delivery method and quantity from the order panel's search params), the shipping address, the
 * server's price breakdown, a message to the seller, and payment by card or PayPal. Sending runs
 * the checkout's steps (run.ts) with visible progress; every failure keeps what was typed.
 */

const checkoutRoute = getRouteApi('/signed-in/l/$slug/$id/checkout');

/** How payments are set up in this deployment (`/config.json`). */
export interface PaymentsSetup {
  loaded: boolean;
  /** The card provider's browser client; null: live mode without a publishable key. */
  provider: CardProvider | null;
  cardMode: 'simulated' | 'live' | null;
  /** PayPal's mode, or null when PayPal is not configured. */
  paypalMode: 'simulated' | 'live' | null;
}

function usePaymentsSetup(): PaymentsSetup {
  const [setup, setSetup] = useState<PaymentsSetup>({
    loaded: false,
    provider: null,
    cardMode: null,
    paypalMode: null,
  });
  useEffect(() => {
    let active = true;
    Promise.all([getCardProvider(), loadRuntimeConfig()]).then(
      ([provider, config]) => {
        const choice = chooseCardProvider(config.payments);
        if (active)
          setSetup({
            loaded: true,
            provider,
            cardMode: choice.ok ? choice.mode : null,
            paypalMode: config.payments?.paypal?.mode ?? null,
          });
      },
      (error: unknown) => {
        reportError(error, 'checkout-payments-config-failed');
        if (active) setSetup({ loaded: true, provider: null, cardMode: null, paypalMode: null });
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return setup;
}

export function CheckoutPage() {
  const { listing } = checkoutRoute.useLoaderData();
  const search = checkoutRoute.useSearch();
  const user = useCurrentUser();
  const loaded = useLoaded(listing);
  const payments = usePaymentsSetup();
  usePageHead({ title: loaded?.ok ? `Checkout: ${loaded.value.title}` : 'Checkout', noindex: true });
  if (!loaded || !payments.loaded) {
    return (
      <div className="page checkout-page" aria-busy="true">
        <Spinner label="Loading checkout…" />
      </div>
    );
  }
  if (!loaded.ok) {
    return (
      <div className="page page-narrow checkout-page">
        <h1>Checkout</h1>
        {loaded.error.isNotFound ? (
          <p className="notice notice-error" role="alert">
            {messages.listingUnavailable}
          </p>
        ) : (
          <RetryNotice message={messages.somethingWentWrong} />
        )}
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    );
  }
  return (
    <CheckoutContent listing={loaded.value} user={user ?? undefined} search={search} payments={payments} />
  );
}

/** Why this listing cannot be bought here (no form), or undefined. */
export function checkoutBlock(listing: Listing, viewerId: string | undefined): string | undefined {
  if (listing.state !== 'published') return messages.listingUnavailable;
  if (viewerId && viewerId === listing.author.id) return productOrderMessages.ownListing;
  if (listing.currentStock <= 0) return messages.notEnoughStock;
  const key = blockingOrderProblem(listing, viewerId);
  return key ? productOrderMessages[key] : undefined;
}

const listingPath = (listing: Listing) => `/l/${listing.slug}/${listing.id}`;

/** Stores the new default card in the signed-in user (the payment-methods page does the same). */
const storeSavedCard = (card: SavedCard) =>
  updateStoredPayments((payments) => ({ ...payments, defaultPaymentMethod: card }));

/** The real API and provider calls of the steps. */
function checkoutDeps(
  provider: CardProvider | null,
  paypal: { mode: 'simulated' | 'live' | null; action: 'approve' | 'cancel'; popup: Window | null },
  onOrderMade: () => void,
): CheckoutDeps {
  const needProvider = () => {
    if (!provider)
      throw new CardProviderError({ type: 'api_error', message: messages.missingPublishableKey });
    return provider;
  };
  return {
    initiateOrder: (body) => initiateOrder(body),
    transitionPrivileged: (body) => transitionPrivileged(body),
    confirmCardPayment: (secret, intentId, input) => needProvider().confirmPayment(secret, intentId, input),
    saveCard: async (input, paymentMethodId) => {
      let id = paymentMethodId;
      if (!id) {
        const intent = await createSetupIntent();
        id = (
          await needProvider().confirmCardSetup(intent.clientSecret, {
            ...(input.card ? { card: input.card } : {}),
            ...(input.cardForm ? { cardForm: input.cardForm } : {}),
            ...(input.billingDetails ? { billingDetails: input.billingDetails } : {}),
          })
        ).paymentMethodId;
      }
      storeSavedCard(await savePaymentMethod({ stripePaymentMethodId: id }));
    },
    sendMessage: (id, content) => sendMessage(id, content),
    createPaypalOrder: (body) => createPaypalOrder(body),
    approvePaypalOrder: (order) =>
      paypal.mode === 'simulated'
        ? answerSimulatedPaypalOrder(order.id, paypal.action)
        : approveInPaypalWindow(order, paypal.popup),
    onOrderMade,
  };
}

/** What identifies the order a run made: a change after initiate needs a new order (a new key). */
const fingerprint = (order: CheckoutOrder) =>
  JSON.stringify([order.orderData, order.card?.input.paymentMethodId ?? null, order.card?.save ?? null]);

export interface CheckoutContentProps {
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

export function CheckoutContent(props: CheckoutContentProps) {
  const { listing, user } = props;
  const block = checkoutBlock(listing, user?.id);
  return (
    <div className="page checkout-page">
      <nav className="checkout-back">
        <a href={listingPath(listing)}>← Back to the listing</a>
      </nav>
      <h1 className="checkout-title">Checkout</h1>
      {block ? (
        <div className="checkout-blocked">
          <p className="notice notice-error" role="alert">
            {block}
          </p>
          <p>
            <a href={listingPath(listing)}>{listing.title}</a>
          </p>
        </div>
      ) : (
        <CheckoutForm {...props} />
      )}
    </div>
  );
}

function CheckoutForm({
  listing,
  user,
  search,
  payments,
  initialRun,
  deps: testDeps,
  fetchLineItems: lineItemsOverride,
}: CheckoutContentProps) {
  const navigate = useNavigate();
  const router = useRouter();
  const refreshNotifications = useSetAtom(refreshNotificationsAtom);
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
  const initialValues = useMemo(() => initialCheckoutValues(listing, search, user), [listing, search, user]);
  // One checkout key per visit, kept so retries reuse it; a new order (changed after initiate, or a
  // PayPal attempt that ended before an order existed) gets a new one.
  const [checkoutKey, setCheckoutKey] = useState(newIdempotencyKey);
  const [run, setRun] = useState<CheckoutRun | undefined>(initialRun);
  const lastOrder = useRef<{ order: CheckoutOrder; key: string } | undefined>(undefined);
  const paypalAction = useRef<{ action: 'approve' | 'cancel'; popup: Window | null }>({
    action: 'approve',
    popup: null,
  });
  const cardForm = useRef<CardFormHandle | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [running, setRunning] = useState(false);

  // The first invalid field gets focus; for a radio group (its fieldset), the group's first radio.
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      (invalid?.tagName === 'FIELDSET' ? invalid.querySelector<HTMLElement>('input') : invalid)?.focus();
    });

  const depsFor = (): CheckoutDeps => ({
    ...checkoutDeps(
      payments.provider,
      { mode: payments.paypalMode, ...paypalAction.current },
      refreshNotifications,
    ),
    ...testDeps,
  });

  const finish = (done: CheckoutRun) => {
    if (done.completed && done.transactionId && done.warnings.length === 0) {
      const arrived = navigate({ to: '/order/$id/details', params: { id: done.transactionId } });
      // From an enquiry the order page may be cached from before (state enquiry): load it again.
      if (context.enquiry) void arrived.then(() => router.invalidate());
      return;
    }
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  const execute = async (start: CheckoutRun, order: CheckoutOrder) => {
    setRunning(true);
    try {
      const done = await runCheckout(start, order, depsFor(), setRun);
      finish(done);
      return done;
    } finally {
      setRunning(false);
    }
  };

  const onSubmit = async (values: CheckoutValues) => {
    const payment = context.enquiry ? 'card' : values.paymentMethod;
    const card: CheckoutOrder['card'] =
      payment === 'card'
        ? {
            input: cardInput(values, savedCard, cardForm.current),
            save: Boolean(values.saveCard) && values.cardChoice !== 'saved',
          }
        : undefined;
    const draft: Omit<CheckoutOrder, 'checkoutKey'> = {
      listingId: listing.id,
      orderData: orderDataRequest(values),
      ...(card ? { card } : {}),
      message: (values.message ?? '').trim(),
      ...(search.transactionId ? { enquiryTransactionId: search.transactionId } : {}),
    };
    const plan = {
      payment,
      saveCard: Boolean(card?.save),
      hasMessage: Boolean(draft.message),
      enquiry: Boolean(context.enquiry),
    };
    const previous = run && !run.completed ? run : undefined;
    const sameOrder =
      previous !== undefined &&
      previous.payment === payment &&
      lastOrder.current !== undefined &&
      fingerprint({ ...draft, checkoutKey }) === fingerprint(lastOrder.current.order) &&
      // A PayPal attempt that ended before the order existed: PayPal orders are made once per key.
      !(payment === 'paypal' && !previous.transactionId);
    const ordered =
      previous?.transactionId !== undefined || (previous?.payment === 'paypal' && previous.failure);
    let key = checkoutKey;
    if (!sameOrder && ordered) {
      key = newIdempotencyKey();
      setCheckoutKey(key);
    }
    const order: CheckoutOrder = { ...draft, checkoutKey: key };
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
    lastOrder.current = { order, key };
    const done = await execute(start, order);
    if (done.failure?.fields) {
      focusFirstInvalid();
      return done.failure.fields;
    }
    return undefined;
  };

  const retryConfirm = async () => {
    if (!run || !lastOrder.current) return;
    await execute(run, lastOrder.current.order);
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
        const busy = submitting || running;
        const locked = Boolean(run?.failure?.retry) || Boolean(run?.completed);
        const submit = async (event: FormEvent<HTMLFormElement>) => {
          await handleSubmit(event);
          if (form.getState().hasValidationErrors) focusFirstInvalid();
        };
        const payWithPaypal = (action: 'approve' | 'cancel') => {
          paypalAction.current = {
            action,
            popup:
              payments.paypalMode === 'live' && !form.getState().hasValidationErrors
                ? openPaypalWindow()
                : null,
          };
          void form.submit()?.then(() => {
            if (form.getState().hasValidationErrors) focusFirstInvalid();
          });
          if (form.getState().hasValidationErrors) {
            paypalAction.current.popup?.close();
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
              <section className="checkout-section" aria-labelledby="checkout-order-title">
                <h2 id="checkout-order-title" className="checkout-section-title">
                  Your order
                </h2>
                <DeliveryField layout={layout} />
                <QuantityField layout={layout} stock={listing.currentStock} />
                {layout.pickup ? (
                  <p className="field-hint checkout-pickup-note">
                    You collect it from the seller
                    {listing.publicData.location.city ? ` in ${listing.publicData.location.city}` : ''}. The
                    exact pickup address is on your order page and in your confirmation e-mail as soon as you
                    have paid.
                  </p>
                ) : null}
              </section>
              {layout.shipping ? <ShippingFields /> : null}
              <section className="checkout-section" aria-labelledby="checkout-message-title">
                <h2 id="checkout-message-title" className="checkout-section-title">
                  Message to the seller
                </h2>
                <TextAreaField
                  name="message"
                  label="Message (optional)"
                  hint={
                    layout.pickup
                      ? 'Say hello, or suggest a time to collect it. The seller sees it with your order.'
                      : 'Say hello, or ask the seller anything. They see it with your order.'
                  }
                  rows={4}
                />
              </section>
              <section className="checkout-section" aria-labelledby="checkout-payment-title">
                <h2 id="checkout-payment-title" className="checkout-section-title">
                  Payment
                </h2>
                {layout.paypalOffered ? <PaymentMethodField /> : null}
                <CardWhenPaypalHidden offered={layout.paypalOffered} paymentMethod={values.paymentMethod} />
                {layout.paypalUnavailable ? (
                  <p className="field-hint checkout-card-only">{layout.paypalUnavailable}</p>
                ) : null}
                {layout.chargeProblem ? (
                  <p className="notice notice-error checkout-charge-problem" role="alert">
                    {layout.chargeProblem}
                  </p>
                ) : null}
                {values.paymentMethod === 'card' ? (
                  <PaymentSection
                    layout={layout}
                    savedCard={savedCard}
                    provider={payments.provider}
                    cardForm={cardForm}
                  />
                ) : (
                  <PaypalSection
                    mode={payments.paypalMode ?? 'simulated'}
                    busy={busy || locked}
                    onPay={payWithPaypal}
                  />
                )}
              </section>
              <CheckoutStatus run={run} statusRef={statusRef} busy={busy} onRetry={retryConfirm} />
              {values.paymentMethod === 'card' && !locked ? (
                <button
                  type="submit"
                  className="button button-primary button-block checkout-submit"
                  disabled={busy || layout.card === 'missing-key' || Boolean(layout.chargeProblem)}
                  aria-busy={busy}
                >
                  {busy ? (
                    <>
                      <span className="button-spinner" aria-hidden="true" />
                      Processing payment…
                    </>
                  ) : (
                    'Confirm and pay'
                  )}
                </button>
              ) : null}
            </div>
            <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
              <h2 id="checkout-summary-title" className="checkout-section-title">
                {listing.title}
              </h2>
              <p className="checkout-summary-meta">
                {formatMoney(listing.price)} each · sold by {listing.author.displayName}
              </p>
              <PriceBreakdown listing={listing} override={lineItemsOverride} onTotal={setPayinTotal} />
            </aside>
          </form>
        );
      }}
    </Form>
  );
}

/** The card the buyer pays with: the saved card, the typed test card, or the mounted Element. */
function cardInput(
  values: CheckoutValues,
  savedCard: SavedCard | undefined,
  element: CardFormHandle | null,
): CardInput {
  const billingDetails = values.name?.trim() ? { name: values.name.trim() } : undefined;
  if (values.cardChoice === 'saved' && savedCard) return { paymentMethodId: savedCard.stripePaymentMethodId };
  if (element) return { cardForm: element, ...(billingDetails ? { billingDetails } : {}) };
  return { card: typedCard(values), ...(billingDetails ? { billingDetails } : {}) };
}

/** A radio group in a fieldset; its message is linked to the group. */
function RadioGroup({ name, legend, children }: { name: string; legend: string; children: ReactNode }) {
  const id = useId();
  const { meta } = useField(name, {
    subscription: { touched: true, error: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const message = fieldMessage(meta);
  return (
    <fieldset
      className="checkout-fieldset checkout-radios"
      aria-describedby={message ? `${id}-error` : undefined}
      aria-invalid={message ? true : undefined}
    >
      <legend>{legend}</legend>
      {children}
      {message ? (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

function DeliveryField({ layout }: { layout: ReturnType<typeof checkoutLayout> }) {
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

function QuantityField({ layout, stock }: { layout: ReturnType<typeof checkoutLayout>; stock: number }) {
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

type LineItemsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; answer: LineItemsAnswer }
  | { status: 'failed'; message: string };

/** The server's price of the order (`POST /api/transaction-line-items`), again when method or quantity change. */
/** When PayPal stops being offered (the total went above its maximum), the order is paid by card. */
function CardWhenPaypalHidden({ offered, paymentMethod }: { offered: boolean; paymentMethod: string }) {
  const form = useForm<CheckoutValues>();
  useEffect(() => {
    if (!offered && paymentMethod === 'paypal') form.change('paymentMethod', 'card');
  }, [offered, paymentMethod, form]);
  return null;
}

function PriceBreakdown({
  listing,
  override,
  onTotal,
}: {
  listing: Listing;
  override?: typeof fetchLineItems | undefined;
  /** Told the pay-in once priced, and undefined while there is none. */
  onTotal?: (payin: Money | undefined) => void;
}) {
  const { values } = useFormState<CheckoutValues>({ subscription: { values: true } });
  const valid = !checkProductOrder({
    listing: {
      authorId: listing.author.id,
      price: listing.price,
      currentStock: listing.currentStock,
      pickupEnabled: Boolean(listing.publicData.pickupEnabled),
      shippingEnabled: Boolean(listing.publicData.shippingEnabled),
    },
    quantity: values.quantity,
    deliveryMethod: values.deliveryMethod,
  });
  const method = values.deliveryMethod;
  const quantity = Number(values.quantity);
  const [state, setState] = useState<LineItemsState>(valid ? { status: 'loading' } : { status: 'idle' });
  const payin = state.status === 'ok' ? state.answer.payinTotal : undefined;
  useEffect(() => {
    onTotal?.(payin);
  }, [payin, onTotal]);
  useEffect(() => {
    if (!valid) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    const fetcher = override ?? fetchLineItems;
    fetcher(
      {
        listingId: listing.id,
        orderData: { deliveryMethod: method as 'pickup' | 'shipping', stockReservationQuantity: quantity },
      },
      { signal: controller.signal },
    ).then(
      (answer) => {
        if (!controller.signal.aborted) setState({ status: 'ok', answer });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error, 'checkout-line-items-failed');
        setState({ status: 'failed', message: lineItemsFailure(error) });
      },
    );
    return () => controller.abort();
  }, [valid, method, quantity, listing.id, override]);

  if (state.status === 'idle') {
    return <p className="field-hint">Choose the delivery method and quantity to see the price.</p>;
  }
  if (state.status === 'loading') return <Spinner label="Loading the price breakdown…" />;
  if (state.status === 'failed') {
    return (
      <div className="notice notice-error" role="alert">
        <p>{state.message}</p>
        {state.message === messages.breakdownFailed ? <p>{messages.fetchLineItemsError}</p> : null}
      </div>
    );
  }
  return (
    <Breakdown
      role={buyerRole}
      state="pending-payment"
      lineItems={state.answer.lineItems}
      payinTotal={state.answer.payinTotal}
      payoutTotal={state.answer.payoutTotal}
      headingId="checkout-breakdown-title"
    />
  );
}

/** The checkout shows the buyer's lines (`lineItemsFor('customer')`) and total. */
const buyerRole: Role = 'customer';

const statusText: Record<StepStatus, string> = {
  pending: 'waiting',
  running: 'in progress…',
  done: 'done',
  failed: 'failed',
};

/** The steps' progress (announced), the failure with its retry or link, and the warnings after the order. */
export function CheckoutStatus({
  run,
  statusRef,
  busy,
  onRetry,
}: {
  run: CheckoutRun | undefined;
  statusRef?: RefObject<HTMLDivElement | null>;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="checkout-status" ref={statusRef} tabIndex={-1}>
      <div aria-live="polite" className="checkout-progress">
        {run ? (
          <ol className="checkout-steps">
            {run.steps.map((step) => {
              const status = run.status[step] ?? 'pending';
              return (
                <li key={step} className={`checkout-step checkout-step-${status}`}>
                  {stepLabels[step]}: <span className="checkout-step-status">{statusText[status]}</span>
                </li>
              );
            })}
          </ol>
        ) : null}
      </div>
      {run?.failure ? (
        <div className="notice notice-error" role="alert">
          <p>{run.failure.message}</p>
          {run.failure.retry ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={onRetry}
            >
              {busy ? 'Trying again…' : 'Try again'}
            </button>
          ) : null}
        </div>
      ) : null}
      {run?.completed ? (
        <div className={run.warnings.length ? 'notice notice-warning' : 'notice'} role="status">
          <p>Your order has been placed.</p>
          {run.warnings.map((warning) => (
            <p key={warning.message}>
              {warning.message} {warning.link ? <a href={warning.link.href}>{warning.link.label}</a> : null}
            </p>
          ))}
          {run.transactionId ? (
            <p>
              <Link
                to="/order/$id/details"
                params={{ id: run.transactionId }}
                className="button button-primary"
              >
                View your order
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
