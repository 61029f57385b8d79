/**
 * The listing page's contact action (§2 listing page: enquiry; §4 "Enquiry: initiate the
 * transaction, then send the first message"; §5 "Enquiry: message required"; §8 "failed to send").
 * Pure rules and the two-step run with injected API calls; the component is ContactSeller.tsx.
 */
import type { Listing } from '../../../../shared/api/types';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { productOrderMessages } from '../../../../shared/validation/messages';
import { enquiryMessageValidator } from '../../../../shared/validation/orders';
import { errorCode, isNetworkError } from '../../api/error-kinds';
import { hasProfile } from '../../lib/users';

/**
 * What the viewer gets: nothing (own listing, a listing that is not published, a seller without a
 * profile), a button that goes to the login page first (signed out), why not and where to verify
 * (an unverified address may not enquire: issue 25), or the contact modal.
 */
export type ContactMode = 'none' | 'login' | 'verify' | 'contact';

export function contactMode(
  listing: Pick<Listing, 'state' | 'author'>,
  viewer: { id: string; emailVerified?: boolean } | null | undefined,
  anonymous: boolean,
): ContactMode {
  if (listing.state !== 'published' || !hasProfile(listing.author)) return 'none';
  if (viewer && viewer.id === listing.author.id) return 'none';
  if (anonymous && !viewer) return 'login';
  return viewer?.emailVerified === false ? 'verify' : 'contact';
}

export interface EnquiryValues {
  message?: string;
}

/** The modal's field message (§5 Enquiry: message required; too long). */
export function validateEnquiry(values: EnquiryValues): { message?: string } {
  const message = enquiryMessageValidator((values.message ?? '').trim());
  return message ? { message } : {};
}

export interface EnquiryDeps {
  /** `enquire` (POST /api/transactions): the enquiry's id. Retried with the same key it answers the same one. */
  enquire(listingId: string, checkoutKey: string): Promise<{ id: string }>;
  sendMessage(transactionId: string, content: string): Promise<unknown>;
}

export type EnquiryResult =
  | { ok: true; transactionId: string }
  /** `transactionId`: the enquiry exists and only the message failed (a retry sends the message only). */
  | { ok: false; message: string; transactionId?: string };

/**
 * Initiates the enquiry (unless `transactionId` says an earlier try made it), then sends the first
 * message. The API answers a buyer's open enquiry about the listing instead of making a second one
 * (issue 25), so a second Contact sends its message into that conversation and opens it. A failed enquiry says why (own listing, listing gone, network, else "failed to send"); a
 * failed message says "failed to send" and keeps the enquiry's id.
 */
export async function sendEnquiry(
  input: { listingId: string; checkoutKey: string; content: string; transactionId?: string | undefined },
  deps: EnquiryDeps,
): Promise<EnquiryResult> {
  let transactionId = input.transactionId;
  if (!transactionId) {
    try {
      transactionId = (await deps.enquire(input.listingId, input.checkoutKey)).id;
    } catch (error) {
      return { ok: false, message: enquiryFailure(error) };
    }
  }
  try {
    await deps.sendMessage(transactionId, input.content.trim());
  } catch (error) {
    return {
      ok: false,
      transactionId,
      message: limitReached(error)
        ? apiErrors['too-many-requests'].title
        : isNetworkError(error)
          ? messages.topbarNetworkError
          : messages.sendFailed,
    };
  }
  return { ok: true, transactionId };
}

/** The day's limit of enquiries (10) or of messages (200) was reached: 429 too-many-requests. */
function limitReached(error: unknown): boolean {
  return errorCode(error) === 'too-many-requests';
}

function enquiryFailure(error: unknown): string {
  switch (errorCode(error)) {
    case 'forbidden':
      return productOrderMessages.ownListing;
    case 'transaction-listing-not-found':
    case 'not-found':
      return messages.listingUnavailable;
    case 'too-many-requests':
      return apiErrors['too-many-requests'].title;
  }
  return isNetworkError(error) ? messages.topbarNetworkError : messages.sendFailed;
}
