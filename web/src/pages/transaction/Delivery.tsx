import type { TransactionView } from '../../../../shared/api/transactions';
import { carrierLabel, trackingUrl } from '../../../../shared/config/carriers';
import type { Role } from '../../../../shared/process/graph';
import {
  pickupLocationLines,
  pickupMapsUrl,
  shippingAddressLines,
  shippingPhone,
} from '../../../../shared/text/addresses';
import { CopyButton } from '../../components/CopyButton';
import { deliverySection } from './view';

/** Lines of an address, one per line, in an `<address>`; the phone apart. */
function AddressLines({ lines, phone }: { lines: readonly string[]; phone?: string | undefined }) {
  return (
    <address className="tx-address">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is the key
        <span key={index} className="tx-address-line">
          {line}
        </span>
      ))}
      {phone ? <span className="tx-address-line">Phone: {phone}</span> : null}
    </address>
  );
}

/**
 * Where the order goes: the seller's "Ship to" (from the purchase until the order ends),
 * the buyer's "Shipping to", and for a pickup the place to collect it (the buyer sees it once paid),
 * each with a copy button; a pickup also opens in a maps site. `deliverySection` decides which.
 */
export function Delivery({ transaction: tx, role }: { transaction: TransactionView; role: Role }) {
  const section = deliverySection(tx, role);
  if (!section) return null;
  if (section.kind === 'pickup-pending') {
    return (
      <section className="tx-section tx-delivery" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">Pickup</h2>
        <p>The seller's pickup address is shown here once your payment is confirmed.</p>
      </section>
    );
  }
  if (section.kind === 'pickup') {
    const lines = pickupLocationLines(section.place);
    return (
      <section className="tx-section tx-delivery" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">{section.heading}</h2>
        <AddressLines lines={lines} />
        <div className="tx-delivery-actions">
          <CopyButton text={lines.join('\n')} label="Copy address" />
          <a
            className="button button-secondary button-small"
            href={pickupMapsUrl(section.place)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Open in maps<span className="visually-hidden"> (opens a new tab)</span>
          </a>
        </div>
      </section>
    );
  }
  const lines = shippingAddressLines(section.address);
  const phone = shippingPhone(section.address);
  return (
    <section className="tx-section tx-delivery" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">{section.heading}</h2>
      <AddressLines lines={lines} phone={phone} />
      {section.copy ? (
        <div className="tx-delivery-actions">
          <CopyButton text={[...lines, ...(phone ? [phone] : [])].join('\n')} label="Copy address" />
        </div>
      ) : null}
    </section>
  );
}

/** The carrier and the tracking number, linked to the carrier's tracking page when it has one. */
export function Tracking({ transaction: tx }: { transaction: TransactionView }) {
  const number = tx.protectedData.trackingNumber;
  if (!number) return null;
  const carrier = carrierLabel(tx.protectedData.carrier);
  const url = trackingUrl(tx.protectedData.carrier, number, tx.protectedData.shippingDetails);
  return (
    <p className="tx-detail">
      {carrier ? `${carrier} tracking number: ` : 'Tracking number: '}
      {url ? (
        <a className="tx-tracking" href={url} target="_blank" rel="noopener noreferrer">
          {number}
          <span className="visually-hidden"> (opens the carrier's tracking page in a new tab)</span>
        </a>
      ) : (
        <span className="tx-tracking">{number}</span>
      )}
    </p>
  );
}
