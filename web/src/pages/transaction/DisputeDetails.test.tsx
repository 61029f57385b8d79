import { renderToString as render } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../../shared/api/transactions';
import { deadlineDayText } from '../../components/DateLabel';
import { DisputeDetails } from './DisputeDetails';
import { deliveredTransaction, fixtureTransaction } from './fixtures';

const dueAt = '2027-01-26T08:00:00.000Z';
const disputed = (state: TransactionView['state'] = 'disputed'): TransactionView => ({
  ...fixtureTransaction(deliveredTransaction()),
  state,
  deadline: { transition: 'auto-cancel-from-disputed', dueAt },
  dispute: {
    reason: 'damaged',
    reasonLabel: 'The item arrived damaged',
    details: 'Bent rim',
    photos: [
      { id: 'a', url: 'https://bucket.example/dispute-evidence/tx/a?X-Amz-Signature=1' },
      { id: 'b', url: 'https://bucket.example/dispute-evidence/tx/b?X-Amz-Signature=2' },
    ],
    linksExpireAt: '2026-11-27T09:00:00.000Z',
  },
});
const text = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'");

describe('DisputeDetails', () => {
  it('shows the buyer the reason, details, photos and the decision date', () => {
    const html = text(render(<DisputeDetails transaction={disputed()} partyRole="customer" />));
    expect(html).toContain('The problem you reported');
    expect(html).toContain('The item arrived damaged');
    expect(html).toContain('Bent rim');
    expect(html.match(/<img /g)).toHaveLength(2);
    expect(html).toContain('src="https://bucket.example/dispute-evidence/tx/a?X-Amz-Signature=1"');
    expect(html).toContain(
      `If it has not decided by ${deadlineDayText(new Date(dueAt))}, the order is canceled`,
    );
    expect(html).toContain('a full refund to you, or the payment to the seller');
    expect(html).toContain('the order is canceled and you are refunded in full.');
  });

  it('tells the seller they are not paid meanwhile', () => {
    const html = text(render(<DisputeDetails transaction={disputed()} partyRole="provider" />));
    expect(html).toContain('The problem the buyer reported');
    expect(html).toContain('You are not paid while the marketplace looks at the problem');
    expect(html).toContain('the order is canceled and the buyer is refunded in full.');
  });

  it('drops "what happens next" once decided, and shows nothing without a dispute', () => {
    const decided = text(render(<DisputeDetails transaction={disputed('canceled')} partyRole="customer" />));
    expect(decided).toContain('The item arrived damaged');
    expect(decided).not.toContain('What happens next');
    const { dispute: _none, ...plain } = disputed();
    expect(render(<DisputeDetails transaction={plain} partyRole="customer" />)).toBe('');
  });
});
