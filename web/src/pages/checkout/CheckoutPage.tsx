import { getRouteApi, Link } from '@tanstack/react-router';
import { messages } from '../../../../shared/errors/catalogue';
import { listingPath, pages } from '../../../../shared/pages';
import { useCurrentUser } from '../../auth/store';
import { LoadFrame } from '../../components/LoadFrame';
import { usePageHead } from '../../lib/head';
import { useLoaded } from '../../lib/useLoaded';
import { CheckoutForm, type CheckoutFormProps } from './CheckoutForm';
import { usePaymentsSetup } from './usePaymentsSetup';
import { checkoutBlock } from './validation';
import '../../forms/forms.css';
import '../account/payments/payments.css';
import './checkout-page.css';

/**
 * The checkout (§2 CheckoutPage [auth], §6; docs/design/orders.md, "Money" and "Web"): the order
 * (delivery method and quantity from the order panel's search params), the shipping address, the
 * server's price breakdown, a message to the seller, and payment by card or PayPal. Sending runs
 * the checkout's steps (`useCheckoutRun`) with visible progress; every failure keeps what was typed.
 */

/** The search is typed by the route's `validateSearch` (`checkoutSearch`, search.ts). */
const checkoutRoute = getRouteApi('/signed-in/l/$slug/$id/checkout');

export function CheckoutPage() {
  const { listing } = checkoutRoute.useLoaderData();
  const search = checkoutRoute.useSearch();
  const user = useCurrentUser();
  const loaded = useLoaded(listing);
  const payments = usePaymentsSetup();
  usePageHead({ title: loaded?.ok ? `Checkout: ${loaded.value.title}` : 'Checkout', noindex: true });
  return (
    <LoadFrame
      loaded={payments.loaded ? loaded : undefined}
      className="page page-narrow checkout-page"
      heading={loaded ? 'Checkout' : undefined}
      loadingLabel="Loading checkout…"
      notFound={<CheckoutListingMissing />}
    >
      {(value) => (
        <CheckoutContent listing={value} user={user ?? undefined} search={search} payments={payments} />
      )}
    </LoadFrame>
  );
}

function CheckoutListingMissing() {
  return (
    <div className="page page-narrow checkout-page">
      <h1>Checkout</h1>
      <p className="notice notice-error" role="alert">
        {messages.listingUnavailable}
      </p>
      <p>
        <Link to={pages.landing}>Go to the home page</Link>
      </p>
    </div>
  );
}

/** The page's content is the form's, unless the listing cannot be bought here. */
export type CheckoutContentProps = CheckoutFormProps;

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
