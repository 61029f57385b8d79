import { useEffect, useState } from 'react';
import { useFormState } from 'react-final-form';
import type { LineItemsAnswer } from '../../../../shared/api/transactions';
import type { Listing } from '../../../../shared/api/types';
import { messages } from '../../../../shared/errors/catalogue';
import { formatMoney, type Money } from '../../../../shared/money';
import type { Role } from '../../../../shared/process/graph';
import { checkProductOrder } from '../../../../shared/validation/orders';
import { fetchLineItems } from '../../api/transactions';
import { CardImage } from '../../components/ListingCard';
import { Spinner } from '../../components/Loading';
import { reportError } from '../../observability/errors';
import { Breakdown } from '../transaction/Breakdown';
import { lineItemsFailure } from './failures';
import { orderListing } from './validation';
import type { CheckoutValues } from './values';

/**
 * The summary beside the form (above it on a phone, so the photo, title and total come first): the
 * listing, its price and seller, and the order's price breakdown.
 */
export function OrderSummary({
  listing,
  fetchLineItems: override,
  onTotal,
}: {
  listing: Listing;
  /** Replaces the line-items call (tests). */
  fetchLineItems?: typeof fetchLineItems | undefined;
  /** Told the pay-in once priced, and undefined while there is none. */
  onTotal: (payin: Money | undefined) => void;
}) {
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <div className="checkout-summary-item">
        <span className="checkout-summary-photo">
          <CardImage image={listing.images[0]} alt="" imageSizes="80px" priority />
        </span>
        <div>
          <h2 id="checkout-summary-title" className="checkout-section-title">
            {listing.title}
          </h2>
          <p className="checkout-summary-meta">
            {formatMoney(listing.price)} each · sold by {listing.author.displayName}
          </p>
        </div>
      </div>
      <PriceBreakdown listing={listing} override={override} onTotal={onTotal} />
    </aside>
  );
}

type LineItemsState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; answer: LineItemsAnswer }
  | { status: 'failed'; message: string };

/** The server's price of the order (`POST /api/transaction-line-items`), again when method or quantity change. */
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
    listing: orderListing(listing),
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
        // §8's tag for the speculated transaction: the line items are its price.
        reportError(error, 'speculate-transaction-failed');
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
