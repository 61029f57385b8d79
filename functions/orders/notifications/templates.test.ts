import { describe, expect, it } from 'vitest';
import type { LineItem } from '../../../shared/line-items';
import type { Actor } from '../../../shared/process/graph';
import { londonAddress } from '../../../shared/text/addresses.test-helper';
import {
  categoryOf,
  escapeHtml,
  type MailRole,
  mailDate,
  type OrderFacts,
  operatorEmail,
  orderLink,
  renderTemplate,
  type TemplateInput,
  type TemplateName,
  templateNames,
} from './templates';

const origin = 'https://velo.test';
const usd = (amount: number) => ({ amount, currency: 'USD' });
const line = (code: string, includeFor: ('customer' | 'provider')[], lineTotal: number) => ({
  code: code as LineItem['code'],
  includeFor,
  unitPrice: usd(lineTotal),
  lineTotal: usd(lineTotal),
  quantity: 1,
  reversal: false,
});
/** A shipped order: purchased Tue 24 Nov 2026 10:00 UTC, marked shipped a day later. */
const shippedOrder: OrderFacts = {
  quantity: 1,
  deliveryMethod: 'shipping',
  lineItems: [
    line('line-item/units', ['customer', 'provider'], 110_000),
    line('line-item/shipping-fee', ['customer', 'provider'], 10_000),
    line('line-item/provider-commission', ['provider'], -12_000),
  ],
  paymentMethod: 'card',
  shippingDetails: londonAddress,
  carrier: 'royal-mail',
  shipBy: new Date('2026-11-29T10:00:00.000Z'),
  cancelUntil: new Date('2026-11-24T13:00:00.000Z'),
  reportUntil: new Date('2026-12-08T10:00:00.000Z'),
  refunded: usd(120_000),
};
const pickupOrder: OrderFacts = {
  ...shippedOrder,
  deliveryMethod: 'pickup',
  shippingDetails: undefined,
  carrier: undefined,
  pickupLocation: {
    address: 'Berlin, Germany',
    building: 'Kastanienallee 12, Hinterhaus',
    geolocation: { lat: 52.54, lng: 13.41 },
  },
} as OrderFacts;
const evil = '<script>alert("x")</script> & <b>bold</b>';

function input(role: MailRole, extra: Partial<TemplateInput> = {}): TemplateInput {
  return {
    transactionId: 'tx-42',
    role,
    siteOrigin: origin,
    listingTitle: 'Trek Domane SL5',
    recipientName: role === 'customer' ? 'Bea' : 'Sam',
    otherPartyName: role === 'customer' ? 'Sam S' : 'Bea B',
    customerName: 'Bea B',
    providerName: 'Sam S',
    payinTotal: { amount: 120_000, currency: 'USD' },
    payoutTotal: { amount: 108_000, currency: 'USD' },
    order: shippedOrder,
    ...extra,
  };
}

/** Each template, the role(s) it goes to, and what its text must say. */
const cases: [TemplateName, MailRole, RegExp[]][] = [
  [
    'new-order',
    'provider',
    [/Bea B bought Trek Domane SL5/, /Ship to:/, /Ship it by Sun, Nov 29, 2026, 10:00 AM UTC/],
  ],
  [
    'order-confirmed',
    'customer',
    [/Item: Trek Domane SL5/, /Total paid: \$1,200\.00/, /Paid by: Card/, /Shipping to:/],
  ],
  ['payment-expired', 'customer', [/not completed in time/, /not been charged/]],
  [
    'shipped',
    'customer',
    [
      /Sam S has shipped Trek Domane SL5/,
      /Tracking number: 1Z999AA10123456784/,
      /report a problem on the order page by Tue, Dec 8, 2026, 10:00 AM UTC/,
    ],
  ],
  ['received', 'provider', [/buyer has received it/, /payout of \$1,080\.00/]],
  ['received', 'customer', [/marked as received and complete/]],
  ['canceled', 'provider', [/was canceled and the buyer is refunded in full/]],
  ['canceled', 'customer', [/was canceled/, /refunded in full \(\$1,200\.00\)/]],
  ['dispute-opened', 'customer', [/You reported a problem/, /The problem reported: Frame is cracked/]],
  ['dispute-opened', 'provider', [/Bea B reported a problem/, /payout is on hold/, /Frame is cracked/]],
  ['review-request', 'customer', [/How was it with Sam S\?/, /7 days to leave a review/]],
  ['review-request', 'provider', [/How was it with Bea B\?/]],
  ['reviews-published', 'customer', [/reviews of the order of Trek Domane SL5 are now published/]],
  ['reviews-published', 'provider', [/now published/]],
  ['enquiry-received', 'provider', [/Bea B has a question about Trek Domane SL5/]],
  [
    'new-message',
    'customer',
    [/Sam S sent you a message about Trek Domane SL5/, /“Is it still available\?”/],
  ],
  ['new-message', 'provider', [/Bea B sent you a message/]],
  [
    'message-digest',
    'provider',
    [
      /You have 2 new messages about Trek Domane SL5:/,
      /Bea B \(Nov 22, 10:05 UTC\): “And can you ship on Friday\?”/,
      /Bea B \(Nov 22, 10:07 UTC\): “Or Saturday\.”/,
    ],
  ],
  [
    'ship-reminder',
    'provider',
    [/Bea B is waiting for Trek Domane SL5/, /mark the order as shipped by Sun, Nov 29, 2026, 10:00 AM UTC/],
  ],
  ['report-problem-reminder', 'customer', [/report it by tomorrow/, /seller is paid/]],
];

const details = {
  trackingNumber: '1Z999AA10123456784',
  disputeReason: 'Frame is cracked',
  messageExcerpt: 'Is it still available?',
  messages: [
    { senderName: 'Bea B', at: '2026-11-22T10:05:00.000Z', excerpt: 'And can you ship on Friday?' },
    { senderName: 'Bea B', at: '2026-11-22T10:07:30.000Z', excerpt: 'Or Saturday.' },
  ],
};

describe('notification templates', () => {
  it('every template is covered by a case', () => {
    expect(new Set(cases.map(([name]) => name))).toEqual(new Set(templateNames));
  });

  it.each(cases)(
    '%s to the %s: subject, greeting, content and the link of the role',
    (name, role, patterns) => {
      const mail = renderTemplate(name, input(role, details));
      expect(mail.subject).toContain('Trek Domane SL5');
      expect(mail.subject).not.toMatch(/\n/);
      expect(mail.text).toMatch(role === 'customer' ? /^Hello Bea,/ : /^Hello Sam,/);
      for (const pattern of patterns) expect(mail.text).toMatch(pattern);
      const link =
        role === 'customer'
          ? 'https://velo.test/order/tx-42/details'
          : 'https://velo.test/sale/tx-42/details';
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toContain('Trek Domane SL5');
      expect(mail.text).toContain('The Velo Exchange team');
    },
  );

  it('dispute opened to the operator: both parties, the reason and the operator commands, no party link', () => {
    const mail = renderTemplate('dispute-opened', input('operator', details));
    expect(mail.subject).toBe('Dispute opened: Trek Domane SL5 (tx-42)');
    expect(mail.text).toMatch(/^Hello,/);
    expect(mail.text).toContain(
      'Bea B reported a problem with order tx-42 of Trek Domane SL5 sold by Sam S.',
    );
    expect(mail.text).toContain('Frame is cracked');
    expect(mail.text).toContain('cancel-from-disputed tx-42');
    expect(mail.text).not.toContain('/details');
  });

  it('new order: the seller learns the item, what they make, where to ship and by when; the subject says so', () => {
    const mail = renderTemplate('new-order', input('provider'));
    expect(mail.subject).toBe('New order: Trek Domane SL5 · Ship by Sun, Nov 29');
    for (const text of [
      'Item: Trek Domane SL5',
      'Price: $1,100.00',
      'Shipping: $100.00',
      'Marketplace fee: -$120.00',
      "You'll make: $1,080.00",
      'Ship to:\nAnn Smith\n10 Downing Street\nLondon\nSW1A 2AA\nUnited Kingdom\nPhone: +44 20 7946 0958',
      'Ship it by Sun, Nov 29, 2026, 10:00 AM UTC and mark the order shipped with the carrier and tracking number.',
    ]) {
      expect(mail.text).toContain(text);
    }
    // The buyer's fee lines are the buyer's: a seller sees no "Service fee".
    expect(mail.text).not.toContain('Total paid');
    const two = renderTemplate('new-order', input('provider', { order: { ...shippedOrder, quantity: 2 } }));
    expect(two.text).toContain('Item: Trek Domane SL5 × 2');
  });

  it('order confirmed: the buyer gets the item, the money, the method, the address and both deadlines', () => {
    const mail = renderTemplate('order-confirmed', input('customer'));
    expect(mail.subject).toBe('Order confirmed: Trek Domane SL5');
    for (const text of [
      'Item: Trek Domane SL5',
      'Price: $1,100.00',
      'Shipping: $100.00',
      'Total paid: $1,200.00',
      'Paid by: Card',
      'Delivery: Shipping',
      'Shipping to:\nAnn Smith\n10 Downing Street',
      'The seller ships it by Sun, Nov 29, 2026, 10:00 AM UTC, or the order is canceled and you are refunded in full.',
      'You can cancel the order on its page until Tue, Nov 24, 2026, 1:00 PM UTC.',
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.text).not.toContain('Marketplace fee');
  });

  it('a pickup order speaks of handing over, with the pickup place and a maps link', () => {
    const confirmed = renderTemplate('order-confirmed', input('customer', { order: pickupOrder }));
    expect(confirmed.text).toContain('Delivery: Pickup');
    expect(confirmed.text).toContain('Pick it up at:\nKastanienallee 12, Hinterhaus\nBerlin, Germany');
    expect(confirmed.text).toContain(
      'Open in maps: https://www.openstreetmap.org/search?query=Kastanienallee%2012%2C%20Hinterhaus%2C%20Berlin%2C%20Germany',
    );
    expect(confirmed.text).toContain('The seller hands it over by Sun, Nov 29, 2026');
    const sold = renderTemplate('new-order', input('provider', { order: pickupOrder }));
    expect(sold.subject).toBe('New order: Trek Domane SL5 · Hand over by Sun, Nov 29');
    expect(sold.text).toContain('Hand it over by Sun, Nov 29, 2026, 10:00 AM UTC');
    const handedOver = renderTemplate('shipped', input('customer', { order: pickupOrder }));
    expect(handedOver.subject).toBe('Picked up: Trek Domane SL5');
    expect(handedOver.text).toContain('Sam S handed Trek Domane SL5 over to you.');
    expect(handedOver.text).not.toContain('tracking');
  });

  it("shipped: the carrier and the number linked to the carrier's tracking page", () => {
    const mail = renderTemplate('shipped', input('customer', details));
    expect(mail.subject).toBe('On its way: Trek Domane SL5');
    expect(mail.text).toContain('Carrier: Royal Mail');
    expect(mail.text).toContain(
      'Track the parcel: https://www.royalmail.com/track-your-item#/tracking-results/1Z999AA10123456784',
    );
    const other = renderTemplate(
      'shipped',
      input('customer', { ...details, order: { ...shippedOrder, carrier: 'other' } }),
    );
    expect(other.text).toContain('Carrier: Other');
    expect(other.text).not.toContain('Track the parcel');
  });

  it('a payment canceled on the order page says who canceled it, not that time ran out', () => {
    const expired = (step?: { transition: string; by: Actor }) =>
      renderTemplate('payment-expired', input('customer', step ? { step } : {})).text;
    expect(expired({ transition: 'expire-payment', by: 'system' })).toContain('was not completed in time');
    expect(expired({ transition: 'cancel-payment', by: 'customer' })).toContain(
      'You canceled the payment for Trek Domane SL5, so the order was canceled.',
    );
    expect(expired({ transition: 'cancel-payment', by: 'operator' })).toContain(
      'The marketplace canceled the payment for',
    );
    expect(expired({ transition: 'cancel-payment', by: 'customer' })).toContain('You have not been charged.');
  });

  it('a canceled order says why, to each side', () => {
    const why = (role: MailRole, transition: string, by: Actor = 'system') =>
      renderTemplate('canceled', input(role, { step: { transition, by } })).text;
    expect(why('provider', 'cancel', 'customer')).toContain(
      'The buyer canceled it within 3 hours of buying.',
    );
    expect(why('customer', 'cancel', 'customer')).toContain('You canceled it.');
    expect(why('customer', 'cancel', 'operator')).toContain('The marketplace canceled it.');
    expect(why('provider', 'auto-cancel')).toContain(
      'It was not marked shipped within 5 days of the purchase, so it was canceled automatically.',
    );
    expect(
      renderTemplate(
        'canceled',
        input('customer', { order: pickupOrder, step: { transition: 'auto-cancel', by: 'system' } }),
      ).text,
    ).toContain('It was not handed over within 5 days');
    expect(why('customer', 'cancel-from-disputed', 'operator')).toContain(
      'after looking into the reported problem',
    );
    expect(why('provider', 'auto-cancel-from-disputed')).toContain('not resolved within 60 days');
  });

  it('an address is one paragraph of lines, with line breaks in HTML', () => {
    const mail = renderTemplate('new-order', input('provider'));
    expect(mail.html).toContain(
      'Ship to:<br><strong>Ann Smith</strong><br><strong>10 Downing Street</strong>',
    );
  });

  it('the ship reminder of a pickup speaks of handing over', () => {
    const mail = renderTemplate('ship-reminder', input('provider', { order: pickupOrder }));
    expect(mail.subject).toBe('Reminder: please hand over Trek Domane SL5');
    expect(mail.text).toContain('Please hand it over and mark the order handed over by Sun, Nov 29, 2026');
  });

  it('dates in mails are UTC and say so', () => {
    expect(mailDate(new Date('2026-12-08T09:05:00.000Z'))).toBe('Tue, Dec 8, 2026, 9:05 AM UTC');
  });

  it('shipped without a tracking number says so', () => {
    expect(renderTemplate('shipped', input('customer')).text).toContain(
      'The seller gave no tracking number.',
    );
  });

  it.each(cases)('%s to the %s: user text is escaped in HTML, never markup', (name, role) => {
    const mail = renderTemplate(
      name,
      input(role, {
        listingTitle: evil,
        otherPartyName: evil,
        recipientName: evil,
        customerName: evil,
        trackingNumber: evil,
        disputeReason: evil,
        messageExcerpt: evil,
        messages: [{ senderName: evil, at: '2026-11-22T10:05:00.000Z', excerpt: evil }],
        order: {
          ...shippedOrder,
          shippingDetails: { ...londonAddress, recipientName: evil, recipientAddressLine1: evil },
        },
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    // The text body carries the user's text as it is (plain text is never rendered as markup).
    expect(mail.text).toContain('<script>');
  });

  it('subjects are one line, without control characters, and cut', () => {
    const mail = renderTemplate(
      'new-order',
      input('provider', { listingTitle: `Bike\r\nBcc: x@y.z\t${'a'.repeat(200)}` }),
    );
    expect(mail.subject).not.toMatch(/[\r\n\t]/);
    expect(mail.subject.length).toBeLessThanOrEqual(150);
    expect(mail.subject).toMatch(/^New order: Bike Bcc: x@y\.z a+… · Ship by Sun, Nov 29$/);
  });

  it('message digest: one message is singular; the subject stays one line; every message listed in order', () => {
    const one = renderTemplate(
      'message-digest',
      input('customer', {
        listingTitle: 'Bike\nBcc: x@y.z',
        messages: [{ senderName: 'Sam S', at: '2026-11-22T23:59:00.000Z', excerpt: 'Yes.' }],
      }),
    );
    expect(one.subject).toBe('1 new message about Bike Bcc: x@y.z');
    expect(one.text).toContain('You have 1 new message about Bike\nBcc: x@y.z:');
    expect(one.text).toContain('Sam S (Nov 22, 23:59 UTC): “Yes.”');
    expect(one.text).toContain('https://velo.test/order/tx-42/details');
    const two = renderTemplate('message-digest', input('provider', details)).text;
    expect(two.indexOf('Friday')).toBeLessThan(two.indexOf('Saturday'));
  });

  it('links: the role page, the id escaped; origin and operator address from the environment', () => {
    expect(orderLink(origin, 'a/b', 'customer')).toBe('https://velo.test/order/a%2Fb/details');
    expect(orderLink(origin, 'x', 'provider')).toBe('https://velo.test/sale/x/details');
    expect(operatorEmail({})).toBe('operator@veloexchange.com');
    expect(operatorEmail({ VELO_OPERATOR_EMAIL: 'ops@velo.test' })).toBe('ops@velo.test');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('categories: messages and reminders can be turned off, everything else is an order mail', () => {
    expect(categoryOf('new-message')).toBe('message');
    expect(categoryOf('message-digest')).toBe('message');
    expect(categoryOf('ship-reminder')).toBe('reminder');
    expect(categoryOf('report-problem-reminder')).toBe('reminder');
    for (const name of templateNames.filter(
      (n) => !['new-message', 'message-digest', 'ship-reminder', 'report-problem-reminder'].includes(n),
    )) {
      expect(categoryOf(name)).toBe('order');
    }
  });
});
