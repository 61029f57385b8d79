import { randomUUID } from 'node:crypto';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asyncInvokeRetryAttempts } from '../../functions/event-rules';
import { type AsyncFailureRecord, failureQueues } from '../../functions/failure-queues';
import { dynamo } from '../../functions/lib/aws';
import { LocalEventBus } from '../../infra/local/event-bus';
import { asyncFailureRecord, localFunctionArn } from '../../infra/local/failure-records';
import { runRedrive } from '../../infra/operator/redrive-command';
import { useLocalCloud } from './cloud-env';

// Issue 26: a finance event the ledger fails after Lambda's retries is kept in the failed-invocations
// queue, and the redrive command applies it once. The ledger fails for real: its table is
// unreachable (a table name DynamoDB does not have) for every delivery of the local bus, which runs
// here with the real rule table and the ledger module, and keeps its failure in the suite's queue.

let sqs: SQSClient;
let queueUrl: string;

beforeAll(async () => {
  useLocalCloud();
  sqs = new SQSClient({});
  ({ QueueUrl: queueUrl = '' } = await sqs.send(
    new GetQueueUrlCommand({ QueueName: failureQueues.failedInvocations.localName }),
  ));
});

afterAll(() => sqs.destroy());

async function ledgerEntriesOf(id: string, occurredAt: string) {
  const result = await dynamo().send(
    new QueryCommand({
      TableName: process.env.TABLE_NAME,
      KeyConditionExpression: 'PK = :pk',
      FilterExpression: 'dedupeId = :id',
      ExpressionAttributeValues: { ':pk': `LEDGER#${occurredAt.slice(0, 7)}`, ':id': id },
    }),
  );
  return result.Items ?? [];
}

const redriveQuietly = async () => {
  const lines: string[] = [];
  const outcomes = await runRedrive({ aws: false, dryRun: false, queueUrls: {} }, (line) => lines.push(line));
  return { failed: outcomes.find((outcome) => outcome.queue === 'failedInvocations')!, lines };
};

describe('a finance event the ledger failed', () => {
  it('is kept in the failed-invocations queue after the retries, and the redrive records it once', async () => {
    const invocations: number[] = [];
    const bus = new LocalEventBus(undefined, {
      retryDelaysMs: [20, 40],
      failedInvocations: async (record) => {
        invocations.push(record.requestContext.approximateInvokeCount);
        await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(record) }));
      },
    });
    const id = randomUUID();
    const occurredAt = new Date().toISOString();
    const detail = {
      id,
      occurredAt,
      type: 'PayoutAccountUpdated',
      version: 1,
      source: 'velo.finance',
      data: { userId: randomUUID(), provider: 'stripe', payoutReady: true },
    };
    const tableName = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'velo-unreachable';
    try {
      bus.put([
        { Source: 'velo.finance', DetailType: 'PayoutAccountUpdated', Detail: JSON.stringify(detail) },
      ]);
      await bus.drain();
    } finally {
      process.env.TABLE_NAME = tableName;
    }
    expect(invocations).toEqual([1 + asyncInvokeRetryAttempts]);
    expect(await ledgerEntriesOf(id, occurredAt)).toEqual([]);

    const attributes = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] }),
    );
    expect(attributes.Attributes?.ApproximateNumberOfMessages).toBe('1');
    const peek = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, VisibilityTimeout: 0 }));
    const record = JSON.parse(peek.Messages![0]!.Body!) as AsyncFailureRecord;
    expect(record).toMatchObject({
      requestContext: {
        functionArn: expect.stringMatching(/:function:EventsFinanceLedger:\$LATEST$/),
        condition: 'RetriesExhausted',
        approximateInvokeCount: 3,
      },
      requestPayload: { source: 'velo.finance', 'detail-type': 'PayoutAccountUpdated', detail },
      responseContext: { functionError: 'Unhandled' },
      responsePayload: { errorType: 'ResourceNotFoundException' },
    });

    const first = await redriveQuietly();
    expect(first.failed).toMatchObject({ found: 1, redriven: 1, stillFailing: 0, notRedrivable: 0 });
    expect(first.lines).toContain('Failed invocations: 1 redriven, 0 still failing, 0 not redrivable');
    expect(await ledgerEntriesOf(id, occurredAt)).toHaveLength(1);

    // Nothing left: a second redrive finds nothing.
    expect((await redriveQuietly()).failed).toMatchObject({ found: 0, redriven: 0 });

    // The same failure kept twice (a message redriven again) still makes one ledger entry.
    for (let copy = 0; copy < 2; copy++)
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: peek.Messages![0]!.Body! }));
    expect((await redriveQuietly()).failed).toMatchObject({ found: 2, redriven: 2, stillFailing: 0 });
    expect(await ledgerEntriesOf(id, occurredAt)).toHaveLength(1);
  });

  it('stays in the queue, with the reason, while the ledger still fails', async () => {
    const event = {
      id: randomUUID(),
      source: 'velo.finance',
      'detail-type': 'PayoutAccountUpdated',
      time: new Date().toISOString(),
      detail: { id: randomUUID(), occurredAt: new Date().toISOString() },
    };
    const record = {
      version: '1.0',
      timestamp: new Date().toISOString(),
      requestContext: {
        requestId: randomUUID(),
        functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:EventsFinanceLedger:$LATEST',
        condition: 'RetriesExhausted',
        approximateInvokeCount: 3,
      },
      requestPayload: event,
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    };
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(record) }));
    const tableName = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'velo-unreachable';
    let still: Awaited<ReturnType<typeof redriveQuietly>>;
    try {
      still = await redriveQuietly();
    } finally {
      process.env.TABLE_NAME = tableName;
    }
    expect(still.failed).toMatchObject({ found: 1, redriven: 0, stillFailing: 1 });
    expect(still.lines.join('\n')).toMatch(/still failing: EventsFinanceLedger .*ResourceNotFoundException/);
    // Visible again at once for the next redrive, which applies it now that the table answers.
    expect((await redriveQuietly()).failed).toMatchObject({ found: 1, redriven: 1 });
  });
});

describe('a scheduled function that failed', () => {
  it('is run again with its payload; a function of another kind is refused and stays', async () => {
    const failed = (handler: string) =>
      JSON.stringify(
        asyncFailureRecord({
          functionArn: `${localFunctionArn(handler)}:$LATEST`,
          event: {},
          error: new Error('timed out'),
          invokeCount: 3,
        }),
      );
    await sqs.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: failed('orders/workflow/sweep-due') }),
    );
    await sqs.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: failed('orders/operator/run-command') }),
    );
    const first = await redriveQuietly();
    expect(first.failed).toMatchObject({ found: 2, redriven: 1, notRedrivable: 1 });
    expect(first.lines.join('\n')).toMatch(/redriven: WorkflowSweepDue/);
    expect(first.lines.join('\n')).toMatch(
      /not redrivable: OrdersOperatorCommand .*is none of the rule handlers/,
    );
    // The refused one is left for the operator (here: the test's cleanup deletes it).
    const left = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }));
    expect(left.Messages).toHaveLength(1);
    for (const message of left.Messages ?? [])
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }));
  });
});
