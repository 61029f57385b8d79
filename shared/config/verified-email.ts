/**
 * Who may write to others (issue 25, "No one can make us mail others without limit"): an enquiry
 * and each message mail the other party, so an account whose e-mail address was never verified
 * (anyone can sign up with any address) may neither start an enquiry nor write before an order is
 * paid. Once the buyer has paid, the order's messages are open to both parties whatever their
 * address: a payment is no throwaway, and the checkout's message to the seller must not fail.
 * The API refuses (403 `forbidden`, reason `email-unverified`) and the pages show why, with a link
 * to the e-mail verification page, instead of the form.
 */
import type { ProcessState } from '../process/graph';

export const verifyEmailToMessage = 'Verify your e-mail address to send messages.';

/** The error's `meta.reason` when the API refuses an unverified address. */
export const emailUnverifiedReason = 'email-unverified';

/** Before any payment: the states whose messages need a verified address. */
const unpaidStates: readonly ProcessState[] = ['initial', 'enquiry', 'pending-payment', 'payment-expired'];

/** Whether writing a message on a transaction in this state needs a verified address. */
export function messagingNeedsVerifiedEmail(state: ProcessState): boolean {
  return unpaidStates.includes(state);
}
