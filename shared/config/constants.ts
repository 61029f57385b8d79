/**
 * Every business constant and limit of spec §9 as a named value. Money settings live in
 * `marketplace.ts`; the order's windows and timers are here and drive `process/graph.ts`.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Windows of the order (§1 legal terms, §4, DESIGN.md "The order"). */
export const orderWindows = {
  /** The buyer has 15 minutes to complete the payment (expire-payment). */
  paymentMinutes: 15,
  /** The seller ships and gives a tracking number within 5 days of purchase (auto-cancel). */
  shipWithinDays: 5,
  /** The buyer may cancel within 3 hours of purchase (the operator at any time). */
  customerCancelHours: 3,
  /** The buyer reports a problem within 3 days of delivery (auto-mark-received). */
  reportProblemDays: 3,
  /**
   * A shipped order counts as delivered this many days after the seller marked it shipped (we have
   * no carrier scans), unless the buyer marks it received earlier; a pickup is delivered at hand-over.
   */
  transitAllowanceDays: 10,
  /** Reviews can be left for 7 days from received. */
  reviewDays: 7,
  /** An open dispute auto-cancels after 60 days unless the operator resolves it. */
  disputeAutoCancelDays: 60,
} as const;

/** Users must be over 13 (§1, §9). Used as the birthday validator's minimum age. */
export const minimumUserAge = 13;

/** Legal pages (§1). */
export const legal = {
  feePercent: 10,
  feeIncludesProcessing: true,
  feeIncludesShipping: false,
  listingIsFree: true,
  lastUpdated: '2021-07-01',
  lastUpdatedLabel: 'July 1st, 2021',
  governingLaw: 'Canada',
} as const;

/** Booking logic kept in the domain core (§5, §9). */
export const bookingSettings = {
  /** Days available for booking from today; the window ends `availableDays - 1` days after today. */
  availableDays: 90,
  /** Time slots are fetched in chunks of at most this many days (UTC). */
  timeSlotChunkDays: 90,
  /** 0 = Sunday. */
  firstDayOfWeek: 0,
  timeZone: 'Etc/UTC',
  /** The night unit needs at least one night; other units 0. */
  minimumNights: 1,
} as const;

/** Field and content limits (§5, §9). */
export const limits = {
  passwordMinLength: 8,
  passwordMaxLength: 256,
  ratingMin: 1,
  ratingMax: 5,
  textAreaMaxLength: 5000,
  /** A parcel's tracking number (carriers use up to about 40 characters). */
  trackingNumberMaxLength: 100,
  /** Listing title maximum length: our choice (the spec asks for one), as in the Sharetribe template. */
  titleMaxLength: 60,
  /** Profile bio shown collapsed up to this many characters. */
  bioMaxLength: 170,
  /** Words in titles at least this long are broken (16; 10 in another reading of the spec). */
  longWordLength: 16,
  longWordLengthAlternative: 10,
  maxVerificationEmailsPerDay: 5,
  /** Birthday year options span the last 80 years. */
  birthdayYearsSpan: 80,
  /** Quantity of an order is at least 1. */
  minimumQuantity: 1,
  /**
   * Daily limits on what makes us mail other people (issue 25; docs/decisions.md "Mail limits"),
   * per UTC day. E-mail changes share maxVerificationEmailsPerDay with the verification sends.
   */
  maxEnquiriesPerDay: 10,
  maxMessagesPerDay: 200,
  maxPasswordResetsPerAddressPerDay: 5,
  maxSignUpsPerAddressPerDay: 5,
} as const;

/** Images (§3, §9). */
export const imageSettings = {
  maxUploadBytes: 20 * 1024 * 1024,
  maxUploadLabel: '20 MB',
  acceptedTypes: ['image/jpeg', 'image/gif', 'image/png'] as readonly string[],
  acceptedExtensions: ['.jpg', '.jpeg', '.gif', '.png'] as readonly string[],
  /** Custom image variants may not exceed this width or height. */
  variantMaxPx: 3072,
  /** Listing card: 400×400 (aspect 1×1), variant prefix `listing-card`. */
  listingCard: { variantPrefix: 'listing-card', width: 400, height: 400, aspectWidth: 1, aspectHeight: 1 },
  /** Listing variants are made at widths 400 and 800 and larger. */
  listingVariantWidths: [400, 800, 1600] as readonly number[],
  /** User images: square-xsmall 40×40 and square-xsmall2x 80×80, cropped. */
  userVariants: {
    'square-xsmall': { width: 40, height: 40, fit: 'crop' },
    'square-xsmall2x': { width: 80, height: 80, fit: 'crop' },
    'square-small': { width: 240, height: 240, fit: 'crop' },
    'square-small2x': { width: 480, height: 480, fit: 'crop' },
  },
  socialImages: {
    facebook: { width: 1200, height: 630 },
    twitter: { width: 600, height: 314 },
  },
} as const;

/** Avatar sizes in pixels; the spec gives large = 96 px. Default icon size is small. */
export const avatarSizes = { small: 40, medium: 60, large: 96 } as const;
export const defaultIconSize = 'small';

/**
 * Search (§2, §9). §9's "main search type keywords" is changed on purpose: the search form takes
 * keywords and a place (shared/config/site.ts, docs/decisions.md).
 */
export const searchSettings = {
  /** Sorting has no distance option ("Nearest first" is the default order of a search with an origin). */
  sortByDistance: false,
  /** Price filter in major units. */
  priceFilter: { min: 0, max: 50_000, step: 5 },
  /** Generic range slider defaults. */
  rangeSlider: { min: 0, max: 10_000_000, step: 1 },
  queryParams: ['pub_category', 'price', 'dates', 'keywords', 'sort', 'page'] as readonly string[],
} as const;

/** Cookie consent bar: cookie `euCookiesAccepted=1` for 10 years, path `/`. */
export const cookieConsent = { name: 'euCookiesAccepted', value: '1', maxAgeYears: 10, path: '/' } as const;

/** Layout breakpoints in CSS px (§2, §9). Mobile is under 768 (767 in another reading). */
export const breakpoints = {
  mobileBelow: 768,
  tabletTabsUpTo: 1023,
  orderPanelModalBelow: 1024,
  datePickerReadOnlyBelow: 768,
} as const;

export const datePickerSettings = { daySize: 38, transitionMs: 200, blurDelayMs: 100 } as const;

export const debounceMs = { viewport: 100, dimensions: 200, bankToken: 1000 } as const;

/** Maps (§3, §9). */
export const mapSettings = {
  fuzzy: {
    enabled: true,
    offsetMeters: 2000,
    defaultZoomLevel: 13,
    circleColor: '#c0392b',
    circleOpacity: 0.2,
    /** The fuzzy circle is drawn in 8-degree steps. */
    circleStepDegrees: 8,
  },
  /** Generic map default zoom when fuzzy locations are off. */
  defaultZoomLevel: 11,
  customMarker: { enabled: false, url: '', width: 32, height: 32, anchorX: 16, anchorY: 32 },
  currentLocationBoundsDistanceMeters: 1000,
  geolocation: { timeoutMs: 5000, enableHighAccuracy: true },
  staticMap: { maxWidthPx: 640, style: 'streets' },
  /** Amazon Location's streets style (§9 "streets"), for the static images and the browser's maps alike. */
  amazonLocationStyle: 'Standard',
} as const;

/** Date display formats (moment-style names from the spec, realised with Intl in text/dates.ts). */
export const dateFormats = { weekday: 'ddd', monthDay: 'MMM D', monthYear: 'MMMM YYYY' } as const;

/**
 * Payout account defaults (§3, §9). The capabilities a connected account requests depend on its
 * country: `connectedAccountSetup` (config/payout-countries.ts).
 */
export const payoutSettings = {
  defaultMcc: '5734',
  accountTypes: ['individual', 'company'] as readonly string[],
} as const;

/** Pages of transaction queries that are not in `pageSizes`. */
export const transactionQuerySizes = { hasOrders: 1, hasListings: 1, saleNotifications: 100 } as const;
