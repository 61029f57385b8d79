import type { Listing, ListingPublicData } from '../../../shared/api/types';
import { categoryLabel } from '../../../shared/config/categories';
import {
  conditions,
  frameMaterials,
  isKeyOf,
  sizes,
  wheelSizes,
} from '../../../shared/config/listing-fields';
import { marketplaceCurrency } from '../../../shared/config/marketplace';
import { unsupportedPrice } from '../../../shared/errors/unsupported-price';
import { formatMoney, type Money } from '../../../shared/money';
import { namedShipsTo } from '../../../shared/ships-to';

export interface DetailRow {
  key: keyof ListingPublicData;
  label: string;
  value: string;
}

function label<T extends object>(table: T, value: string): string {
  return isKeyOf(table, value) ? String(table[value]) : value;
}

export function conditionLabel(condition: string): string {
  return label(conditions, condition);
}

/** Rows of the details table: every filled field, in this order, with its label and value label. */
const fields: { key: keyof ListingPublicData; label: string; format?: (value: string) => string }[] = [
  { key: 'category', label: 'Category', format: (v) => categoryLabel(v) ?? v },
  { key: 'condition', label: 'Condition', format: conditionLabel },
  { key: 'brand', label: 'Brand' },
  { key: 'model', label: 'Model' },
  { key: 'year', label: 'Year' },
  { key: 'size', label: 'Size', format: (v) => label(sizes, v) },
  // With the size in cm when there is one (frameSizeText).
  { key: 'frameSize', label: 'Frame size' },
  { key: 'frameMaterial', label: 'Frame material', format: (v) => label(frameMaterials, v) },
  { key: 'wheelSize', label: 'Wheel size', format: (v) => label(wheelSizes, v) },
  { key: 'groupset', label: 'Groupset' },
  { key: 'wheelset', label: 'Wheelset' },
  { key: 'colour', label: 'Colour' },
];

/** The frame size as a letter and in cm, either or both: "M (55 cm)", "M", "55 cm" (issue 21). */
export function frameSizeText(publicData: Pick<ListingPublicData, 'frameSize' | 'frameSizeCm'>): string {
  const letter = publicData.frameSize ? label(sizes, publicData.frameSize) : '';
  const cm = publicData.frameSizeCm === undefined ? '' : `${publicData.frameSizeCm} cm`;
  return letter && cm ? `${letter} (${cm})` : letter || cm;
}

export function listingDetails(publicData: Listing['publicData']): DetailRow[] {
  const rows: DetailRow[] = [];
  for (const field of fields) {
    if (field.key === 'frameSize') {
      const text = frameSizeText(publicData);
      if (text) rows.push({ key: field.key, label: field.label, value: text });
      continue;
    }
    const raw = publicData[field.key];
    if (
      raw === undefined ||
      raw === null ||
      raw === '' ||
      typeof raw === 'boolean' ||
      typeof raw === 'object'
    ) {
      continue;
    }
    const text = String(raw);
    rows.push({ key: field.key, label: field.label, value: field.format ? field.format(text) : text });
  }
  return rows;
}

function moneyText(money: Money): string {
  return money.currency === marketplaceCurrency ? formatMoney(money) : unsupportedPrice(money.currency);
}

/**
 * Human descriptions of how the buyer gets the item: the shipping fee (the one for each additional
 * item only when more than one is in stock), where it ships, and pickup.
 */
export function deliveryOptions(
  listing: Pick<Listing, 'publicData' | 'shippingFee'> & { currentStock?: number | null },
): string[] {
  const { publicData, shippingFee } = listing;
  const options: string[] = [];
  if (publicData.shippingEnabled) {
    if (!shippingFee) options.push('Shipping available');
    else if (shippingFee.oneItem.amount === 0) options.push('Free shipping');
    else {
      let text = `Shipping: ${moneyText(shippingFee.oneItem)}`;
      if (shippingFee.additionalItems.amount > 0 && (listing.currentStock ?? 2) > 1) {
        text += ` (+${moneyText(shippingFee.additionalItems)} for each additional item)`;
      }
      options.push(text);
    }
    const named = namedShipsTo(publicData);
    options.push(named ? `Ships to ${named}` : 'Ships worldwide');
  }
  if (publicData.pickupEnabled) {
    const city = publicData.location?.city;
    options.push(city ? `Pickup in ${city}` : 'Pickup');
  }
  return options;
}
