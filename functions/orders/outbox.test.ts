import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventValidationError, validateEvent } from '../../shared/events/envelope';
import { isOutboxKey, type OutboxEvent, outboxItem, outboxKey, outboxPut } from './outbox';

const txId = '0b6f3c1e-4a2d-5e8f-9a1b-2c3d4e5f6a7b';
const usd = (amount: number) => ({ amount, currency: 'USD' });
const captured: OutboxEvent = {
  type: 'PaymentCaptured',
  data: {
    transactionId: txId,
    customerId: 'buyer',
    provider: 'stripe',
    providerPaymentId: 'pi_1',
    amount: usd(22_000),
  },
  occurredAt: '2026-11-22T05:00:00.123Z',
};

beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'velo-test');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('outboxPut', () => {
  it('puts TX#<txId>/EVENT#<type> with the validated envelope, once per type', () => {
    const put = outboxPut(captured);
    expect(put).toEqual({
      Put: {
        TableName: 'velo-test',
        ConditionExpression: 'attribute_not_exists(PK)',
        Item: {
          PK: `TX#${txId}`,
          SK: 'EVENT#PaymentCaptured',
          entity: 'finance-outbox',
          txId,
          eventType: 'PaymentCaptured',
          occurredAt: '2026-11-22T05:00:00.123Z',
          detail: {
            id: `${txId}:PaymentCaptured`,
            type: 'PaymentCaptured',
            version: 1,
            occurredAt: '2026-11-22T05:00:00.123Z',
            source: 'velo.finance',
            data: captured.data,
          },
        },
      },
    });
    expect(validateEvent(put.Put.Item?.detail)).toMatchObject({ ok: true });
  });

  it('takes a Date or the current time for occurredAt', () => {
    expect(outboxItem({ ...captured, occurredAt: new Date('2026-11-22T05:00:00Z') }).occurredAt).toBe(
      '2026-11-22T05:00:00.000Z',
    );
    const { occurredAt: _, ...now } = captured;
    const item = outboxItem(now as OutboxEvent);
    expect(Date.now() - Date.parse(item.occurredAt)).toBeLessThan(5_000);
    expect(item.detail.occurredAt).toBe(item.occurredAt);
  });

  it('refuses an invalid payload before anything is written', () => {
    expect(() =>
      outboxPut({
        type: 'CommissionEarned',
        data: { transactionId: txId, providerCommission: usd(-1), customerCommission: usd(0), total: usd(0) },
      }),
    ).toThrow(EventValidationError);
  });

  it('keys and recognises outbox items', () => {
    expect(outboxKey(txId, 'RefundIssued')).toEqual({ PK: `TX#${txId}`, SK: 'EVENT#RefundIssued' });
    expect(isOutboxKey(`TX#${txId}`, 'EVENT#RefundIssued')).toBe(true);
    expect(isOutboxKey(`TX#${txId}`, 'TX')).toBe(false);
    expect(isOutboxKey(`TX#${txId}`, 'MSG#2026#m')).toBe(false);
    expect(isOutboxKey('LISTING#l', 'EVENT#RefundIssued')).toBe(false);
    expect(isOutboxKey(undefined, undefined)).toBe(false);
  });
});
