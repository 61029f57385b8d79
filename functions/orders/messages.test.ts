import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { mockTable } from '../lib/mock-table.test-helper';
import {
  MESSAGE_MAX_LENGTH,
  messageContent,
  messageItem,
  messageLimit,
  putMessage,
  toMessageView,
} from './messages';

const ddb = mockTable();

describe('messageContent', () => {
  it('trims and keeps up to 5000 characters', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(5000);
    expect(messageContent('  Hello there \n')).toBe('Hello there');
    expect(messageContent(` ${'x'.repeat(5000)} `)).toHaveLength(5000);
  });

  it('refuses missing, blank, non-text and too long content with 400', () => {
    for (const value of [undefined, null, 42, '', '   \n\t', 'x'.repeat(5001)]) {
      expect(() => messageContent(value)).toThrow(
        expect.objectContaining({ code: 'validation-invalid-params', status: 400 }),
      );
    }
  });
});

describe('message items', () => {
  it('keys a message by time under its transaction and shows it without keys', () => {
    const item = messageItem('tx-1', 'u-1', 'Hi', '2026-11-22T10:00:00.000Z', 'm-1');
    expect(item).toEqual({
      PK: 'TX#tx-1',
      SK: 'MSG#2026-11-22T10:00:00.000Z#m-1',
      entity: 'message',
      id: 'm-1',
      transactionId: 'tx-1',
      senderId: 'u-1',
      content: 'Hi',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect(toMessageView(item)).toEqual({
      id: 'm-1',
      transactionId: 'tx-1',
      senderId: 'u-1',
      content: 'Hi',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
  });
});

describe('putMessage', () => {
  it('puts the message and counts it on the transaction in one TransactWrite, for a party only', async () => {
    ddb.on(TransactWriteCommand).resolves({});
    const sent = await putMessage('tx-1', 'u-1', 'Hi', new Date('2026-11-22T10:00:00.000Z'));
    expect(sent).toMatchObject({ transactionId: 'tx-1', senderId: 'u-1', content: 'Hi' });
    const [put, update] = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(put!.Put).toMatchObject({
      Item: { PK: 'TX#tx-1', SK: `MSG#2026-11-22T10:00:00.000Z#${sent.id}`, content: 'Hi' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(update!.Update).toMatchObject({
      Key: { PK: 'TX#tx-1', SK: 'TX' },
      UpdateExpression: 'ADD messageCount :one',
      ConditionExpression: 'attribute_exists(PK) AND (customerId = :me OR providerId = :me)',
      ExpressionAttributeValues: { ':one': 1, ':me': 'u-1' },
    });
  });

  it('answers 404 when the transaction is missing or the sender is not a party', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    await expect(putMessage('tx-1', 'stranger', 'Hi')).rejects.toMatchObject({
      code: 'not-found',
      status: 404,
    });
  });
});

describe('the daily limit of messages', () => {
  it('counts the sender’s message in the same TransactWrite, and refuses it at the limit with 429', async () => {
    ddb.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
      }),
    );
    const now = new Date('2026-11-22T10:00:00.000Z');
    await expect(putMessage('tx-1', 'u-1', 'Hi', now, messageLimit('u-1'))).rejects.toMatchObject({
      code: 'too-many-requests',
      status: 429,
      meta: { limit: 200, period: 'day' },
    });
    const items = ddb.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[2]!.Update).toMatchObject({
      Key: { PK: 'USER#u-1', SK: 'MESSAGE#2026-11-22' },
      ExpressionAttributeValues: { ':max': 200 },
    });
  });
});
