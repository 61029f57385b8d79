import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { isEnquiryQuestion, notificationRecord } from './stream';

function record(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  sk: string,
  versions: { old?: number; new?: number } = {},
): DynamoDBRecord {
  const image = (version: number | undefined) =>
    version === undefined
      ? undefined
      : { PK: { S: 'TX#t1' }, SK: { S: sk }, version: { N: String(version) } };
  return {
    eventName,
    dynamodb: {
      Keys: { PK: { S: 'TX#t1' }, SK: { S: sk } },
      ...(image(versions.old) ? { OldImage: image(versions.old) } : {}),
      ...(image(versions.new) ? { NewImage: image(versions.new) } : {}),
    },
  } as DynamoDBRecord;
}

describe('order-notifications: which stream records mail', () => {
  it('the transaction item when its version grew (INSERT: from 0)', () => {
    expect(notificationRecord(record('INSERT', 'TX', { new: 1 }))).toEqual({
      kind: 'transaction',
      transactionId: 't1',
      fromVersion: 0,
      toVersion: 1,
    });
    expect(notificationRecord(record('MODIFY', 'TX', { old: 3, new: 4 }))).toMatchObject({
      fromVersion: 3,
      toVersion: 4,
    });
  });

  it('not a single transition that mails nobody (its lastTransition says so)', () => {
    const withLast = (name: string) => {
      const r = record('MODIFY', 'TX', { old: 1, new: 2 });
      (r.dynamodb!.NewImage as Record<string, unknown>).lastTransition = { S: name };
      return notificationRecord(r);
    };
    expect(withLast('review-1-by-customer')).toBeUndefined();
    expect(withLast('confirm-payment')).toMatchObject({ kind: 'transaction', toVersion: 2 });
  });

  it('not a modification that kept the version (token, money lock, message count) nor a removal', () => {
    expect(notificationRecord(record('MODIFY', 'TX', { old: 4, new: 4 }))).toBeUndefined();
    expect(notificationRecord(record('REMOVE', 'TX', { old: 4 }))).toBeUndefined();
  });

  it('an inserted message; not the other items of the partition', () => {
    expect(
      notificationRecord(record('INSERT', 'MSG#2026-11-22T10:00:00.000Z#m1', { new: undefined })),
    ).toEqual({
      kind: 'message',
      transactionId: 't1',
      sk: 'MSG#2026-11-22T10:00:00.000Z#m1',
    });
    expect(notificationRecord(record('MODIFY', 'MSG#x#m1'))).toBeUndefined();
    for (const sk of [
      'EVENT#PaymentCaptured',
      'NOTIFIED#v2#new-order#u1',
      'MSGMAIL#u1',
      'REVIEW#ofProvider',
    ]) {
      expect(notificationRecord(record('INSERT', sk, { new: 1 }))).toBeUndefined();
    }
  });
});

describe('order-notifications: the enquiry question', () => {
  const entry = (transition: string, createdAt: string) => ({ transition, createdAt }) as never;
  const enquiry = {
    customerId: 'buyer',
    transitions: [entry('enquire', '2026-11-22T10:00:00.000Z')],
  };
  const bought = {
    ...enquiry,
    transitions: [...enquiry.transitions, entry('request-payment-after-enquiry', '2026-11-22T10:05:00.000Z')],
  };
  const message = (senderId: string, createdAt: string) => ({ senderId, createdAt });

  it("the buyer's message while the transaction is an enquiry", () => {
    expect(isEnquiryQuestion(enquiry, message('buyer', '2026-11-22T10:00:01.000Z'))).toBe(true);
  });

  it('decided by the time of the message, not the state now (a retry after the buyer bought)', () => {
    expect(isEnquiryQuestion(bought, message('buyer', '2026-11-22T10:00:01.000Z'))).toBe(true);
    expect(isEnquiryQuestion(bought, message('buyer', '2026-11-22T10:06:00.000Z'))).toBe(false);
  });

  it("not the seller's answers, nor messages of an order that never was an enquiry", () => {
    expect(isEnquiryQuestion(enquiry, message('seller', '2026-11-22T10:01:00.000Z'))).toBe(false);
    const order = {
      customerId: 'buyer',
      transitions: [entry('request-payment', '2026-11-22T10:00:00.000Z')],
    };
    expect(isEnquiryQuestion(order, message('buyer', '2026-11-22T10:01:00.000Z'))).toBe(false);
  });
});
