import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localAccount } from './stepfunctions';

/**
 * SQS stand-in: named queues with SQS's receive semantics (a received message is hidden for its
 * visibility timeout and comes back unless deleted), for the failure queues (functions/failure-queues.ts).
 * The AWS emulator answers its JSON protocol (`X-Amz-Target: AmazonSQS.*`), so `@aws-sdk/client-sqs`
 * works against it through AWS_ENDPOINT_URL_SQS. With a folder, each queue is a JSON file there
 * (the messages survive a restart, as in AWS for 14 days); without, in memory.
 */
export interface StoredMessage {
  id: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  /** Epoch ms before which a receive does not return it (0: visible). */
  visibleAt: number;
  firstReceivedAt?: number;
  /** The handle of the last receive: DeleteMessage and ChangeMessageVisibility name it. */
  receipt?: string;
}

export class LocalSqsError extends Error {
  constructor(
    readonly code: 'QueueDoesNotExist' | 'ReceiptHandleIsInvalid' | 'InvalidParameterValue',
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

export interface LocalSqsOptions {
  queues: readonly string[];
  /** Undefined: in memory only (an ephemeral cloud). */
  directory?: string;
  now?: () => number;
  /** SQS's default visibility timeout: 30 s. */
  defaultVisibilitySeconds?: number;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export class LocalSqs {
  private readonly queues = new Map<string, StoredMessage[]>();
  private readonly now: () => number;

  constructor(private readonly options: LocalSqsOptions) {
    this.now = options.now ?? Date.now;
    if (options.directory) mkdirSync(options.directory, { recursive: true });
    for (const name of options.queues) {
      const file = this.file(name);
      this.queues.set(
        name,
        file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredMessage[]) : [],
      );
    }
  }

  /** `<endpoint>/<account>/<name>`, as SQS's URLs; a URL's last segment names its queue. */
  static queueUrl(endpoint: string, name: string): string {
    return `${endpoint}/${localAccount}/${name}`;
  }

  static queueNameOf(queueUrl: string): string {
    return queueUrl.split('/').filter(Boolean).pop() ?? '';
  }

  has(name: string): boolean {
    return this.queues.has(name);
  }

  send(name: string, body: string): { id: string; md5: string } {
    const messages = this.queue(name);
    const message: StoredMessage = {
      id: randomUUID(),
      body,
      sentAt: this.now(),
      receiveCount: 0,
      visibleAt: 0,
    };
    messages.push(message);
    this.save(name);
    return { id: message.id, md5: md5(body) };
  }

  /** Up to `max` visible messages, oldest first, each hidden for `visibilitySeconds` (0: stays visible). */
  receive(name: string, max = 1, visibilitySeconds?: number): Array<StoredMessage & { md5: string }> {
    if (max < 1 || max > 10)
      throw new LocalSqsError('InvalidParameterValue', 'MaxNumberOfMessages must be between 1 and 10');
    const now = this.now();
    const hiddenFor = (visibilitySeconds ?? this.options.defaultVisibilitySeconds ?? 30) * 1000;
    const received = this.queue(name)
      .filter((message) => message.visibleAt <= now)
      .slice(0, max);
    for (const message of received) {
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.visibleAt = hiddenFor > 0 ? now + hiddenFor : 0;
      message.receipt = `${message.id}:${randomUUID()}`;
    }
    if (received.length > 0) this.save(name);
    return received.map((message) => ({ ...message, md5: md5(message.body) }));
  }

  /** Deletes the message last received with this handle; an already deleted one is no error (as SQS). */
  delete(name: string, receipt: string): void {
    if (!receipt.includes(':'))
      throw new LocalSqsError('ReceiptHandleIsInvalid', 'The receipt handle is not valid');
    const messages = this.queue(name);
    const index = messages.findIndex((message) => message.receipt === receipt);
    if (index < 0) return;
    messages.splice(index, 1);
    this.save(name);
  }

  changeVisibility(name: string, receipt: string, visibilitySeconds: number): void {
    const message = this.queue(name).find((candidate) => candidate.receipt === receipt);
    if (!message) throw new LocalSqsError('ReceiptHandleIsInvalid', 'The receipt handle is not valid');
    message.visibleAt = visibilitySeconds > 0 ? this.now() + visibilitySeconds * 1000 : 0;
    this.save(name);
  }

  counts(name: string): { visible: number; notVisible: number } {
    const now = this.now();
    const messages = this.queue(name);
    const visible = messages.filter((message) => message.visibleAt <= now).length;
    return { visible, notVisible: messages.length - visible };
  }

  private queue(name: string): StoredMessage[] {
    const messages = this.queues.get(name);
    if (!messages)
      throw new LocalSqsError('QueueDoesNotExist', `The specified queue ${name} does not exist.`);
    return messages;
  }

  private file(name: string): string | undefined {
    return this.options.directory ? join(this.options.directory, `${name}.json`) : undefined;
  }

  /** Written whole through a temporary file: a crash never leaves half a queue. */
  private save(name: string): void {
    const file = this.file(name);
    if (!file) return;
    writeFileSync(`${file}.tmp`, JSON.stringify(this.queues.get(name), null, 1));
    renameSync(`${file}.tmp`, file);
  }
}

type Body = Record<string, unknown>;

/**
 * The SQS JSON protocol's operations on a LocalSqs (what the emulator routes `AmazonSQS.*` to).
 * `endpoint` is the emulator's, for the URLs GetQueueUrl answers. Long polling (WaitTimeSeconds)
 * waits up to its time for a message, as SQS does.
 */
export function sqsOperations(
  sqs: LocalSqs,
  endpoint: () => string,
): Record<string, (body: Body) => unknown | Promise<unknown>> {
  const nameOf = (body: Body) => {
    const name = LocalSqs.queueNameOf(String(body.QueueUrl ?? ''));
    if (!sqs.has(name))
      throw new LocalSqsError('QueueDoesNotExist', `The specified queue ${name} does not exist.`);
    return name;
  };
  return {
    'AmazonSQS.GetQueueUrl': (body) => {
      const name = String(body.QueueName ?? '');
      if (!sqs.has(name))
        throw new LocalSqsError('QueueDoesNotExist', `The specified queue ${name} does not exist.`);
      return { QueueUrl: LocalSqs.queueUrl(endpoint(), name) };
    },
    'AmazonSQS.SendMessage': (body) => {
      const sent = sqs.send(nameOf(body), String(body.MessageBody ?? ''));
      return { MessageId: sent.id, MD5OfMessageBody: sent.md5 };
    },
    'AmazonSQS.ReceiveMessage': async (body) => {
      const name = nameOf(body);
      const max = body.MaxNumberOfMessages === undefined ? 1 : Number(body.MaxNumberOfMessages);
      const visibility = body.VisibilityTimeout === undefined ? undefined : Number(body.VisibilityTimeout);
      const waitUntil = Date.now() + Number(body.WaitTimeSeconds ?? 0) * 1000;
      let messages = sqs.receive(name, max, visibility);
      while (messages.length === 0 && Date.now() < waitUntil) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        messages = sqs.receive(name, max, visibility);
      }
      return {
        Messages: messages.map((message) => ({
          MessageId: message.id,
          ReceiptHandle: message.receipt,
          MD5OfBody: message.md5,
          Body: message.body,
          Attributes: {
            ApproximateReceiveCount: String(message.receiveCount),
            SentTimestamp: String(message.sentAt),
            ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
          },
        })),
      };
    },
    'AmazonSQS.DeleteMessage': (body) => {
      sqs.delete(nameOf(body), String(body.ReceiptHandle ?? ''));
      return {};
    },
    'AmazonSQS.ChangeMessageVisibility': (body) => {
      sqs.changeVisibility(
        nameOf(body),
        String(body.ReceiptHandle ?? ''),
        Number(body.VisibilityTimeout ?? 0),
      );
      return {};
    },
    'AmazonSQS.GetQueueAttributes': (body) => {
      const name = nameOf(body);
      const { visible, notVisible } = sqs.counts(name);
      const attributes: Record<string, string> = {
        ApproximateNumberOfMessages: String(visible),
        ApproximateNumberOfMessagesNotVisible: String(notVisible),
        QueueArn: `arn:aws:sqs:us-east-1:${localAccount}:${name}`,
      };
      // Only the attributes asked for, as SQS answers ('All': every one it has).
      const wanted = (body.AttributeNames as string[] | undefined) ?? [];
      const all = wanted.includes('All');
      return {
        Attributes: Object.fromEntries(
          Object.entries(attributes).filter(([attribute]) => all || wanted.includes(attribute)),
        ),
      };
    },
  };
}
