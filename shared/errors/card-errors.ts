/**
 * Card payment provider errors (§8) → messages: the error types (api connection, api,
 * authentication, card, invalid request, rate limit) and the card codes. Texts are the Sharetribe
 * template's, with the provider's name left out.
 */

export const cardErrorTypeMessages = {
  api_connection_error: 'Could not connect to the payment processor.',
  api_error: 'Error in the payment processor.',
  authentication_error: 'Could not authenticate with the payment processor.',
  card_error: 'Payment card cannot be handled.',
  invalid_request_error: 'Invalid request to the payment processor.',
  rate_limit_error: 'Too many requests to the payment processor.',
} as const;

export const cardErrorCodeMessages = {
  card_declined: 'The card was declined.',
  expired_card: 'The card has expired.',
  incomplete_number: 'Your card number is incomplete.',
  incorrect_number: 'The card number is incorrect.',
  invalid_number: 'The card number is not a valid credit card number.',
  incorrect_cvc: "The card's security code is incorrect.",
  invalid_cvc: "The card's security code is invalid.",
  incorrect_zip: "The card's zip code failed validation.",
  invalid_expiry_month: "The card's expiration month is invalid.",
  invalid_expiry_year: "The card's expiration year is invalid.",
  invalid_expiry_month_past: "Your card's expiration date is in the past.",
  invalid_expiry_year_past: "Your card's expiration date is in the past.",
  invalid_swipe_data: "The card's swipe data is invalid.",
  missing: 'There is no card on a customer that is being charged.',
  processing_error: 'An error occurred while processing the card.',
  payment_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please check your authentication details and try again.',
} as const;

export type CardErrorType = keyof typeof cardErrorTypeMessages;
export type CardErrorCode = keyof typeof cardErrorCodeMessages;

export const genericCardErrorMessage = 'Could not handle payment data. Please try again.';

/**
 * The message for a card provider error `{ type, code, message }`: the code's message when known,
 * else the type's, else the generic one. Validation errors from the card element have type
 * `validation_error` and a code.
 */
export function cardErrorMessage(error: { type?: string; code?: string } | undefined): string {
  const code = error?.code;
  if (code && Object.hasOwn(cardErrorCodeMessages, code)) return cardErrorCodeMessages[code as CardErrorCode];
  const type = error?.type;
  if (type && Object.hasOwn(cardErrorTypeMessages, type)) return cardErrorTypeMessages[type as CardErrorType];
  return genericCardErrorMessage;
}
