/**
 * The order e-mails ("Notifications by e-mail"): one template per event, in plain language,
 * each with a link to the order as the recipient sees it (`/order/<id>/details` for the buyer,
 * `/sale/<id>/details` for the seller). Every template gives a subject, a text body and a simple
 * HTML body in which all user text (listing titles, names, tracking numbers, dispute reasons,
 * message excerpts) is escaped. Which event mails whom: ./decide.ts.
 */
import type { PaymentMethodKind, PickupLocation } from '../../../shared/api/transactions';
import { carrierLabel, trackingUrl } from '../../../shared/config/carriers';
import { orderWindows } from '../../../shared/config/constants';
import { type DeliveryMethod, deliveryMethods } from '../../../shared/config/listing-fields';
import { siteName } from '../../../shared/config/site';
import { type LineItem, lineItemLabel, lineItemsFor } from '../../../shared/line-items';
import { formatMoneyExact, type Money } from '../../../shared/money';
import type { Actor } from '../../../shared/process/graph';
import { statusLabel } from '../../../shared/process/labels';
import {
  pickupLocationLines,
  pickupMapsUrl,
  shippingAddressLines,
  shippingPhone,
} from '../../../shared/text/addresses';
import { formatDeadline, formatDeadlineDay } from '../../../shared/text/dates';
import { escapeHtml } from '../../../shared/text/html';
import type { ShippingAddressValues } from '../../../shared/validation/addresses';

export const templateNames = [
  'new-order',
  'order-confirmed',
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
  /** The order itself, for the mails that say what was bought and where it goes. */
  order?: OrderFacts;
  /** The transition the mail is for, and who took it (a cancel says why). */
  step?: { transition: string; by: Actor };
}

/**
 * What the order mails tell about an order: the item and quantity, the money, how it is delivered
 * and where, and the deadlines (computed from the order's entry times, so a late mail tells the same
 * dates). A party's mail only carries what that party may see (`templateInput` decides).
 */
export interface OrderFacts {
  quantity?: number;
  deliveryMethod?: DeliveryMethod;
  /** Every line; each mail shows the recipient's own (`lineItemsFor`). */
  lineItems: readonly LineItem[];
  paymentMethod?: PaymentMethodKind;
  shippingDetails?: ShippingAddressValues;
  pickupLocation?: PickupLocation;
  carrier?: string;
  /** The seller ships (or hands over) by then (auto-cancel). */
  shipBy?: Date;
  /** The buyer may cancel until then. */
  cancelUntil?: Date;
  /** The buyer may report a problem until then (auto-mark-received). */
  reportUntil?: Date;
  /** What went back to the buyer (a canceled order). */
  refunded?: Money;
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

/** The order page of the recipient's role. */
export function orderLink(origin: string, transactionId: string, role: MailRole): string {
  const id = encodeURIComponent(transactionId);
  return role === 'customer' ? `${origin}/order/${id}/details` : `${origin}/sale/${id}/details`;
}

export { escapeHtml };

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

/** A "\n" in a paragraph is a line break (an address's lines), in HTML too. */
function partHtml(part: Part): string {
  const html = typeof part === 'string' ? escapeHtml(part) : `<strong>${escapeHtml(part.user)}</strong>`;
  return html.replace(/\n/g, '<br>');
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

/** A date in an e-mail: the reader's time zone is unknown, so UTC, said so ("Mon, Nov 30, 2026, 7:27 PM UTC"). */
export function mailDate(date: Date): string {
  return `${formatDeadline(date, { timeZone: 'UTC', withYear: true })} UTC`;
}

/** A day in a subject line, as the pages' labels write it ("Mon, Nov 30"). */
export function mailDay(date: Date): string {
  return formatDeadlineDay(date, 'UTC');
}

const paymentMethodNames: Record<PaymentMethodKind, string> = { card: 'Card', paypal: 'PayPal' };

/** "Item: <title> × 2". */
function itemLine(i: TemplateInput): Part[] {
  const quantity = i.order?.quantity ?? 1;
  return ['Item: ', { user: i.listingTitle }, quantity > 1 ? ` × ${quantity}` : ''];
}

/** The recipient's own lines and total ("Price $1,200.00", …, "Total paid $1,260.00"). */
function breakdownLines(i: TemplateInput, role: 'customer' | 'provider', totalLabel: string): Part[][] {
  const lines = lineItemsFor(role, i.order?.lineItems ?? [])
    .filter((line) => line.lineTotal.amount !== 0) // a free pickup needs no "$0.00" line
    .map((line): Part[] => [`${lineItemLabel(line)}: ${formatMoneyExact(line.lineTotal)}`]);
  const total = role === 'customer' ? i.payinTotal : i.payoutTotal;
  return [...lines, ...(total ? [[`${totalLabel}: ${formatMoneyExact(total)}`] as Part[]] : [])];
}

/** A heading and lines in one paragraph, one per line (an address). */
function linesParagraph(heading: string, lines: readonly Part[]): Part[] {
  return [heading, ...lines.flatMap((line) => ['\n', line])];
}

/** Where the order goes: the shipping address, or the pickup place with a maps link. */
function deliveryParagraphs(i: TemplateInput, heading: { shipping: string; pickup: string }): Part[][] {
  const order = i.order;
  if (order?.deliveryMethod === 'pickup') {
    const place = order.pickupLocation;
    if (!place) return [[heading.pickup, ' the pickup place is on the order page.']];
    const lines = pickupLocationLines(place);
    return [
      linesParagraph(
        heading.pickup,
        lines.map((line) => ({ user: line })),
      ),
      [`Open in maps: ${pickupMapsUrl(place)}`],
    ];
  }
  const address = order?.shippingDetails;
  if (!address) return [];
  const phone = shippingPhone(address);
  return [
    linesParagraph(heading.shipping, [
      ...shippingAddressLines(address).map((line): Part => ({ user: line })),
      ...(phone ? [{ user: `Phone: ${phone}` }] : []),
    ]),
  ];
}

/** The carrier and tracking number, with the carrier's tracking page when it has one. */
function trackingParagraphs(i: TemplateInput): Part[][] {
  const number = i.trackingNumber;
  if (!number) return [['The seller gave no tracking number.']];
  const carrier = carrierLabel(i.order?.carrier);
  const url = trackingUrl(i.order?.carrier, number, i.order?.shippingDetails);
  return [
    [carrier ? `Carrier: ${carrier}` : 'Carrier: not given'],
    ['Tracking number: ', { user: number }],
    ...(url ? [[`Track the parcel: ${url}`] as Part[]] : []),
  ];
}

/** Why an order was canceled, told to `i.role` from the transition that canceled it (and who took it). */
function whyCanceled(i: TemplateInput): Part[][] {
  const step = i.step;
  if (!step) return [];
  const handedOver = i.order?.deliveryMethod === 'pickup' ? 'handed over' : 'marked shipped';
  switch (step.transition) {
    case 'cancel':
      if (step.by === 'operator') return [['The marketplace canceled it.']];
      return [
        [
          i.role === 'customer'
            ? 'You canceled it.'
            : `The buyer canceled it within ${orderWindows.customerCancelHours} hours of buying.`,
        ],
      ];
    case 'auto-cancel':
      return [
        [
          `It was not ${handedOver} within ${orderWindows.shipWithinDays} days of the purchase, so it was canceled automatically.`,
        ],
      ];
    case 'cancel-from-disputed':
      return [['The marketplace canceled it after looking into the reported problem.']];
    case 'auto-cancel-from-disputed':
      return [
        ['The reported problem was not resolved within 60 days, so the order was canceled automatically.'],
      ];
    default:
      return [];
  }
}

const bodies: Record<TemplateName, (input: TemplateInput) => Body> = {
  'new-order': (i) => {
    const pickup = i.order?.deliveryMethod === 'pickup';
    const shipBy = i.order?.shipBy;
    const label = statusLabel(
      {
        state: 'purchased',
        deliveryMethod: i.order?.deliveryMethod,
        ...(shipBy ? { deadline: { dueAt: shipBy.toISOString() } } : {}),
      },
      'provider',
      mailDay,
    );
    return {
      subject: `New order: ${oneLine(i.listingTitle)} · ${label}`,
      paragraphs: [
        [{ user: i.otherPartyName ?? 'A buyer' }, ' bought ', { user: i.listingTitle }, ' and has paid.'],
        itemLine(i),
        ...breakdownLines(i, 'provider', "You'll make"),
        ...deliveryParagraphs(i, { shipping: 'Ship to:', pickup: 'The buyer collects it from you at:' }),
        pickup
          ? [
              shipBy ? `Hand it over by ${mailDate(shipBy)}` : 'Hand it over within 5 days',
              ' and mark the order handed over. Agree on a time with the buyer in the messages. ',
              'If it is not handed over in time, the order is canceled and the buyer is refunded.',
            ]
          : [
              shipBy ? `Ship it by ${mailDate(shipBy)}` : 'Ship it within 5 days',
              ' and mark the order shipped with the carrier and tracking number. ',
              'If it is not shipped in time, the order is canceled and the buyer is refunded.',
            ],
      ],
      action: 'See the sale',
    };
  },
  'order-confirmed': (i) => {
    const order = i.order;
    const pickup = order?.deliveryMethod === 'pickup';
    const method = order?.paymentMethod ? paymentMethodNames[order.paymentMethod] : undefined;
    return {
      subject: `Order confirmed: ${oneLine(i.listingTitle)}`,
      paragraphs: [
        [
          'Thank you! Your payment went through and ',
          { user: i.otherPartyName ?? 'the seller' },
          ' has your order.',
        ],
        itemLine(i),
        ...breakdownLines(i, 'customer', 'Total paid'),
        ...(method ? [[`Paid by: ${method}`] as Part[]] : []),
        [`Delivery: ${deliveryMethods[pickup ? 'pickup' : 'shipping']}`],
        ...deliveryParagraphs(i, { shipping: 'Shipping to:', pickup: 'Pick it up at:' }),
        ...(order?.shipBy
          ? [
              [
                pickup ? 'The seller hands it over by ' : 'The seller ships it by ',
                mailDate(order.shipBy),
                ', or the order is canceled and you are refunded in full.',
              ] as Part[],
            ]
          : []),
        ...(order?.cancelUntil
          ? [[`You can cancel the order on its page until ${mailDate(order.cancelUntil)}.`] as Part[]]
          : []),
      ],
      action: 'See the order',
    };
  },
  'payment-expired': (i) => ({
    subject: `Your order was not completed: ${oneLine(i.listingTitle)}`,
    paragraphs: [
      // Cancel payment (the buyer, or the marketplace) ends the order the same way as the timer.
      i.step?.transition === 'cancel-payment'
        ? [
            i.step.by === 'operator'
              ? 'The marketplace canceled the payment for '
              : 'You canceled the payment for ',
            { user: i.listingTitle },
            ', so the order was canceled.',
          ]
        : [
            'The payment for ',
            { user: i.listingTitle },
            ' was not completed in time, so the order was canceled.',
          ],
      ['You have not been charged. If you still want it, you can order it again from the listing.'],
    ],
    action: 'See the order',
  }),
  shipped: (i) => {
    const pickup = i.order?.deliveryMethod === 'pickup';
    const reportUntil = i.order?.reportUntil;
    const report = reportUntil
      ? `If something is wrong, report a problem on the order page by ${mailDate(reportUntil)}; after that the order is completed and the seller is paid.`
      : 'If something is wrong, report a problem on the order page; otherwise the order is completed and the seller is paid.';
    return {
      subject: `${statusLabel({ state: 'delivered', deliveryMethod: i.order?.deliveryMethod }, 'customer', mailDay)}: ${oneLine(i.listingTitle)}`,
      paragraphs: pickup
        ? [
            [
              { user: i.otherPartyName ?? 'The seller' },
              ' handed ',
              { user: i.listingTitle },
              ' over to you.',
            ],
            ['If you have it, mark the order as received. ', report],
          ]
        : [
            [{ user: i.otherPartyName ?? 'The seller' }, ' has shipped ', { user: i.listingTitle }, '.'],
            ...trackingParagraphs(i),
            ['When it arrives, mark the order as received. ', report],
          ],
      action: 'See the order',
    };
  },
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
            ...whyCanceled(i),
            ['The item is back in stock on your listing.'],
          ],
          action: 'See the sale',
        }
      : {
          subject: `Order canceled and refunded: ${oneLine(i.listingTitle)}`,
          paragraphs: [
            ['Your order of ', { user: i.listingTitle }, ' was canceled.'],
            ...whyCanceled(i),
            [
              money(i.order?.refunded)
                ? `You are refunded in full (${money(i.order?.refunded)}); the refund may take a few days to show.`
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
  'ship-reminder': (i) => {
    const pickup = i.order?.deliveryMethod === 'pickup';
    const by = i.order?.shipBy ? `by ${mailDate(i.order.shipBy)}` : 'within the next 2 days';
    return {
      subject: `Reminder: please ${pickup ? 'hand over' : 'ship'} ${oneLine(i.listingTitle)}`,
      paragraphs: [
        [{ user: i.otherPartyName ?? 'Your buyer' }, ' is waiting for ', { user: i.listingTitle }, '.'],
        pickup
          ? [
              `Please hand it over and mark the order handed over ${by}. `,
              `Orders not handed over within ${orderWindows.shipWithinDays} days of purchase are canceled and the buyer is refunded.`,
            ]
          : [
              `Please ship it and mark the order as shipped ${by}. `,
              `Orders not shipped within ${orderWindows.shipWithinDays} days of purchase are canceled and the buyer is refunded.`,
            ],
      ],
      action: pickup ? 'See the sale' : 'Mark as shipped',
    };
  },
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
