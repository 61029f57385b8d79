import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  addressSubject,
  countOrRefuse,
  type DailyLimit,
  dailyCountUpdate,
  giveBack,
  refusedByCount,
  userSubject,
  utcDay,
  withDailyCount,
} from './daily-limits';
import { ApiError } from './errors';
import { mockTable } from './mock-table.test-helper';
import { keys } from './table-design';

const ddb = mockTable();
const limit: DailyLimit = { subject: userSubject('u-1'), purpose: 'ENQUIRY', max: 10 };
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'at limit', $metadata: {} });

describe('the counter item', () => {
  it('is one per subject, purpose and UTC day: a minute apart across midnight UTC are two days', () => {
    const late = dailyCountUpdate(limit, new Date('2026-11-27T23:59:00.000Z')).Update;
    const early = dailyCountUpdate(limit, new Date('2026-11-28T00:01:00.000Z')).Update;
    expect(late.Key).toEqual({ PK: 'USER#u-1', SK: 'ENQUIRY#2026-11-27' });
    expect(early.Key).toEqual({ PK: 'USER#u-1', SK: 'ENQUIRY#2026-11-28' });
    // Midnight in a time zone west of UTC is still the UTC date.
    expect(utcDay(new Date('2026-11-27T20:00:00.000-05:00'))).toBe('2026-11-28');
  });

  it('counts one more only below the limit, in one conditional update', () => {
    const { Update } = dailyCountUpdate(limit, new Date('2026-11-27T10:00:00.000Z'));
    expect(Update.UpdateExpression).toContain('sentCount = if_not_exists(sentCount, :zero) + :one');
    expect(Update.ConditionExpression).toBe('attribute_not_exists(sentCount) OR sentCount < :max');
    expect(Update.ExpressionAttributeValues).toMatchObject({ ':max': 10, ':one': 1, ':zero': 0 });
  });

  it('never shares a key with the open-enquiry item of the same user', () => {
    const counter = dailyCountUpdate(limit, new Date('2026-11-27T10:00:00.000Z')).Update.Key!;
    const open = keys.openEnquiry('u-1', '2026-11-27');
    expect(open.PK).toBe(counter.PK);
    expect(open.SK).not.toBe(counter.SK);
    expect(open.SK.startsWith('ENQUIRY#')).toBe(false);
  });

  it('is the verification e-mails item for VERIFY, so e-mail changes and resends share one count', () => {
    const { Update } = dailyCountUpdate(
      { subject: userSubject('u-1'), purpose: 'VERIFY', max: 5 },
      new Date('2026-11-27T10:00:00.000Z'),
    );
    expect(Update.Key).toEqual({ PK: 'USER#u-1', SK: 'VERIFY#2026-11-27' });
  });

  it('keys an address by its hash: the same address one subject, never the address itself', () => {
    const subject = addressSubject('ada@example.com');
    expect(subject).toMatch(/^ADDRESS#[0-9a-f]{64}$/);
    expect(subject).not.toContain('ada');
    expect(addressSubject('ada@example.com')).toBe(subject);
    expect(addressSubject('bob@example.com')).not.toBe(subject);
  });
});

describe('countOrRefuse', () => {
  it('counts and returns the key to give back', async () => {
    ddb.on(UpdateCommand).resolves({});
    const count = await countOrRefuse(limit, new Date('2026-11-27T10:00:00.000Z'));
    expect(count.key).toEqual({ PK: 'USER#u-1', SK: 'ENQUIRY#2026-11-27' });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('at the limit: 429 too-many-requests with the limit, or the limit’s own refusal', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    await expect(countOrRefuse(limit)).rejects.toMatchObject({
      code: 'too-many-requests',
      status: 429,
      message: 'Too many requests. Please wait a moment and try again.',
      meta: { limit: 10, period: 'day' },
    });
    await expect(
      countOrRefuse({ ...limit, refusal: () => new ApiError('email-too-many-verification-requests') }),
    ).rejects.toMatchObject({ code: 'email-too-many-verification-requests', status: 429 });
  });

  it('passes any other failure on', async () => {
    ddb.on(UpdateCommand).rejects(new Error('table gone'));
    await expect(countOrRefuse(limit)).rejects.toThrow('table gone');
  });
});

describe('giveBack', () => {
  it('takes one off, never below zero, and a count already at zero is no error', async () => {
    ddb.on(UpdateCommand).rejectsOnce(conditionFailed());
    await giveBack({ key: { PK: 'USER#u-1', SK: 'ENQUIRY#2026-11-27' } });
    const { input } = ddb.commandCalls(UpdateCommand)[0]!.args[0];
    expect(input.UpdateExpression).toBe('SET sentCount = sentCount - :one');
    expect(input.ConditionExpression).toBe('sentCount >= :one');
  });
});

describe('withDailyCount', () => {
  const gaveBack = () =>
    ddb.commandCalls(UpdateCommand).filter((call) => call.args[0].input.UpdateExpression?.includes('- :one'));

  it('keeps the count when the action is refused (4xx): an unknown address counts like a known one', async () => {
    ddb.on(UpdateCommand).resolves({});
    await expect(
      withDailyCount(limit, () => Promise.reject(new ApiError('email-not-found'))),
    ).rejects.toMatchObject({ code: 'email-not-found' });
    expect(gaveBack()).toHaveLength(0);
  });

  it('gives the count back when the action failed on our side', async () => {
    ddb.on(UpdateCommand).resolves({});
    await expect(withDailyCount(limit, () => Promise.reject(new Error('Cognito down')))).rejects.toThrow(
      'Cognito down',
    );
    expect(gaveBack()).toHaveLength(1);
  });

  it('does not run the action at the limit', async () => {
    ddb.on(UpdateCommand).rejects(conditionFailed());
    let ran = false;
    await expect(
      withDailyCount(limit, async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ status: 429 });
    expect(ran).toBe(false);
  });
});

describe('refusedByCount', () => {
  const cancelled = (...codes: string[]) =>
    new TransactionCanceledException({
      message: 'cancelled',
      $metadata: {},
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

  it('is the refusal only when the count’s own item failed its condition (from the end, too)', () => {
    expect(refusedByCount(cancelled('None', 'None', 'ConditionalCheckFailed'), -1, limit)).toMatchObject({
      code: 'too-many-requests',
    });
    expect(refusedByCount(cancelled('None', 'None', 'ConditionalCheckFailed'), 2, limit)).toBeDefined();
    expect(refusedByCount(cancelled('ConditionalCheckFailed', 'None', 'None'), -1, limit)).toBeUndefined();
    expect(refusedByCount(new Error('other'), -1, limit)).toBeUndefined();
  });
});
