/**
 * Marketplace-wide settings (§1, §9). One currency for the whole marketplace.
 *
 * DESIGN.md "Decisions on the spec's double readings": the currency is one setting, USD by default,
 * shown with 0 decimals; the legal pages name the configured currency rather than a fixed CAD.
 */
export const marketplaceName = 'Velo Exchange';

/** The single marketplace currency (ISO 4217). */
export const marketplaceCurrency = 'USD';

/**
 * One currency, said plainly: shown on the pricing tab and the payout page. Sellers in
 * the 36 payout countries are paid in their bank's currency; the provider converts (docs/payments.md).
 */
export const payoutCurrencyNote = `Buyers pay in ${marketplaceCurrency}; your payout is converted to your bank's currency by the payment provider.`;

/** Decimals shown when an amount is displayed (USD is shown with 0 decimals, §9). */
export const currencyDisplayDecimals = 0;

/** The currency the legal text quotes in one reading of the spec; the pages use `marketplaceCurrency`. */
export const legalTextCurrencyReading = 'CAD';

/** Currencies without a subunit (the spec names JPY). */
export const zeroDecimalCurrencies: readonly string[] = ['JPY'];

/** Minor units per major unit: 100, or 1 for JPY (§9). */
export function subunitDivisor(currency: string): number {
  return zeroDecimalCurrencies.includes(currency) ? 1 : 100;
}

export const pageSizes = {
  search: 24,
  manageListings: 42,
  inbox: 10,
  messages: 100,
  notifications: 100,
} as const;

/**
 * When true, publishing a draft sends it to pendingApproval for an operator instead of live (§4).
 * The default only: VELO_LISTINGS_REQUIRE_APPROVAL=true|1 (or false|0) in the publish function's
 * environment switches it without a code change (requiresListingApproval, shared/listings.ts);
 * `npm run operator -- approve-listing|reject-listing <listingId>` decides pending listings.
 */
export const listingsRequireApproval: boolean = false;

/** The configured transaction process alias (§4, §9). */
export const processAlias = 'release-2';

/** Marketplace fee taken from the seller: 10 % of the item subtotal, never of shipping (§1, §9). */
export const commissionPercent = 10;

/** Fee added on top for the buyer. Configurable; 0 by default. */
export const customerCommissionPercent = 0;

/** Tax added to an order, as a percentage of items + delivery. Zero unless configured. */
export const taxPercent = 0;

/**
 * A listing's price in minor units: at least the spec's minimum (§5, §9: 0 subunits) and at most a
 * configured maximum, $100,000 by default, so that a price like $99,999,999,999 is refused. The
 * maximum is ours; the form and the API read it from here.
 */
export const listingPriceLimits = { minimumMinor: 0, maximumMinor: 10_000_000 } as const;

/** Minimum listing price in minor units (§5, §9: 0 subunits). */
export const minimumListingPriceMinor = listingPriceLimits.minimumMinor;

/**
 * Each shipping fee (one item, each additional item) in minor units: 0 up to $1,000 by default.
 * Ours: shipping a boxed bike across the world costs a few hundred dollars.
 */
export const shippingFeeLimits = { minimumMinor: 0, maximumMinor: 100_000 } as const;
