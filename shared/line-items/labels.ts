import { type LineItem, lineItemCodes } from './line-item';

const codeLabels: Record<string, string> = {
  [lineItemCodes.units]: 'Price',
  [lineItemCodes.night]: 'Price per night',
  [lineItemCodes.day]: 'Price per day',
  [lineItemCodes.hour]: 'Price per hour',
  [lineItemCodes.shippingFee]: 'Shipping',
  [lineItemCodes.pickupFee]: 'Pickup',
  [lineItemCodes.customerCommission]: 'Service fee',
  [lineItemCodes.providerCommission]: 'Marketplace fee',
  [lineItemCodes.tax]: 'Tax',
};

/** A line's label in the order breakdown and the order e-mails ("Refund: shipping" for a reversal). */
export function lineItemLabel(line: Pick<LineItem, 'code' | 'reversal'>): string {
  const base =
    codeLabels[line.code] ??
    line.code
      .slice('line-item/'.length)
      .replace(/-/g, ' ')
      .replace(/^./, (c) => c.toUpperCase());
  return line.reversal ? `Refund: ${base.charAt(0).toLowerCase()}${base.slice(1)}` : base;
}
