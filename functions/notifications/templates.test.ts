import { describe, expect, it } from 'vitest';
import {
  categoryOf,
  escapeHtml,
  type MailRole,
  operatorEmail,
  orderLink,
  renderTemplate,
  siteOrigin,
  type TemplateInput,
  type TemplateName,
  templateNames,
} from './templates';

const origin = 'https://velo.test';
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
    ...extra,
  };
}

/** Each template, the role(s) it goes to, and what its text must say. */
const cases: [TemplateName, MailRole, RegExp[]][] = [
  ['new-order', 'provider', [/Bea B bought Trek Domane SL5/, /ship it within 5 days/]],
  ['payment-expired', 'customer', [/not completed in time/, /not been charged/]],
  [
    'shipped',
    'customer',
    [/Sam S has shipped Trek Domane SL5/, /Tracking number: 1Z999AA10123456784/, /within 3 days/],
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
  ['ship-reminder', 'provider', [/Bea B is waiting for Trek Domane SL5/, /within the next 2 days/]],
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
    expect(mail.subject).toMatch(/^New order: Bike Bcc: x@y\.z a+…$/);
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
    expect(siteOrigin({})).toBe('https://www.veloexchange.com');
    expect(siteOrigin({ SITE_ORIGIN: 'http://localhost:3000/' })).toBe('http://localhost:3000');
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
