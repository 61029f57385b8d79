import { describe, expect, it } from 'vitest';
import { deliveredTransaction, fixtureTransaction, PURCHASED_AT } from '../fixtures';
import { actorName, timelineEntries } from './activity';

describe('activity feed', () => {
  it('tells each transition with who took it', () => {
    const tx = fixtureTransaction(deliveredTransaction());
    expect(timelineEntries(tx, 'customer', 'Sam S').map((e) => [e.text, e.by])).toEqual([
      ['The order was started.', 'You'],
      ['The order was placed.', 'You'],
      ['The order was marked as shipped.', 'Sam S'],
    ]);
    expect(timelineEntries(tx, 'provider', 'Bea B').map((e) => e.by)).toEqual(['Bea B', 'Bea B', 'You']);
  });

  it('names the system and the operator', () => {
    expect(actorName('system', 'customer', 'X')).toBe('Automatically');
    expect(actorName('operator', 'provider', 'X')).toBe('Marketplace');
  });

  it('says handed over for a pickup and skips silent transitions', () => {
    const tx = fixtureTransaction({
      orderData: { deliveryMethod: 'pickup', quantity: 1 },
      transitions: [
        { transition: 'mark-delivered', by: 'provider', createdAt: PURCHASED_AT },
        { transition: 'auto-complete', by: 'system', createdAt: PURCHASED_AT },
      ],
    });
    expect(timelineEntries(tx, 'customer', 'Sam S').map((e) => e.text)).toEqual([
      'The item was handed over.',
    ]);
  });
});
