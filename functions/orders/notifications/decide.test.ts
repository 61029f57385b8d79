import { describe, expect, it } from 'vitest';
import { transitions } from '../../../shared/process/graph';
import { mailsForTransition } from './decide';
import { remindersFor } from './reminders';

const DAY = 86_400_000;

describe('which mails for which transition', () => {
  it.each([
    [
      'confirm-payment',
      [
        ['new-order', 'provider'],
        ['order-confirmed', 'customer'],
      ],
    ],
    ['expire-payment', [['payment-expired', 'customer']]],
    ['cancel-payment', [['payment-expired', 'customer']]],
    ['mark-delivered', [['shipped', 'customer']]],
    ...[
      'mark-received',
      'mark-received-from-purchased',
      'auto-mark-received',
      'mark-received-from-disputed',
    ].map((name) => [
      name,
      [
        ['received', 'customer'],
        ['received', 'provider'],
      ],
    ]),
    ...['cancel', 'auto-cancel', 'cancel-from-disputed', 'auto-cancel-from-disputed'].map((name) => [
      name,
      [
        ['canceled', 'customer'],
        ['canceled', 'provider'],
      ],
    ]),
    [
      'dispute',
      [
        ['dispute-opened', 'customer'],
        ['dispute-opened', 'provider'],
        ['dispute-opened', 'operator'],
      ],
    ],
    [
      'auto-complete',
      [
        ['review-request', 'customer'],
        ['review-request', 'provider'],
      ],
    ],
    ...[
      'review-2-by-provider',
      'review-2-by-customer',
      'expire-review-period',
      'expire-provider-review-period',
      'expire-customer-review-period',
    ].map((name) => [
      name,
      [
        ['reviews-published', 'customer'],
        ['reviews-published', 'provider'],
      ],
    ]),
    ['enquire', []],
    ['request-payment', []],
    ['request-payment-after-enquiry', []],
    ['review-1-by-customer', []],
    ['review-1-by-provider', []],
  ] as [string, [string, string][]][])('%s', (name, expected) => {
    expect(mailsForTransition(name).map((mail) => [mail.template, mail.to])).toEqual(expected);
  });

  it('every transition of the graph is decided (the table above is complete)', () => {
    // Entering completed (auto-complete) and reviewed are the review mails; nothing else is silent by accident.
    const silent = transitions.filter((t) => mailsForTransition(t.name).length === 0).map((t) => t.name);
    expect(silent.sort()).toEqual(
      [
        'enquire',
        'request-payment',
        'request-payment-after-enquiry',
        'review-1-by-customer',
        'review-1-by-provider',
      ].sort(),
    );
  });

  it('an unknown name mails nobody', () => {
    expect(mailsForTransition('nope')).toEqual([]);
  });
});

describe('reminder times', () => {
  const at = (ms: number) => new Date(Date.parse('2026-11-22T10:00:00.000Z') + ms);

  it('ship: 3 days after purchase; report a problem: 1 day before the window closes (pickup: 2 days after the hand-over)', () => {
    expect(remindersFor('purchased', { purchased: at(0).toISOString() }, at(0), {})).toEqual([
      { reminder: 'ship', dueAt: at(3 * DAY) },
    ]);
    const pickup = { deliveryMethod: 'pickup' as const };
    expect(remindersFor('delivered', { delivered: at(0).toISOString() }, at(0), {}, pickup)).toEqual([
      { reminder: 'report-problem', dueAt: at(2 * DAY) },
    ]);
  });

  it('a shipped order: 12 days after marked shipped (10 days in transit, then 2 of the 3 to report)', () => {
    const shipped = { deliveryMethod: 'shipping' as const };
    expect(remindersFor('delivered', { delivered: at(0).toISOString() }, at(0), {}, shipped)).toEqual([
      { reminder: 'report-problem', dueAt: at(12 * DAY) },
    ]);
  });

  it('no reminders outside purchased and delivered', () => {
    for (const state of ['pending-payment', 'received', 'completed', 'disputed', 'enquiry'] as const) {
      expect(remindersFor(state, {}, at(0), {})).toEqual([]);
    }
  });

  it('scaled like the timers; never before delivered when the window timer is overridden', () => {
    expect(remindersFor('purchased', { purchased: at(0).toISOString() }, at(0), { scale: 0.01 })).toEqual([
      { reminder: 'ship', dueAt: at(0.03 * DAY) },
    ]);
    expect(
      remindersFor('delivered', { delivered: at(0).toISOString() }, at(0), {
        overrides: { 'auto-mark-received': 1000 },
      }),
    ).toEqual([{ reminder: 'report-problem', dueAt: at(0) }]);
  });

  it('an override of a reminder counts from entering its state, unscaled', () => {
    const settings = { scale: 0.5, overrides: { 'ship-reminder': 4000, 'report-problem-reminder': 6000 } };
    expect(remindersFor('purchased', { purchased: at(10).toISOString() }, at(20), settings)).toEqual([
      { reminder: 'ship', dueAt: at(4010) },
    ]);
    expect(remindersFor('delivered', { delivered: at(10).toISOString() }, at(20), settings)).toEqual([
      { reminder: 'report-problem', dueAt: at(6010) },
    ]);
  });
});
