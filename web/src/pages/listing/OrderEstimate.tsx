import type { Listing } from '../../../../shared/api/types';
import { formatMoney } from '../../../../shared/money';
import type { OrderValues } from './order';
import { orderEstimate } from './order-estimate';

/**
 * The price of the order before "Buy now" (issue 24), in the order panel and the phone's buy
 * sheet: the buyer's lines as checkout will show them (price × quantity, shipping for that
 * quantity) and the total. Announced politely as the quantity or the delivery method changes.
 */
export function OrderEstimateLines({ listing, values }: { listing: Listing; values: OrderValues }) {
  const estimate = orderEstimate(listing, values);
  if (!estimate) return null;
  const shippingAssumed =
    estimate.deliveryMethod === 'shipping' &&
    values.deliveryMethod !== 'shipping' &&
    listing.publicData.pickupEnabled;
  return (
    <div className="order-estimate" aria-live="polite">
      <dl className="order-estimate-lines">
        {estimate.lines.map((line) => (
          <div key={line.key} className="order-estimate-line">
            <dt>
              {line.label}
              {line.detail ? <span className="order-estimate-detail"> {line.detail}</span> : null}
            </dt>
            <dd>{formatMoney(line.amount)}</dd>
          </div>
        ))}
        <div className="order-estimate-line order-estimate-total">
          <dt>Total</dt>
          <dd>{formatMoney(estimate.total)}</dd>
        </div>
      </dl>
      {shippingAssumed ? <p className="field-hint">With shipping; pickup is free.</p> : null}
    </div>
  );
}
