import { siteName } from '../../../shared/config/site';
import { type ListingLinkSource, listingPath } from '../../../shared/pages';
import type { UserRecord } from '../../accounts/user-record';
import { sendEmail } from '../../lib/email';
import { log } from '../../lib/logger';
import { siteOrigin } from '../../lib/site-origin';
import { escapeHtml, oneLine, type RenderedEmail } from '../../orders/notifications/templates';
import type { ListingRecord } from '../listing-record';

/**
 * The seller's "Your listing is live" mail (issue 24): sent once, when a draft is published (the
 * publish is a conditional write from draft, so a listing goes live once). A listing that waits
 * for approval is not live yet and gets none.
 */
export function listingLiveMail(listing: ListingLinkSource, origin: string): RenderedEmail {
  const title = oneLine(listing.title, 120);
  const link = `${origin}${listingPath(listing)}`;
  const lines = [
    `Your listing "${title}" is live on ${siteName}: buyers can find it in search and buy it now.`,
    'Buyers pay through Velo Exchange; you are paid out once the buyer has received the item.',
  ];
  const text = [
    'Hello,',
    '',
    ...lines.flatMap((line) => [line, '']),
    `View your listing: ${link}`,
    '',
    `The ${siteName} team`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    '<p>Hello,</p>',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">View your listing</a></p>`,
    `<p>The ${escapeHtml(siteName)} team</p>`,
    '</body></html>',
  ].join('');
  return { subject: oneLine(`Your listing is live: ${title}`, 150), text, html };
}

/**
 * Mails the seller that `listing` went live. The listing is published whatever happens here: a
 * failed mail is logged, never the publish's error.
 */
export async function tellSellerListingIsLive(listing: ListingRecord, seller: UserRecord | undefined) {
  if (listing.state !== 'published' || !seller?.email || seller.banned || seller.deleted) return;
  try {
    const mail = listingLiveMail(listing, siteOrigin());
    await sendEmail({ to: seller.email, ...mail });
  } catch (error) {
    log.error('listing-live-mail-failed', { listingId: listing.id, error: String(error) });
  }
}
