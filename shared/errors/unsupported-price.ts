/**
 * Listing card text for a price in a currency other than the marketplace's (§8 unsupportedPrice).
 * A module of its own: the listing card is on the landing page, which must not carry the whole
 * message catalogue.
 */
export const unsupportedPrice = (currency: string) => `(${currency})`;
export const unsupportedPriceTitle = (currency: string) => `Unsupported currency (${currency})`;
