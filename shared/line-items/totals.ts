/** What each party sees of an order's lines and what they add up to (§6), and PayPal's amounts (§7). */
import { marketplaceCurrency } from '../config/marketplace';
import { type Money, sumMoney, toPaypalAmount } from '../money';
import { type LineItem, type LineItemCode, lineItemCodes, type Party } from './line-item';

/** The lines a party sees (§6): filtered by includeFor, so commissions only show to their payer. */
export function lineItemsFor(party: Party, lines: readonly LineItem[]): LineItem[] {
  return lines.filter((l) => l.includeFor.includes(party));
}

function totalFor(party: Party, lines: readonly LineItem[], currency?: string): Money {
  const own = lineItemsFor(party, lines);
  return sumMoney(
    own.map((l) => l.lineTotal),
    currency ?? lines[0]?.lineTotal.currency ?? marketplaceCurrency,
  );
}

/** What the customer pays: the sum of the customer's lines. */
export function payinTotal(lines: readonly LineItem[], currency?: string): Money {
  return totalFor('customer', lines, currency);
}

/** What the provider gets: the sum of the provider's lines. */
export function payoutTotal(lines: readonly LineItem[], currency?: string): Money {
  return totalFor('provider', lines, currency);
}

/** payin − payout: the marketplace's take (customer commission − provider commission). */
export function marketplaceTake(lines: readonly LineItem[]): Money {
  const payin = payinTotal(lines);
  const payout = payoutTotal(lines, payin.currency);
  return { amount: payin.amount - payout.amount, currency: payin.currency };
}

/** The totals a party sees: payinTotal for customers, payoutTotal for providers (§6). */
export function totalForRole(party: Party, totals: { payinTotal: Money; payoutTotal: Money }): Money {
  return party === 'customer' ? totals.payinTotal : totals.payoutTotal;
}

/** The sum of the lines with a given code (e.g. shipping), non-reversal and reversal alike. */
export function sumOfCode(lines: readonly LineItem[], code: LineItemCode, currency?: string): Money {
  return sumMoney(
    lines.filter((l) => l.code === code).map((l) => l.lineTotal),
    currency ?? lines[0]?.lineTotal.currency ?? marketplaceCurrency,
  );
}

/**
 * The amounts `POST /api/create-paypal-order` needs (§7: subtotal, item_total, shipping, tax,
 * platform_fee, currency) from the line items, as PayPal decimal strings. item_total is what the
 * customer pays for items (units, pickup and customer commission); `subtotal` is the whole payin.
 */
export function paypalOrderAmounts(lines: readonly LineItem[]): {
  currency: string;
  subtotal: string;
  item_total: string;
  shipping: string;
  tax: string;
  platform_fee: string;
} {
  const payin = payinTotal(lines);
  const { currency } = payin;
  const shipping = sumOfCode(lineItemsFor('customer', lines), lineItemCodes.shippingFee, currency);
  const tax = sumOfCode(lineItemsFor('customer', lines), lineItemCodes.tax, currency);
  const items = { amount: payin.amount - shipping.amount - tax.amount, currency };
  return {
    currency,
    subtotal: toPaypalAmount(payin).value,
    item_total: toPaypalAmount(items).value,
    shipping: toPaypalAmount(shipping).value,
    tax: toPaypalAmount(tax).value,
    platform_fee: toPaypalAmount(marketplaceTake(lines)).value,
  };
}
