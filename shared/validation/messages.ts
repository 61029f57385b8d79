/**
 * Form validation messages (§5). The spec's exact wording where it gives it ('You need to add an
 * email.', 'A valid email address is required', 'You need to add a first name.', 'You need to add
 * a password.', 'You need to add a name.', 'Recipient name is required.'); the message keys it names
 * (deliveryMethodRequired, quantityRequired, noDeliveryMethodSet, listingPriceMissing,
 * listingCurrencyInvalid, requiredDate, invalidStartDate, invalidEndDate, ownListing) keep those
 * keys. Other texts are the Sharetribe product template's English translations; the few marked
 * "ours" had no template text.
 */
import { imageSettings, limits, minimumUserAge } from '../config/constants';
import { disputeEvidence } from '../config/disputes';
import { frameSizeCmLimits } from '../config/listing-fields';

export const signupMessages = {
  emailRequired: 'You need to add an email.',
  emailInvalid: 'A valid email address is required',
  firstNameRequired: 'You need to add a first name.',
  lastNameRequired: 'You need to add a last name.',
  passwordRequired: 'You need to add a password.',
  passwordTooShort: `The password should be at least ${limits.passwordMinLength} characters.`,
  passwordTooLong: `The password should be at most ${limits.passwordMaxLength} characters.`,
} as const;

export const loginMessages = {
  emailRequired: 'This field is required',
  emailInvalid: 'A valid email address is required',
  passwordRequired: 'This field is required',
} as const;

export const contactDetailsMessages = {
  emailRequired: 'An email address is required',
  emailInvalid: 'A valid email address is required',
  /** The current password is required to change the email (§5). */
  passwordRequired: 'A password is required',
  passwordTooShort: `The password should be at least ${limits.passwordMinLength} characters`,
} as const;

export const passwordChangeMessages = {
  passwordRequired: 'Current password is required',
  newPasswordRequired: 'A new password is required',
  passwordTooShort: `The password should be at least ${limits.passwordMinLength} characters`,
  passwordTooLong: `The password should be at most ${limits.passwordMaxLength} characters`,
} as const;

export const passwordResetMessages = {
  passwordRequired: 'This field is required',
  passwordTooShort: `Password should be at least ${limits.passwordMinLength} characters`,
  passwordTooLong: `Password should be at most ${limits.passwordMaxLength} characters`,
} as const;

export const passwordRecoveryMessages = {
  emailRequired: 'This field is required',
  emailInvalid: 'A valid email address is required',
} as const;

export const profileMessages = {
  firstNameRequired: 'This field is required',
  lastNameRequired: 'This field is required',
  bioTooLong: `Must be ${limits.textAreaMaxLength} characters or less`,
} as const;

export const maxLengthMessage = (maxLength: number) => `Must be ${maxLength} characters or less`;

export const listingMessages = {
  titleRequired: 'You need to add a name.',
  titleTooLong: maxLengthMessage(limits.titleMaxLength),
  descriptionRequired: 'A description is required.',
  descriptionTooLong: maxLengthMessage(limits.textAreaMaxLength),
  categoryRequired: 'You need to select a category.',
  /** Ours: the template's brand is a select ("You need to select a brand."); ours is free text. */
  brandRequired: 'You need to add a brand.',
  sizeRequired: 'You need to select a size.',
  /** Ours, in the template's pattern. */
  conditionRequired: 'You need to select a condition.',
  /** Ours. */
  yearInvalid: 'Enter a valid model year.',
  /** Ours (issue 21): the bounds of frameSizeCmLimits. */
  frameSizeCmInvalid: `Enter the frame size in cm, from ${frameSizeCmLimits.min} to ${frameSizeCmLimits.max}, for example 54 or 54.5.`,
  optionInvalid: 'Select one of the options.',
  priceRequired: 'You need to add a valid price.',
  priceTooLow: (minPrice: string) => `Price should be at least ${minPrice}.`,
  /** Ours, in the pattern of priceTooLow. */
  priceTooHigh: (maxPrice: string) => `Price should be at most ${maxPrice}.`,
  stockRequired: 'Stock is required',
  /** Ours. */
  stockInvalid: 'Stock must be a whole number of 0 or more.',
  pickupAddressRequired: 'You need to provide a location',
  addressNotRecognized: "We didn't recognize this location. Please try another location.",
  shippingOneItemRequired: 'Shipping fee for one item required',
  shippingAdditionalItemsRequired: 'Shipping fee for additional items required',
  /** Ours. */
  shippingFeeTooHigh: (maxFee: string) => `A shipping fee should be at most ${maxFee}.`,
  imageRequired: 'You need to add at least one image.',
  /** Ours, from the template's hint ".JPG, .GIF or .PNG. Max. 20 MB". */
  imageTypeInvalid: 'Only .JPG, .GIF or .PNG images are allowed.',
  imageTooBig: `The maximum file size is ${imageSettings.maxUploadLabel}. Please try again.`,
  locationRequired: 'You need to provide a location',
  locationNotRecognized: "We didn't recognize this location. Please try another location.",
  rulesTooLong: maxLengthMessage(limits.textAreaMaxLength),
  disclaimerTooLong: maxLengthMessage(limits.textAreaMaxLength),
  /** Ours: the features tab sends keys of `listingFeatures` (shared/config/listing-fields.ts). */
  featuresInvalid: 'Choose features from the list, each one once.',
  /**
   * Ours, for the seller (delivery tab, publishing) with neither pickup nor shipping on; the buyer's
   * order form says the spec's noDeliveryMethodSet (productOrderMessages below).
   */
  deliveryMethodNotChosen: 'Choose at least one delivery method: pickup or shipping.',
} as const;

export const reviewMessages = {
  ratingRequired: 'Rating is required.',
  contentRequired: 'You need to add a message to leave a review.',
  contentTooLong: maxLengthMessage(limits.textAreaMaxLength),
} as const;

export const disputeMessages = {
  reasonRequired: 'You need to specify a reason',
  reasonTooLong: maxLengthMessage(limits.textAreaMaxLength),
  /** Ours (issue 25): "Something else" needs words; the other reasons speak for themselves. */
  detailsRequired: 'Please describe the problem.',
  tooManyPhotos: `You can add at most ${disputeEvidence.maxPhotos} photos.`,
  wrongPhotoType: 'Please choose a JPG or PNG image.',
  photoTooBig: `The maximum file size is ${imageSettings.maxUploadLabel}. Please try again.`,
} as const;

/** Mark shipped: the carrier and the tracking number of a shipped order. */
export const shipmentMessages = {
  carrierRequired: 'You need to choose a carrier.',
  trackingNumberRequired: 'You need to add a tracking number.',
  trackingNumberTooLong: maxLengthMessage(limits.trackingNumberMaxLength),
} as const;

export const enquiryMessages = {
  messageRequired: 'A message is required',
  messageTooLong: maxLengthMessage(limits.textAreaMaxLength),
} as const;

/** Product order form messages, keyed as the spec keys them. */
export const productOrderMessages = {
  deliveryMethodRequired: 'Delivery method is required',
  quantityRequired: 'Please select a quantity',
  noDeliveryMethodSet: "Provider hasn't enabled any delivery method.",
  listingPriceMissing: 'Oops, this listing has no price!',
  listingCurrencyInvalid: "Oops, the currency of the listing doesn't match the currency of the marketplace.",
  /** Ours, after the booking form's "You won't be able to book your own listing." */
  ownListing: "You won't be able to buy your own listing.",
  /** Ours. */
  quantityTooLarge: 'There is not enough stock for that quantity.',
  outOfStock: 'Out of stock',
} as const;
export type ProductOrderMessageKey = keyof typeof productOrderMessages;

/** Booking dates form messages, keyed as the spec keys them. */
export const bookingMessages = {
  requiredDate: 'Oops, make sure your date is correct!',
  invalidStartDate: 'The start date is not valid',
  invalidEndDate: 'The end date is not valid',
  ownListing: "You won't be able to book your own listing.",
  listingPriceMissing: 'Oops, this listing has no price!',
  listingCurrencyInvalid: "Oops, the currency of the listing doesn't match the currency of the marketplace.",
  /** Ours. */
  minimumNights: 'Select at least one night.',
  /** Ours. */
  unavailableDays: 'The selected dates include days that are not available.',
} as const;
export type BookingMessageKey = keyof typeof bookingMessages;

export const addressMessages = {
  addressLine1Required: 'Street address is required',
  postalCodeRequired: 'Postal code is required',
  cityRequired: 'City is required',
  countryRequired: 'Country is required',
  recipientNameRequired: 'Recipient name is required.',
  /** Ours. */
  cardHolderNameRequired: "Card holder's name is required",
} as const;

export const payoutMessages = {
  countryRequired: 'This field is required',
  accountTypeRequired: 'This field is required',
  /** Ours. */
  bankAccountTokenRequired: 'Bank account details are required',
  /** Ours. */
  businessUrlInvalid: 'Enter a valid website address (http or https).',
  unsupportedCountry: (country: string) => `Country not supported: ${country}`,
  /** Ours: shown when a bank field has the wrong format, e.g. "BSB must be 6 digits." */
  fieldInvalid: (label: string, description: string) => `${label} must be ${description}.`,
  /** Ours: the format is right but the check digits are not (routing number, IBAN, CLABE). */
  fieldNotValid: (label: string) => `${label} is not valid.`,
} as const;

/** Money input messages (ours: the template throws programmer errors instead). */
export const moneyInputMessages = {
  invalid: 'Enter a valid amount.',
  negative: 'The amount cannot be negative.',
  notDivisible: (decimals: number) =>
    decimals === 0 ? 'Enter a whole amount.' : `Use at most ${decimals} decimals.`,
  unsafe: 'The amount is too large.',
  /** "1.200" or "1,200" could be 1.20 or 1200, so it is refused rather than guessed. */
  thousandsSeparator: 'Write the price without a thousands separator, e.g. 1200 or 1200.50',
  currencyInvalid: "Oops, the currency of the listing doesn't match the currency of the marketplace.",
} as const;

export const numberMessages = {
  tooSmall: (min: number) => `The number must be greater than or equal to ${min}`,
  tooBig: (max: number) => `The number must be less than or equal to ${max}`,
} as const;

/** Birthday messages (ours). */
export const birthdayMessages = {
  required: 'Your birth date is required',
  invalid: 'A valid date is required',
  tooYoung: (minAge: number = minimumUserAge) => `You need to be at least ${minAge} years old.`,
} as const;

export const textAreaMessages = {
  tooLong: maxLengthMessage(limits.textAreaMaxLength),
} as const;

export const searchFilterMessages = {
  invalidDatesFilter: 'Invalid date range filter values in URL. The filter was ignored.',
  /** Ours, after the dates text. */
  invalidPriceFilter: 'Invalid price filter values in URL. The filter was ignored.',
} as const;

/**
 * Ours (issue 25): a new password (sign-up, change, reset) that is one of the most common ones.
 * One message wherever a password is chosen, in the browser and in the API's answers.
 */
export const newPasswordMessages = {
  tooCommon: 'This password is too common. Choose one that is harder to guess.',
} as const;
