import { GetFunctionCommand, type InvokeCommand } from '@aws-sdk/client-lambda';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { streamConsumers } from '../../functions/stream-consumers';
import { asyncFailureRecord } from '../local/failure-records';
import { type RedriveContext, type RedriveTargets, redrive, summaryLines } from './redrive';
import { awsRedriveTargets } from './redrive-targets';

const ledgerArn =
  'arn:aws:lambda:eu-west-1:123456789012:function:VeloProdEvents-RuleHandlersEventsFinanceLedg-AbC';

const failure = (detailId: string) =>
  JSON.stringify(
    asyncFailureRecord({
      functionArn: ledgerArn,
      event: { id: `bus-${detailId}`, 'detail-type': 'PaymentCaptured', detail: { id: detailId } },
      error: new Error('table unreachable'),
      invokeCount: 3,
    }),
  );

/** A queue of plain messages behind the SQS commands the redrive sends; records what it was asked. */
function queue(bodies: string[]) {
  const messages: Message[] = bodies.map((Body, index) => ({
    MessageId: `m${index}`,
    ReceiptHandle: `r${index}`,
    Body,
  }));
  let received = false;
  const calls: { deleted: string[]; madeVisible: string[] } = { deleted: [], madeVisible: [] };
  const send = vi.fn(async (command: unknown) => {
    if (command instanceof ReceiveMessageCommand) {
      const answer = received ? [] : messages;
      received = true;
      return { Messages: answer };
    }
    if (command instanceof DeleteMessageCommand) calls.deleted.push(String(command.input.ReceiptHandle));
    if (command instanceof ChangeMessageVisibilityCommand)
      calls.madeVisible.push(String(command.input.ReceiptHandle));
    return {};
  });
  return { sqs: { send }, calls };
}

function context(
  sqs: { send: unknown },
  targets: Partial<RedriveTargets>,
  extra: Partial<RedriveContext> = {},
) {
  const lines: string[] = [];
  const value: RedriveContext = {
    sqs: sqs as RedriveContext['sqs'],
    streams: { send: vi.fn() } as never,
    dynamo: { send: vi.fn() } as never,
    queueUrls: { failedInvocations: 'https://sqs/failed' },
    targets: {
      invokeRule: vi.fn(async () => {}),
      consumerOf: vi.fn(async () => undefined),
      invokeConsumer: vi.fn(async () => {}),
      ...targets,
    },
    region: 'eu-west-1',
    log: (line) => lines.push(line),
    ...extra,
  };
  return { value, lines };
}

describe('redriving failed invocations', () => {
  it('delivers each event again to the function that failed it and deletes only what succeeded', async () => {
    const { sqs, calls } = queue([failure('ok-1'), failure('still-bad'), 'not json']);
    const invokeRule = vi.fn(async (_arn: string, event: unknown) => {
      if ((event as { detail: { id: string } }).detail.id === 'still-bad')
        throw new Error('table still unreachable');
    });
    const { value, lines } = context(sqs, { invokeRule });
    const [outcome] = await redrive(value);

    expect(invokeRule).toHaveBeenCalledTimes(2);
    expect(invokeRule.mock.calls[0]).toEqual([
      `${ledgerArn}:$LATEST`,
      expect.objectContaining({ detail: { id: 'ok-1' } }),
    ]);
    expect(outcome).toEqual({
      queue: 'failedInvocations',
      found: 3,
      redriven: 1,
      stillFailing: 1,
      notRedrivable: 1,
    });
    expect(calls.deleted).toEqual(['r0']);
    // What stays is visible again for the next run.
    expect(calls.madeVisible).toEqual(['r1', 'r2']);
    expect(lines.join('\n')).toContain(
      'still failing: VeloProdEvents-RuleHandlersEventsFinanceLedg-AbC PaymentCaptured still-bad',
    );
    expect(lines.join('\n')).toContain('Error: table still unreachable');
    expect(summaryLines([outcome!])).toEqual([
      'Failed invocations: 1 redriven, 1 still failing, 1 not redrivable',
    ]);
  });

  it('with --dry-run lists without delivering or deleting', async () => {
    const { sqs, calls } = queue([failure('a'), failure('b')]);
    const invokeRule = vi.fn(async () => {});
    const { value, lines } = context(sqs, { invokeRule }, { dryRun: true });
    const [outcome] = await redrive(value);
    expect(invokeRule).not.toHaveBeenCalled();
    expect(calls.deleted).toEqual([]);
    expect(calls.madeVisible).toEqual(['r0', 'r1']);
    expect(lines.filter((line) => line.startsWith('  · failed invocations:'))).toHaveLength(2);
    expect(summaryLines([outcome!], true)).toEqual([
      'Failed invocations: 2 messages (dry run: nothing redriven)',
    ]);
  });
});

describe('the AWS targets', () => {
  const lambdaAnswering = (answers: (command: unknown) => unknown) => ({
    send: vi.fn(async (command: unknown) => answers(command)),
  });

  it("report a function's error as a failure, with its type and message", async () => {
    const lambda = lambdaAnswering(() => ({
      FunctionError: 'Unhandled',
      Payload: new TextEncoder().encode(
        JSON.stringify({ errorType: 'ResourceNotFoundException', errorMessage: 'no table' }),
      ),
    }));
    await expect(awsRedriveTargets(lambda as never).invokeRule(ledgerArn, {})).rejects.toThrow(
      'ResourceNotFoundException: no table',
    );
    const sent = (lambda.send.mock.calls[0]![0] as InvokeCommand).input;
    expect(sent).toMatchObject({ FunctionName: ledgerArn, InvocationType: 'RequestResponse' });
  });

  it("count a consumer's partial-batch response naming records as a failure", async () => {
    const lambda = lambdaAnswering(() => ({
      Payload: new TextEncoder().encode(JSON.stringify({ batchItemFailures: [{ itemIdentifier: '1' }] })),
    }));
    const consumer = streamConsumers[0];
    await expect(
      awsRedriveTargets(lambda as never).invokeConsumer('arn', consumer, { Records: [] }),
    ).rejects.toThrow('the consumer reported 1 of the records failed');
  });

  it('find the consumer by its deploy name, in the name or else in the logical-id tag', async () => {
    const lambda = lambdaAnswering((command) =>
      command instanceof GetFunctionCommand
        ? { Tags: { 'aws:cloudformation:logical-id': 'StreamHandlersStreamsTransactionDispatcher1A2B3C4D' } }
        : {},
    );
    const targets = awsRedriveTargets(lambda as never);
    expect(
      (
        await targets.consumerOf(
          'arn:aws:lambda:r:1:function:VeloProdEvents-StreamHandlersStreamsSearchIndex3-x',
        )
      )?.name,
    ).toBe('search-index');
    expect(lambda.send).not.toHaveBeenCalled();
    expect(
      (
        await targets.consumerOf(
          'arn:aws:lambda:r:1:function:VeloProdEvents-StreamHandlersStreamsTransactionDispa-y',
        )
      )?.name,
    ).toBe('transaction-stream');
  });
});
