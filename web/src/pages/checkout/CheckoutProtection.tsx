import { orderWindows } from '../../../../shared/config/constants';
import { pages } from '../../../../shared/pages';

const { reportProblemDays, customerCancelHours, shipWithinDays } = orderWindows;

/**
 * "How you are protected" beside the pay button: what a stranger needs to trust a payment to a
 * private seller, in the order's own windows (shared/config/constants.ts), linking the terms.
 */
export function CheckoutProtection() {
  return (
    <section className="checkout-protection" aria-labelledby="checkout-protection-title">
      <h2 id="checkout-protection-title" className="checkout-protection-title">
        How you are protected
      </h2>
      <ul>
        <li>Velo Exchange holds your payment. The seller is paid only after you have received the item.</li>
        <li>
          Something wrong with it? Report a problem within {reportProblemDays} days of delivery and the
          payment stays held until it is sorted out.
        </li>
        <li>
          You get a full refund if the order is cancelled: by you within {customerCancelHours} hours of
          paying, by the seller, or because it was not shipped within {shipWithinDays} days.
        </li>
      </ul>
      <p>
        <a href={pages.termsOfService}>Read the terms of service</a>
      </p>
    </section>
  );
}
