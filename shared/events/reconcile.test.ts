import { describe, expect, it } from 'vitest';
import {
  commissionEarned,
  listingClosed,
  paymentCaptured,
  payoutAccountUpdated,
  payoutDisbursed,
  payoutScheduled,
  refundIssued,
  transactionEventId,
} from './envelope';
import { balances, reconcile } from './reconcile';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const occurredAt = '2026-11-22T05:00:00.000Z';
const idOf = (tx: string, type: Parameters<typeof transactionEventId>[1]) => ({
  id: transactionEventId(tx, type),
  occurredAt,
});

function captured(tx: string, amount: number, currency = 'USD') {
  return paymentCaptured(
    {
      transactionId: tx,
      customerId: 'buyer',
      provider: 'stripe',
      providerPaymentId: `pi_${tx}`,
      amount: { amount, currency },
    },
    idOf(tx, 'PaymentCaptured'),
  );
}
function refunded(tx: string, amount: number) {
  return refundIssued(
    {
      transactionId: tx,
      customerId: 'buyer',
      provider: 'stripe',
      providerRefundId: `re_${tx}`,
      amount: usd(amount),
      reason: 'canceled',
    },
    idOf(tx, 'RefundIssued'),
  );
}
function paidOut(tx: string, amount: number) {
  return payoutDisbursed(
    {
      transactionId: tx,
      sellerId: 'seller',
      provider: 'stripe',
      providerPayoutId: `tr_${tx}`,
      amount: usd(amount),
    },
    idOf(tx, 'PayoutDisbursed'),
  );
}
function commission(tx: string, provider: number, customer: number) {
  return commissionEarned(
    {
      transactionId: tx,
      providerCommission: usd(provider),
      customerCommission: usd(customer),
      total: usd(provider + customer),
    },
    idOf(tx, 'CommissionEarned'),
  );
}

// An order of $200 with a 10% provider commission and a $20 customer commission:
// payin 22 000, payout 18 000, commission 2 000 + 2 000.
const completed = (tx: string) => [captured(tx, 22_000), paidOut(tx, 18_000), commission(tx, 2_000, 2_000)];
const canceled = (tx: string) => [captured(tx, 22_000), refunded(tx, 22_000)];

describe('reconcile', () => {
  it('finds nothing wrong with a completed order: payin = payout + commission', () => {
    expect(reconcile(completed('tx-done'))).toEqual([]);
    expect(balances(completed('tx-done'))).toEqual([
      {
        transactionId: 'tx-done',
        currency: 'USD',
        captured: 22_000,
        refunded: 0,
        paidOut: 18_000,
        commission: 4_000,
        difference: 0,
      },
    ]);
  });

  it('finds nothing wrong with a canceled order: captured = refunded, no payout or commission', () => {
    expect(reconcile(canceled('tx-canceled'))).toEqual([]);
  });

  it('shows a missing payout as an imbalance of that transaction only', () => {
    const events = [
      ...completed('tx-a'),
      captured('tx-b', 22_000),
      commission('tx-b', 2_000, 2_000),
      ...canceled('tx-c'),
    ];
    expect(reconcile(events)).toEqual([
      {
        transactionId: 'tx-b',
        currency: 'USD',
        captured: 22_000,
        refunded: 0,
        paidOut: 0,
        commission: 4_000,
        difference: 18_000,
      },
    ]);
  });

  it('shows money that went out twice (refunded and paid out) as a negative difference', () => {
    const events = [...completed('tx-both'), refunded('tx-both', 22_000)];
    expect(reconcile(events)).toMatchObject([{ transactionId: 'tx-both', difference: -22_000 }]);
  });

  it('counts an event delivered twice once (same id)', () => {
    const events = completed('tx-dup');
    expect(reconcile([...events, events[1]!, events[0]!])).toEqual([]);
  });

  it('keeps currencies apart and ignores events that move no money', () => {
    const events = [
      captured('tx-eur', 10_000, 'EUR'),
      refunded('tx-eur', 10_000), // USD: does not cancel the EUR capture
      payoutScheduled(
        { transactionId: 'tx-eur', sellerId: 'seller', provider: 'stripe', amount: usd(9_000) },
        { occurredAt },
      ),
      payoutAccountUpdated({ userId: 'seller', provider: 'paypal', payoutReady: true, at: occurredAt }),
      listingClosed({ listingId: 'l', authorId: 'seller' }),
    ];
    expect(reconcile(events)).toEqual([
      expect.objectContaining({ transactionId: 'tx-eur', currency: 'EUR', difference: 10_000 }),
      expect.objectContaining({ transactionId: 'tx-eur', currency: 'USD', difference: -10_000 }),
    ]);
  });

  it('is empty for no events', () => {
    expect(reconcile([])).toEqual([]);
  });
});
