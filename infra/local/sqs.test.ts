import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AwsEmulator, startAwsEmulator } from './aws-emulator';
import { freePorts } from './processes';
import { LocalSqs } from './sqs';

// The stand-in through the real SDK client and the emulator's HTTP endpoint, with a clock the test moves.
let clock = 1_000_000;
let folder: string;
let sqs: LocalSqs;
let emulator: AwsEmulator;
let client: SQSClient;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'velo-sqs-'));
  sqs = new LocalSqs({ queues: ['failures', 'other'], directory: folder, now: () => clock });
  const [port] = await freePorts(1);
  emulator = await startAwsEmulator(port!, { sqs } as unknown as Parameters<typeof startAwsEmulator>[1]);
  client = new SQSClient({
    endpoint: emulator.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  client.destroy();
  await emulator.stop();
  rmSync(folder, { recursive: true, force: true });
});

const countsOf = async (QueueUrl: string) =>
  (
    await client.send(
      new GetQueueAttributesCommand({
        QueueUrl,
        AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
      }),
    )
  ).Attributes;

describe('the local SQS stand-in', () => {
  it('answers GetQueueUrl for its queues and QueueDoesNotExist for others', async () => {
    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: 'failures' }));
    expect(QueueUrl).toBe(`${emulator.endpoint}/000000000000/failures`);
    await expect(client.send(new GetQueueUrlCommand({ QueueName: 'nope' }))).rejects.toMatchObject({
      name: 'QueueDoesNotExist',
    });
  });

  it('hides a received message for its visibility timeout, returns it after, and deletes it', async () => {
    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: 'failures' }));
    const sent = await client.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"n":1}' }));
    expect(await countsOf(QueueUrl!)).toEqual({
      ApproximateNumberOfMessages: '1',
      ApproximateNumberOfMessagesNotVisible: '0',
    });

    const first = await client.send(
      new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 60 }),
    );
    expect(first.Messages).toHaveLength(1);
    expect(first.Messages![0]).toMatchObject({ MessageId: sent.MessageId, Body: '{"n":1}' });
    expect((await client.send(new ReceiveMessageCommand({ QueueUrl }))).Messages ?? []).toEqual([]);
    expect(await countsOf(QueueUrl!)).toEqual({
      ApproximateNumberOfMessages: '0',
      ApproximateNumberOfMessagesNotVisible: '1',
    });

    clock += 61_000;
    const again = await client.send(
      new ReceiveMessageCommand({ QueueUrl, MessageSystemAttributeNames: ['ApproximateReceiveCount'] }),
    );
    expect(again.Messages![0]!.Attributes?.ApproximateReceiveCount).toBe('2');
    // The first receive's handle no longer names the message: deleting with it leaves the message.
    await client.send(
      new DeleteMessageCommand({ QueueUrl, ReceiptHandle: first.Messages![0]!.ReceiptHandle }),
    );
    expect(sqs.counts('failures')).toEqual({ visible: 0, notVisible: 1 });
    await client.send(
      new DeleteMessageCommand({ QueueUrl, ReceiptHandle: again.Messages![0]!.ReceiptHandle }),
    );
    expect(sqs.counts('failures')).toEqual({ visible: 0, notVisible: 0 });
  });

  it('makes a message visible again at once with ChangeMessageVisibility 0', async () => {
    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: 'other' }));
    await client.send(new SendMessageCommand({ QueueUrl, MessageBody: 'x' }));
    const received = await client.send(new ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 300 }));
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl,
        ReceiptHandle: received.Messages![0]!.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    expect((await client.send(new ReceiveMessageCommand({ QueueUrl }))).Messages).toHaveLength(1);
  });

  it('keeps the messages in its folder across a restart', () => {
    const restarted = new LocalSqs({ queues: ['failures', 'other'], directory: folder, now: () => clock });
    clock += 301_000;
    expect(restarted.counts('other')).toEqual({ visible: 1, notVisible: 0 });
    expect(restarted.receive('other', 1)[0]?.body).toBe('x');
    expect(new LocalSqs({ queues: ['other'] }).counts('other')).toEqual({ visible: 0, notVisible: 0 });
  });
});
