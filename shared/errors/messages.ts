/**
 * The §8 user-facing messages the web app shows, in their own module: the search page shows one
 * and should not load the API error catalogue (catalogue.ts re-exports these).
 */
import { imageSettings, limits } from '../config/constants';
import { searchFailed, topbarNetworkError } from './first-load-messages';

export const messages = {
  // Generic
  somethingWentWrong: 'Something went wrong. Please refresh the page and try again.',
  oopsSomethingWentWrong: 'Oops, something went wrong. Please refresh the page and try again.',
  searchFailed,
  sendFailed: 'Failed to send. Please try again.',
  topbarNetworkError,
  fileCouldNotBeRead: 'Could not read file',
  // Transactions (§4, §8)
  transitionInProgress: 'Transition already in progress',
  paypalDisbursementFailed: 'Funds were not successfully disbursed from paypal',
  listingUnavailable: 'Unfortunately, the listing is no longer available.',
  notEnoughStock: "Unfortunately, you can't make an order. There's not enough stock left for this item.",
  bookingTimeTaken: 'Unfortunately, the requested time is already booked.',
  paymentExpired:
    'Payment was not completed in 15 minutes. Please go back to the listing page and try again.',
  paypalPaymentCanceled: 'The PayPal payment was canceled. Your order has not been placed.',
  paypalPaymentError: 'Something went wrong with the PayPal payment. Please try again.',
  amountTooLow:
    'We are unable to process this payment since the payment amount is too low. Please contact the marketplace administrator.',
  /** Ours, in the words of amountTooLow. */
  amountTooHigh:
    'We are unable to process this payment since the payment amount is too high. Please contact the marketplace administrator.',
  chargeDisabled:
    "This seller's payout information is incomplete so this listing cannot be purchased. Please contact the marketplace administrators.",
  providerLacksPayoutInfo:
    'The listing author has not added their payment information and the listing cannot be purchased at the moment.',
  quantityInformationMissing: 'The order data is missing correct quantity information',
  stockOutOfSync:
    'Oops, the stock of this listing is out of sync. Someone might just have bought this item. Please refresh the page and try again.',
  imageTooBig: `The maximum file size is ${imageSettings.maxUploadLabel}. Please try again.`,
  imageUploadFailed: "Failed to upload image. Please check that the image wasn't too big and try again.",
  reviewAlreadySent: 'Review already sent. Please refresh the page.',
  reviewSubmitFailed: 'Failed to send a review. Please try again.',
  fetchOrderFailed: 'Fetching order data failed.',
  fetchSaleFailed: 'Fetching sale data failed.',
  leaveReviewFailed: 'Oops, failed to leave a review. Please refresh the page and try again.',
  markShippedFailed: 'Oops, failed to mark the order as shipped. Please refresh the page and try again.',
  markReceivedFailed: 'Oops, failed to mark the order as received. Please refresh the page and try again.',
  disputeFailed: 'Oops, dispute action failed. Please refresh the page and try again.',
  messagesLoadingFailed: 'Something went wrong when loading messages. Please refresh the page and try again.',
  initialMessageFailed: 'Oops, failed to send message from checkout.',
  saveDefaultPaymentMethodFailed:
    'Saving default payment method failed. Go to the payment methods page to try again.',
  paymentNotConfirmed:
    'Payment has been made but we were unable to confirm the order. Please try to confirm the order again! If the order is not confirmed in time, the payment will be fully refunded.',
  paymentMethodAuthenticationFailed:
    'We are unable to authenticate your payment method. Please check your authentication details and try again.',
  couldNotHandlePaymentData: 'Could not handle payment data. Please try again.',
  missingPublishableKey:
    'The payment provider publishable key has not been configured to this marketplace. Unfortunately, purchasing the listing is not possible.',
  speculateFailed: 'Oops, something went wrong. Please refresh the page and try again.',
  breakdownFailed: 'Failed to fetch breakdown information.',
  timeSlotsError: 'Loading listing availability failed. Please refresh the page.',
  fetchLineItemsError: 'Oops, something went wrong. Please refresh the page and try again.',
  // Authentication and account
  loginFailed:
    'The email and password you entered did not match our records. Please double-check and try again.',
  signupFailed: 'Signup failed. Please make sure all the information you entered is correct and try again.',
  emailTaken: 'An account with this email address already exists. Try logging in instead.',
  changeEmailTaken: 'This email address is already in use.',
  wrongPassword: 'Please double-check your current password',
  resendVerificationFailed: 'Resending verification email failed. Please try again.',
  resendVerificationTooMany: `The maximum of ${limits.maxVerificationEmailsPerDay} verification emails has been reached. Please try again tomorrow.`,
  tooManyVerificationRequests: 'Too many email verification requests sent.',
  verificationAlreadySending: 'Sending verification email…',
  passwordResetFailed: 'Reset failed. Please try again.',
  // Payouts (§8)
  payoutAccountFailed:
    'Whoops, something went wrong. Please try again. If the problem persists, contact your marketplace administrators.',
  payoutAccountLinkFailed: 'Whoops, something went wrong. Please contact your marketplace administrators.',
  // Messaging
  sendingMessageNotAllowed:
    'This user has been removed. Sending message to the user is not possible anymore.',
} as const;

export type MessageKey = keyof typeof messages;
