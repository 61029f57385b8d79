/**
 * The order e-mails (issue 9 "Notifications by e-mail"): one template per event, in plain language,
 * each with a link to the order as the recipient sees it (`/order/<id>/details` for the buyer,
 * `/sale/<id>/details` for the seller). Every template gives a subject, a text body and a simple
 * HTML body in which all user text (listing titles, names, tracking numbers, dispute reasons,
 * message excerpts) is escaped. Which event mails whom: ./decide.ts.
 */
import { siteName, siteSettings } from '../../shared/config/site';
import { formatMoneyExact, type Money } from '../../shared/money';

export const templateNames = [
  'new-order',
  'payment-expired',
  'shipped',
  'received',
  'canceled',
  'dispute-opened',
  'review-request',
  'reviews-published',
  'enquiry-received',
  'new-message',
  'message-digest',
  'ship-reminder',
  'report-problem-reminder',
] as const;
export type TemplateName = (typeof templateNames)[number];

/** Who gets a mail: a party of the order, or the marketplace operator (disputes). */
export type MailRole = 'customer' | 'provider' | 'operator';

/** The kind of a mail, for the user's preferences: order mails always go; messages and reminders can be turned off. */
export type MailCategory = 'order' | 'message' | 'reminder';

export function categoryOf(template: TemplateName): MailCategory {
  if (template === 'new-message' || template === 'message-digest') return 'message';
  if (template === 'ship-reminder' || template === 'report-problem-reminder') return 'reminder';
  return 'order';
}

export interface TemplateInput {
  transactionId: string;
  role: MailRole;
  /** The site origin for links (no trailing slash). */
  siteOrigin: string;
  listingTitle: string;
  /** The recipient's first name (parties only). */
  recipientName?: string;
  /** The other party's display name (for the operator: unused). */
  otherPartyName?: string;
  /** For the operator: both parties' names. */
  customerName?: string;
  providerName?: string;
  trackingNumber?: string;
  disputeReason?: string;
  /** The start of the message that triggered a message mail. */
  messageExcerpt?: string;
  /** The messages a digest lists, oldest first. */
  messages?: DigestEntry[];
  /** What the buyer paid (refunds) and what the seller gets (payouts). */
  payinTotal?: Money;
  payoutTotal?: Money;
}

/** One message of a digest: who wrote it, when (ISO) and its excerpt. */
export interface DigestEntry {
  senderName: string;
  at: string;
  excerpt: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The operator's address for dispute mails: VELO_OPERATOR_EMAIL, default operator@veloexchange.com. */
export function operatorEmail(env: Record<string, string | undefined> = process.env): string {
  return env.VELO_OPERATOR_EMAIL?.trim() || 'operator@veloexchange.com';
}

/** The origin links point at: SITE_ORIGIN (a deployment's own domain, the local gateway), else the canonical one. */
export function siteOrigin(env: Record<string, string | undefined> = process.env): string {
  const configured = env.SITE_ORIGIN?.trim();
  const origin = configured || siteSettings.canonicalOrigin;
  return origin.replace(/\/+$/, '');
}

/** The order page of the recipient's role. */
export function orderLink(origin: string, transactionId: string, role: MailRole): string {
  const id = encodeURIComponent(transactionId);
  return role === 'customer' ? `${origin}/order/${id}/details` : `${origin}/sale/${id}/details`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One line, no control characters, at most `max` characters (subjects and quoted user text). */
export function oneLine(value: string, max = 80): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const flat = value.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** A message excerpt: at most 300 characters, newlines kept as spaces. */
export function excerpt(value: string, max = 300): string {
  return oneLine(value, max);
}

/** A piece of a mail body: plain text, or a value that came from a user (escaped in HTML, quoted). */
type Part = string | { user: string };

interface Body {
  subject: string;
  greeting?: string;
  paragraphs: Part[][];
  /** The link's label (the link itself is the role's order page). */
  action: string;
  /** The operator mails have no party page: a plain line instead. */
  noLink?: boolean;
}

function partText(part: Part): string {
  return typeof part === 'string' ? part : part.user;
}

function partHtml(part: Part): string {
  return typeof part === 'string' ? escapeHtml(part) : `<strong>${escapeHtml(part.user)}</strong>`;
}

function render(body: Body, link: string): RenderedEmail {
  const greeting = body.greeting ?? 'Hello,';
  const textParagraphs = body.paragraphs.map((parts) => parts.map(partText).join(''));
  const text = [
    greeting,
    '',
    ...textParagraphs.flatMap((p) => [p, '']),
    ...(body.noLink ? [] : [`${body.action}: ${link}`, '']),
    `The ${siteName} team`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...body.paragraphs.map((parts) => `<p>${parts.map(partHtml).join('')}</p>`),
    body.noLink ? '' : `<p><a href="${escapeHtml(link)}">${escapeHtml(body.action)}</a></p>`,
    `<p>The ${escapeHtml(siteName)} team</p>`,
    '</body></html>',
  ].join('');
  return { subject: oneLine(body.subject, 150), text, html };
}

/** A message's time in a mail: "Nov 22, 09:05 UTC" (the recipient's time zone is not known). */
export function mailTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

function money(value: Money | undefined): string | undefined {
  return value ? formatMoneyExact(value) : undefined;
}

const bodies: Record<TemplateName, (input: TemplateInput) => Body> = {
  'new-order': (i) => ({
    subject: `New order: ${oneLine(i.listingTitle)}`,
    paragraphs: [
      [{ user: i.otherPartyName ?? 'A buyer' }, ' bought ', { user: i.listingTitle }, ' and has paid.'],
      [
        'Please ship it within 5 days and mark it as shipped with the tracking number. ',
        'If it is not shipped in time, the order is canceled and the buyer is refunded.',
      ],
    ],
    action: 'See the sale',
  }),
  'payment-expired': (i) => ({
    subject: `Your order was not completed: ${oneLine(i.listingTitle)}`,
    paragraphs: [
      [
        'The payment for ',
        { user: i.listingTitle },
        ' was not completed in time, so the order was canceled.',
      ],
      ['You have not been charged. If you still want it, you can order it again from the listing.'],
    ],
    action: 'See the order',
  }),
  shipped: (i) => ({
    subject: `Your order has shipped: ${oneLine(i.listingTitle)}`,
    paragraphs: [
      [{ user: i.otherPartyName ?? 'The seller' }, ' has shipped ', { user: i.listingTitle }, '.'],
      i.trackingNumber
        ? ['Tracking number: ', { user: i.trackingNumber }]
        : ['The seller gave no tracking number.'],
      [
        'When it arrives, mark the order as received. If something is wrong, report a problem ',
        'within 3 days; after that the order is completed and the seller is paid.',
      ],
    ],
    action: 'See the order',
  }),
  received: (i) =>
    i.role === 'provider'
      ? {
          subject: `You have been paid: ${oneLine(i.listingTitle)}`,
          paragraphs: [
            ['The order of ', { user: i.listingTitle }, ' is complete: the buyer has received it.'],
            [
              money(i.payoutTotal)
                ? `Your payout of ${money(i.payoutTotal)} is on its way to your account.`
                : 'Your payout is on its way to your account.',
            ],
          ],
          action: 'See the sale',
        }
      : {
          subject: `Order complete: ${oneLine(i.listingTitle)}`,
          paragraphs: [
            ['Your order of ', { user: i.listingTitle }, ' is marked as received and complete.'],
            ['Thank you for buying on ', siteName, '.'],
          ],
          action: 'See the order',
        },
  canceled: (i) =>
    i.role === 'provider'
      ? {
          subject: `Order canceled: ${oneLine(i.listingTitle)}`,
          paragraphs: [
            ['The order of ', { user: i.listingTitle }, ' was canceled and the buyer is refunded in full.'],
            ['The item is back in stock on your listing.'],
          ],
          action: 'See the sale',
        }
      : {
          subject: `Order canceled and refunded: ${oneLine(i.listingTitle)}`,
          paragraphs: [
            ['Your order of ', { user: i.listingTitle }, ' was canceled.'],
            [
              money(i.payinTotal)
                ? `You are refunded in full (${money(i.payinTotal)}); the refund may take a few days to show.`
                : 'You are refunded in full; the refund may take a few days to show.',
            ],
          ],
          action: 'See the order',
        },
  'dispute-opened': (i) => {
    const reason: Part[] = i.disputeReason ? ['The problem reported: ', { user: i.disputeReason }] : [];
    if (i.role === 'operator') {
      return {
        subject: `Dispute opened: ${oneLine(i.listingTitle)} (${i.transactionId})`,
        paragraphs: [
          [
            { user: i.customerName ?? 'The buyer' },
            ' reported a problem with order ',
            i.transactionId,
            ' of ',
            { user: i.listingTitle },
            ' sold by ',
            { user: i.providerName ?? 'the seller' },
            '.',
          ],
          ...(reason.length ? [reason] : []),
          [
            'Resolve it with npm run operator -- cancel-from-disputed ',
            i.transactionId,
            ' (refund the buyer) or mark-received-from-disputed ',
            i.transactionId,
            ' (pay the seller).',
          ],
        ],
        action: 'Order',
        noLink: true,
      };
    }
    return i.role === 'provider'
      ? {
          subject: `A problem was reported: ${oneLine(i.listingTitle)}`,
          paragraphs: [
            [
              { user: i.otherPartyName ?? 'The buyer' },
              ' reported a problem with ',
              { user: i.listingTitle },
              '.',
            ],
            ...(reason.length ? [reason] : []),
            ['The payout is on hold while our team looks into it. We will contact you.'],
          ],
          action: 'See the sale',
        }
      : {
          subject: `We received your problem report: ${oneLine(i.listingTitle)}`,
          paragraphs: [
            ['You reported a problem with ', { user: i.listingTitle }, '.'],
            ...(reason.length ? [reason] : []),
            ['Our team will look into it and contact you. The seller is not paid in the meantime.'],
          ],
          action: 'See the order',
        };
  },
  'review-request': (i) => ({
    subject: `Leave a review: ${oneLine(i.listingTitle)}`,
    paragraphs: [
      [
        'The order of ',
        { user: i.listingTitle },
        ' is complete. How was it with ',
        { user: i.otherPartyName ?? (i.role === 'customer' ? 'the seller' : 'the buyer') },
        '?',
      ],
      [
        'You have 7 days to leave a review. Reviews are published when both of you have written one, or when the 7 days end.',
      ],
    ],
    action: 'Leave a review',
  }),
  'reviews-published': (i) => ({
    subject: `Reviews published: ${oneLine(i.listingTitle)}`,
    paragraphs: [['The reviews of the order of ', { user: i.listingTitle }, ' are now published.']],
    action: i.role === 'customer' ? 'See the order' : 'See the sale',
  }),
  'enquiry-received': (i) => ({
    subject: `New enquiry: ${oneLine(i.listingTitle)}`,
    paragraphs: [
      [{ user: i.otherPartyName ?? 'Someone' }, ' has a question about ', { user: i.listingTitle }, '.'],
      ...(i.messageExcerpt ? [['“', { user: i.messageExcerpt }, '”'] as Part[]] : []),
    ],
    action: 'Read and answer',
  }),
  'new-message': (i) => ({
    subject: `New message about ${oneLine(i.listingTitle)}`,
    paragraphs: [
      [
        { user: i.otherPartyName ?? 'The other party' },
        ' sent you a message about ',
        { user: i.listingTitle },
        ':',
      ],
      ...(i.messageExcerpt ? [['“', { user: i.messageExcerpt }, '”'] as Part[]] : []),
    ],
    action: 'Read and answer',
  }),
  'message-digest': (i) => {
    const messages = i.messages ?? [];
    const count = `${messages.length} new message${messages.length === 1 ? '' : 's'}`;
    return {
      subject: `${count} about ${oneLine(i.listingTitle)}`,
      paragraphs: [
        [`You have ${count} about `, { user: i.listingTitle }, ':'],
        ...messages.map((m): Part[] => [
          { user: m.senderName },
          ` (${mailTime(m.at)}): “`,
          { user: m.excerpt },
          '”',
        ]),
      ],
      action: 'Read and answer',
    };
  },
  'ship-reminder': (i) => ({
    subject: `Reminder: please ship ${oneLine(i.listingTitle)}`,
    paragraphs: [
      [{ user: i.otherPartyName ?? 'Your buyer' }, ' is waiting for ', { user: i.listingTitle }, '.'],
      [
        'Please ship it and mark the order as shipped within the next 2 days. ',
        'Orders not shipped within 5 days of purchase are canceled and the buyer is refunded.',
      ],
    ],
    action: 'Mark as shipped',
  }),
  'report-problem-reminder': (i) => ({
    subject: `Did ${oneLine(i.listingTitle)} arrive as described?`,
    paragraphs: [
      ['If there is a problem with ', { user: i.listingTitle }, ', report it by tomorrow.'],
      [
        'After that the order is completed automatically and the seller is paid. ',
        'If everything is fine, you can mark it as received now.',
      ],
    ],
    action: 'See the order',
  }),
};

/** The mail of `template` for one recipient. */
export function renderTemplate(template: TemplateName, input: TemplateInput): RenderedEmail {
  const body = bodies[template](input);
  const name = input.role === 'operator' ? undefined : input.recipientName?.trim();
  return render(
    { ...body, greeting: name ? `Hello ${oneLine(name, 40)},` : 'Hello,' },
    orderLink(input.siteOrigin, input.transactionId, input.role),
  );
}
