import type { DynamoDBRecord } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportError } from '../lib/observability';
import { publishOutboxRecord } from './finance/outbox-stream';
import { sendRecordMails } from './notifications/stream';
import { handler, transactionStreamParts } from './transaction-stream';

// The two parts are replaced: this file tests the dispatching (every part for every record, the
// failures reported and answered); each part has its own tests beside it.
vi.mock('./finance/outbox-stream', () => ({ publishOutboxRecord: vi.fn() }));
vi.mock('./notifications/stream', () => ({ sendRecordMails: vi.fn() }));
vi.mock('../lib/observability', () => ({ reportError: vi.fn(async () => {}) }));

const publish = vi.mocked(publishOutboxRecord);
const mail = vi.mocked(sendRecordMails);
const reported = vi.mocked(reportError);

function record(txId: string, sk: string, sequenceNumber: string): DynamoDBRecord {
  return {
    eventName: 'INSERT',
    dynamodb: { Keys: { PK: { S: `TX#${txId}` }, SK: { S: sk } }, SequenceNumber: sequenceNumber },
  };
}
const sequenceOf = (r: DynamoDBRecord) => r.dynamodb!.SequenceNumber!;

const first = record('t1', 'EVENT#PaymentCaptured', '100');
const second = record('t2', 'TX', '200');
const third = record('t3', 'MSG#2026-11-27T10:00:00.000Z#m1', '300');

beforeEach(() => {
  publish.mockReset().mockResolvedValue({ published: 1 });
  mail.mockReset().mockResolvedValue({ sent: 1 });
  reported.mockClear();
});

describe('transaction stream dispatcher', () => {
  it('runs the finance outbox and the order e-mails, in that order, for every record', () => {
    expect(transactionStreamParts.map((part) => part.name)).toEqual([
      'finance-outbox',
      'order-notifications',
    ]);
    expect(transactionStreamParts.map((part) => part.handle)).toEqual([publish, mail]);
  });

  it('a clean batch: both parts saw each record, no batch item failure', async () => {
    await expect(handler({ Records: [first, second, third] })).resolves.toEqual({ batchItemFailures: [] });
    expect(publish.mock.calls.map(([r]) => sequenceOf(r))).toEqual(['100', '200', '300']);
    expect(mail.mock.calls.map(([r]) => sequenceOf(r))).toEqual(['100', '200', '300']);
    expect(reported).not.toHaveBeenCalled();
  });

  it('a failed outbox publish still sends the mails of its record and handles the later records', async () => {
    publish.mockImplementation(async (r) => {
      if (r === second) throw new Error('Finance outbox item not published: the item is gone');
      return { published: 1 };
    });
    const response = await handler({ Records: [first, second, third] });
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: '200' }] });
    expect(mail.mock.calls.map(([r]) => sequenceOf(r))).toEqual(['100', '200', '300']);
    expect(publish.mock.calls.map(([r]) => sequenceOf(r))).toEqual(['100', '200', '300']);
    expect(reported).toHaveBeenCalledTimes(1);
    expect(reported.mock.calls[0]![1]).toEqual({
      task: 'finance-outbox',
      transactionId: 't2',
      sequenceNumber: '200',
    });
  });

  it('a failed mail still publishes its record; the first failed record is the one answered', async () => {
    mail.mockImplementation(async (r) => {
      if (r !== first) throw new Error('SES refused');
      return { sent: 1 };
    });
    publish.mockImplementation(async (r) => {
      if (r === third) throw new Error('EventBridge did not accept');
      return { published: 1 };
    });
    const response = await handler({ Records: [first, second, third] });
    // Lambda retries from the lowest reported record: the first that failed (t2's mail).
    expect(response.batchItemFailures.map((failure) => failure.itemIdentifier)).toEqual(['200']);
    expect(publish.mock.calls.map(([r]) => sequenceOf(r))).toEqual(['100', '200', '300']);
    expect(reported.mock.calls.map(([, tags]) => [tags.task, tags.transactionId])).toEqual([
      ['order-notifications', 't2'],
      ['finance-outbox', 't3'],
      ['order-notifications', 't3'],
    ]);
  });
});
