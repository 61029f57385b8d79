/** Saved-card brands with icons (§3), keys exactly as the spec. */
export const cardBrands = {
  amex: 'American Express',
  diners: 'Diners Club',
  discovery: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
} as const;

export type CardBrand = keyof typeof cardBrands;

export function isCardBrand(value: unknown): value is CardBrand {
  return typeof value === 'string' && Object.hasOwn(cardBrands, value);
}

/**
 * The spec's brand key for a brand name as the card provider reports it (Stripe says `discover`,
 * `american express`…). Unknown brands give `undefined` (shown with a generic card icon).
 */
export function cardBrandFromProvider(brand: string): CardBrand | undefined {
  const key = brand
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  const aliases: Record<string, CardBrand> = {
    amex: 'amex',
    americanexpress: 'amex',
    diners: 'diners',
    dinersclub: 'diners',
    discover: 'discovery',
    discovery: 'discovery',
    jcb: 'jcb',
    mastercard: 'mastercard',
    unionpay: 'unionpay',
    visa: 'visa',
  };
  return aliases[key];
}

/** Whether a saved card has expired at `now` (a card is valid through the end of its expiry month). */
export function isCardExpired(
  expirationMonth: number,
  expirationYear: number,
  now: Date = new Date(),
): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expirationYear < year || (expirationYear === year && expirationMonth < month);
}
