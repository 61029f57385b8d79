import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
} from '@aws-sdk/client-sqs';
import { describe, expect, it, vi } from 'vitest';
import { asyncFailureRecord, streamFailureRecord } from '../local/failure-records';
import { type RedriveContext, RedriveRefused, type RedriveTargets, redrive, summaryLines } from './redrive';

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
      checkInvocation: vi.fn(async () => {}),
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

/** SQS answering each receive with the next of `batches` (then nothing), as [MessageId, handle, body]. */
function scriptedQueue(batches: [string, string, string][][], rejectHandles: string[] = []) {
  let receives = 0;
  const calls: { deleted: string[]; madeVisible: string[] } = { deleted: [], madeVisible: [] };
  const send = vi.fn(async (command: unknown) => {
    if (command instanceof ReceiveMessageCommand) {
      const batch = batches[receives] ?? [];
      receives += 1;
      return {
        Messages: batch.map(([MessageId, ReceiptHandle, Body]) => ({ MessageId, ReceiptHandle, Body })),
      };
    }
    if (command instanceof DeleteMessageCommand) calls.deleted.push(String(command.input.ReceiptHandle));
    if (command instanceof ChangeMessageVisibilityCommand) {
      const handle = String(command.input.ReceiptHandle);
      if (rejectHandles.includes(handle))
        throw Object.assign(new Error('The receipt handle has expired.'), { name: 'ReceiptHandleIsInvalid' });
      calls.madeVisible.push(handle);
    }
    return {};
  });
  return { sqs: { send }, calls, receives: () => receives };
}

describe('a pass longer than the visibility timeout', () => {
  it('delivers a message received again only once, ends when only seen ones come back, and resets with the latest handle', async () => {
    // m0 fails and reappears twice (its timeout ended), each time with a new receipt handle.
    const { sqs, calls, receives } = scriptedQueue([
      [
        ['m0', 'r0', failure('a')],
        ['m1', 'r1', failure('b')],
      ],
      [
        ['m0', 'r0-second', failure('a')],
        ['m2', 'r2', failure('c')],
      ],
      [['m0', 'r0-third', failure('a')]],
      // Never reached: the pass ended on the answer of only seen messages.
      [['m3', 'r3', failure('d')]],
    ]);
    const invokeRule = vi.fn(async (_arn: string, event: unknown) => {
      if ((event as { detail: { id: string } }).detail.id !== 'b') throw new Error('still down');
    });
    const { value } = context(sqs, { invokeRule });
    const [outcome] = await redrive(value);
    expect(invokeRule.mock.calls.map(([, event]) => (event as { detail: { id: string } }).detail.id)).toEqual(
      ['a', 'b', 'c'],
    );
    expect(receives()).toBe(3);
    expect(outcome).toMatchObject({ found: 3, redriven: 1, stillFailing: 2 });
    expect(calls.deleted).toEqual(['r1']);
    expect(calls.madeVisible).toEqual(['r0-third', 'r2']);
  });

  it('resets the other messages when one handle is rejected, and says which stays hidden', async () => {
    const { sqs, calls } = scriptedQueue(
      [
        [
          ['m0', 'r0', failure('a')],
          ['m1', 'r1', failure('b')],
          ['m2', 'r2', failure('c')],
        ],
      ],
      ['r1'],
    );
    const { value, lines } = context(sqs, {
      invokeRule: vi.fn(async () => Promise.reject(new Error('down'))),
    });
    await redrive(value);
    expect(calls.madeVisible).toEqual(['r0', 'r2']);
    expect(lines.join('\n')).toContain('message m1 stays hidden');
    expect(lines.join('\n')).toContain('ReceiptHandleIsInvalid');
  });
});

describe('refusals', () => {
  it('keeps a failed invocation whose function the targets refuse, with the reason', async () => {
    const { sqs, calls } = queue([failure('x')]);
    const invokeRule = vi.fn(async () => {});
    const checkInvocation = vi.fn(async () => {
      throw new RedriveRefused('OrdersOperatorCommand is none of the rule handlers');
    });
    const { value, lines } = context(sqs, { invokeRule, checkInvocation });
    const [outcome] = await redrive(value);
    expect(invokeRule).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({ found: 1, redriven: 0, notRedrivable: 1 });
    expect(calls.deleted).toEqual([]);
    expect(calls.madeVisible).toEqual(['r0']);
    expect(lines.join('\n')).toContain('not redrivable: ');
    expect(lines.join('\n')).toContain('OrdersOperatorCommand is none of the rule handlers');
  });

  it("keeps a stream batch of another table's stream, without reading it", async () => {
    const body = JSON.stringify(
      streamFailureRecord({
        functionArn:
          'arn:aws:lambda:eu-west-1:123456789012:function:VeloProdEvents-StreamHandlersStreamsSearchIndex-x',
        shardId: 'shardId-1',
        streamArn:
          'arn:aws:dynamodb:eu-west-1:123456789012:table/VeloStagingData-Table-9/stream/2026-01-01T00:00:00.000',
        records: [{ dynamodb: { SequenceNumber: '1' } }],
        invokeCount: 3,
      }),
    );
    const { sqs, calls } = queue([body]);
    const consumerOf = vi.fn(async () => undefined);
    const streams = { send: vi.fn() };
    const { value, lines } = context(
      sqs,
      { consumerOf },
      {
        queueUrls: { streamDeadLetters: 'https://sqs/dead' },
        tableName: 'VeloProdData-Table-1',
        streams: streams as never,
      },
    );
    const [outcome] = await redrive(value);
    expect(outcome).toMatchObject({ queue: 'streamDeadLetters', found: 1, notRedrivable: 1 });
    expect(consumerOf).not.toHaveBeenCalled();
    expect(streams.send).not.toHaveBeenCalled();
    expect(calls.madeVisible).toEqual(['r0']);
    expect(lines.join('\n')).toContain('is not of the table VeloProdData-Table-1');
  });
});
