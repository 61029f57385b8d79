/**
 * Parcel carriers a seller picks when marking an order shipped, with the page where the
 * buyer follows the parcel. `{number}` is the tracking number; `{postcode}` and `{country}` come from
 * the order's shipping address (PostNL asks for them). "Other" has no tracking page: the number is
 * shown as text.
 */
import type { ShippingAddressValues } from '../validation/addresses';

export interface Carrier {
  id: string;
  label: string;
  /** The tracking page, with `{number}` (and optionally `{postcode}`, `{country}`) filled in. */
  trackingUrl?: string;
}

export const carriers = [
  {
    id: 'royal-mail',
    label: 'Royal Mail',
    trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}',
  },
  {
    id: 'dhl',
    label: 'DHL',
    trackingUrl: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={number}',
  },
  { id: 'dpd', label: 'DPD', trackingUrl: 'https://tracking.dpd.de/parcelstatus?query={number}' },
  { id: 'ups', label: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={number}' },
  { id: 'usps', label: 'USPS', trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  { id: 'fedex', label: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  {
    id: 'canada-post',
    label: 'Canada Post',
    trackingUrl: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={number}',
  },
  {
    id: 'la-poste',
    label: 'La Poste',
    trackingUrl: 'https://www.laposte.fr/outils/suivre-vos-envois?code={number}',
  },
  {
    id: 'postnl',
    label: 'PostNL',
    trackingUrl: 'https://jouw.postnl.nl/track-and-trace/{number}-{country}-{postcode}',
  },
  {
    id: 'deutsche-post',
    label: 'Deutsche Post',
    trackingUrl: 'https://www.deutschepost.de/de/s/sendungsverfolgung/verfolgen.html?piececode={number}',
  },
  {
    id: 'australia-post',
    label: 'Australia Post',
    trackingUrl: 'https://auspost.com.au/mypost/track/details/{number}',
  },
  { id: 'other', label: 'Other' },
] as const satisfies readonly Carrier[];

export type CarrierId = (typeof carriers)[number]['id'];

export function isCarrierId(value: unknown): value is CarrierId {
  return typeof value === 'string' && carriers.some((carrier) => carrier.id === value);
}

export function carrierLabel(id: string | undefined): string | undefined {
  return carriers.find((carrier) => carrier.id === id)?.label;
}

/**
 * The carrier's tracking page for `trackingNumber`, or undefined (no carrier, "Other", no number).
 * Every filled-in value is URL-encoded, so a tracking number cannot change the page's address.
 */
export function trackingUrl(
  carrierId: string | undefined,
  trackingNumber: string | undefined,
  address?: Pick<ShippingAddressValues, 'recipientPostal' | 'recipientCountry'>,
): string | undefined {
  const carrier: Carrier | undefined = carriers.find((candidate) => candidate.id === carrierId);
  const number = trackingNumber?.trim();
  if (!carrier?.trackingUrl || !number) return undefined;
  const values: Record<string, string> = {
    number,
    postcode: (address?.recipientPostal ?? '').replace(/\s+/g, '').toUpperCase(),
    country: address?.recipientCountry ?? '',
  };
  return carrier.trackingUrl.replace(/\{(number|postcode|country)\}/g, (_, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
}
