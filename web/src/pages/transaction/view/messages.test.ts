import { describe, expect, it } from 'vitest';
import type { MessageView } from '../../../../../shared/api/transactions';
import { messages } from '../../../../../shared/errors/catalogue';
import { fixtureShow, PURCHASED_AT } from '../fixtures';
import { messagingDisabledReason, senderLabel, threadOrder } from './messages';

describe('messages', () => {
  const message = (id: string, senderId = 'buyer-1'): MessageView => ({
    id,
    transactionId: 'tx-1',
    createdAt: PURCHASED_AT,
    content: id,
    senderId,
  });

  it('disables sending when the other party was removed (§6)', () => {
    expect(messagingDisabledReason(fixtureShow(), 'customer')).toBeUndefined();
    const banned = fixtureShow(
      {},
      { provider: { id: 'seller-1', displayName: '', abbreviatedName: '', banned: true } },
    );
    expect(messagingDisabledReason(banned, 'customer')).toBe(messages.sendingMessageNotAllowed);
    expect(messagingDisabledReason(banned, 'provider')).toBeUndefined();
    const deleted = fixtureShow(
      {},
      { customer: { id: 'buyer-1', displayName: '', abbreviatedName: '', deleted: true } },
    );
    expect(messagingDisabledReason(deleted, 'provider')).toBe(messages.sendingMessageNotAllowed);
  });

  it('names the sender You or the other party', () => {
    const other = fixtureShow().provider;
    expect(senderLabel(message('a', 'buyer-1'), 'buyer-1', other)).toBe('You');
    expect(senderLabel(message('a', 'seller-1'), 'buyer-1', other)).toBe('Sam S');
    expect(senderLabel(message('a', 'seller-1'), 'buyer-1', { ...other, deleted: true })).toBe(
      'Deleted user',
    );
  });

  it('shows pages oldest first, older pages on top, sent messages last, without duplicates', () => {
    const page1 = [message('m4'), message('m3')];
    const page2 = [message('m3'), message('m2'), message('m1')];
    expect(threadOrder([page1, page2], [message('m5'), message('m4')]).map((m) => m.id)).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
    ]);
  });
});
