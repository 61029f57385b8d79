import type { TransactionShow } from '../../../../shared/api/transactions';
import type { Role } from '../../../../shared/process/graph';
import { HrefLink } from '../../components/HrefLink';
import { userDisplayName } from '../../lib/users';

/**
 * `/l/{slug}/{id}/checkout?transactionId=…` (+ the order's delivery method and quantity when it has
 * them): the checkout in enquiry mode, which buys on this same transaction
 * (request-payment-after-enquiry), so the conversation stays with the order.
 */
export function enquiryCheckoutHref(tx: TransactionShow['transaction']): string {
  const search = new URLSearchParams({ transactionId: tx.id });
  if (tx.orderData.deliveryMethod) search.set('deliveryMethod', tx.orderData.deliveryMethod);
  if (tx.orderData.quantity) search.set('quantity', String(tx.orderData.quantity));
  return `/l/${encodeURIComponent(tx.listing.slug || 'no-slug')}/${encodeURIComponent(tx.listingId)}/checkout?${search}`;
}

/**
 * An enquiry's page (§2, §4 enquiry → request-payment-after-enquiry): the customer gets "Buy now"
 * (the checkout for this listing, on this transaction); the provider is told to answer in the
 * messages below. Nothing for other states.
 */
export function EnquiryActions({ show, role }: { show: TransactionShow; role: Role }) {
  const tx = show.transaction;
  if (tx.state !== 'enquiry') return null;
  if (role === 'customer') {
    return (
      <section className="tx-section tx-enquiry" aria-labelledby="enquiry-heading">
        <h2 id="enquiry-heading">Ready to buy?</h2>
        <p>
          Buy {tx.listing.title} from this enquiry: you pay by card at checkout, and your conversation with{' '}
          {userDisplayName(show.provider)} stays with the order.
        </p>
        <HrefLink className="button button-primary" href={enquiryCheckoutHref(tx)}>
          Buy now
        </HrefLink>
      </section>
    );
  }
  return (
    <section className="tx-section tx-enquiry" aria-labelledby="enquiry-heading">
      <h2 id="enquiry-heading">An enquiry about your listing</h2>
      <p>
        {userDisplayName(show.customer)} is asking about {tx.listing.title}. Answer in the messages below;
        they can buy the item from this enquiry.
      </p>
    </section>
  );
}
