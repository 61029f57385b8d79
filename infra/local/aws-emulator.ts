import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { LocalEventBus, PutEventEntry } from './event-bus';
import { loadHandler } from './handlers';
import type { LocalOutbox } from './outbox';
import { assertPortFree } from './processes';
import { type LocalSqs, LocalSqsError, sqsOperations } from './sqs';
import { LocalServiceError, type LocalStepFunctions } from './stepfunctions';

/**
 * One loopback endpoint that answers the AWS APIs our handlers call and that have no ready-made
 * local server: Step Functions (JSON 1.0), EventBridge (JSON 1.1), SES v2 (REST JSON) and SQS (JSON
 * 1.0, the failure queues). The SDK clients reach it through AWS_ENDPOINT_URL_SFN / _EVENTBRIDGE /
 * _SESV2 / _SQS, so handler code is unchanged.
 * It also answers Lambda's Invoke (REST JSON) for the functions named in `lambdaFunctions`:
 * cognito-local calls its user pool triggers that way, and gets the same handler modules Lambda runs.
 */
export interface AwsEmulator {
  endpoint: string;
  stop(): Promise<void>;
}

interface Services {
  stepFunctions: LocalStepFunctions;
  eventBus: LocalEventBus;
  outbox: LocalOutbox;
  /** Lambda function name → handler module under functions/ (what Invoke may run). */
  lambdaFunctions?: Record<string, string>;
  /** The failure queues (infra/local/sqs.ts). */
  sqs?: LocalSqs;
}

type Operation = (body: Record<string, unknown>) => unknown;

/** Lambda Invoke: `POST /2015-03-31/functions/<name>/invocations`, the event as the body. */
const invokePath = /^\/2015-03-31\/functions\/([^/]+)\/invocations(?:\?.*)?$/;

/**
 * Runs the named function's handler with the event; answers its result, or Lambda's report of an
 * unhandled error (status 200 with X-Amz-Function-Error, as Lambda does).
 */
async function invoke(
  functions: Record<string, string>,
  name: string,
  event: Record<string, unknown>,
): Promise<{ payload: unknown; functionError?: string }> {
  const module = functions[name];
  if (!module) throw new LocalServiceError('ResourceNotFoundException', `Function not found: ${name}`);
  const handler = await loadHandler<(event: unknown) => Promise<unknown>>(module);
  try {
    return { payload: (await handler(event)) ?? null };
  } catch (error) {
    const failure = error as Error;
    return {
      functionError: 'Unhandled',
      payload: { errorType: failure.name, errorMessage: failure.message },
    };
  }
}

function operations({ stepFunctions, eventBus, outbox }: Services): Record<string, Operation> {
  return {
    'AWSStepFunctions.StartExecution': (body) => {
      const { executionArn, startDate } = stepFunctions.startExecution(
        String(body.stateMachineArn),
        JSON.parse(String(body.input ?? '{}')),
        body.name ? String(body.name) : undefined,
      );
      return { executionArn, startDate: startDate.getTime() / 1000 };
    },
    'AWSStepFunctions.SendTaskSuccess': (body) => {
      stepFunctions.sendTaskSuccess(String(body.taskToken), JSON.parse(String(body.output ?? '{}')));
      return {};
    },
    'AWSStepFunctions.SendTaskFailure': (body) => {
      stepFunctions.sendTaskFailure(String(body.taskToken), body.error as string, body.cause as string);
      return {};
    },
    'AWSStepFunctions.DescribeExecution': (body) => {
      const execution = stepFunctions.describeExecution(String(body.executionArn));
      return {
        executionArn: execution.executionArn,
        stateMachineArn: execution.stateMachineArn,
        name: execution.name,
        status: execution.status,
        startDate: execution.startDate.getTime() / 1000,
        ...(execution.stopDate ? { stopDate: execution.stopDate.getTime() / 1000 } : {}),
        input: JSON.stringify(execution.input),
        ...(execution.output !== undefined ? { output: JSON.stringify(execution.output) } : {}),
        ...(execution.error ? { error: execution.error, cause: execution.cause } : {}),
      };
    },
    // Only the states entered (what the order tests count: one state transition each), not every event.
    'AWSStepFunctions.GetExecutionHistory': (body) => {
      const executionArn = String(body.executionArn);
      const execution = stepFunctions.describeExecution(executionArn);
      const events = [
        { type: 'ExecutionStarted', timestamp: execution.startDate.getTime() },
        ...stepFunctions.statesEntered(executionArn).map((state) => ({
          type: `${state.type}StateEntered`,
          timestamp: state.timestamp,
          stateEnteredEventDetails: { name: state.name },
        })),
      ].map((event, index) => ({
        ...event,
        id: index + 1,
        previousEventId: index,
        timestamp: event.timestamp / 1000,
      }));
      return { events: body.reverseOrder ? events.reverse() : events };
    },
    'AWSEvents.PutEvents': (body) => {
      const ids = eventBus.put(body.Entries as PutEventEntry[]);
      return { FailedEntryCount: 0, Entries: ids.map((EventId) => ({ EventId })) };
    },
    'SESv2.SendEmail': (body) => {
      const destination = body.Destination as { ToAddresses?: string[] };
      const simple = (
        body.Content as { Simple?: Record<string, { Data?: string; Text?: { Data?: string } }> }
      ).Simple;
      const html = (simple?.Body as { Html?: { Data?: string } } | undefined)?.Html?.Data;
      const message = outbox.store({
        from: String(body.FromEmailAddress),
        to: destination.ToAddresses ?? [],
        subject: simple?.Subject?.Data ?? '',
        text: simple?.Body?.Text?.Data ?? '',
        ...(html ? { html } : {}),
      });
      return { MessageId: message.id };
    },
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startAwsEmulator(port: number, services: Services): Promise<AwsEmulator> {
  await assertPortFree(port, 'local AWS services');
  let endpoint = '';
  const table = {
    ...operations(services),
    ...(services.sqs ? sqsOperations(services.sqs, () => endpoint) : {}),
  };
  const server: Server = createServer(async (request, response) => {
    const functionName = request.method === 'POST' ? invokePath.exec(request.url ?? '')?.[1] : undefined;
    if (functionName) {
      try {
        const result = await invoke(
          services.lambdaFunctions ?? {},
          decodeURIComponent(functionName),
          await readJson(request),
        );
        response.writeHead(200, {
          'content-type': 'application/json',
          ...(result.functionError ? { 'x-amz-function-error': result.functionError } : {}),
        });
        response.end(JSON.stringify(result.payload));
      } catch (error) {
        const failure = error as Error;
        const type = failure instanceof LocalServiceError ? failure.name : 'ServiceException';
        response.writeHead(failure instanceof LocalServiceError ? 404 : 500, {
          'content-type': 'application/json',
          'x-amzn-errortype': type,
        });
        response.end(JSON.stringify({ Type: 'User', message: failure.message }));
      }
      return;
    }
    const target =
      request.method === 'POST' && request.url === '/v2/email/outbound-emails'
        ? 'SESv2.SendEmail'
        : String(request.headers['x-amz-target'] ?? '');
    const operation = table[target];
    const contentType = target.startsWith('AWSEvents')
      ? 'application/x-amz-json-1.1'
      : target.startsWith('SESv2')
        ? 'application/json'
        : 'application/x-amz-json-1.0';
    try {
      if (!operation)
        throw new LocalServiceError('UnknownOperationException', `Unsupported operation ${target}`);
      const result = await operation(await readJson(request));
      response.writeHead(200, { 'content-type': contentType });
      response.end(JSON.stringify(result));
    } catch (error) {
      const failure = error as Error;
      const known = failure instanceof LocalServiceError || failure instanceof LocalSqsError;
      const type = known ? failure.name : 'InternalFailure';
      response.writeHead(known ? 400 : 500, {
        'content-type': contentType,
        'x-amzn-errortype': type,
      });
      response.end(JSON.stringify({ __type: type, message: failure.message }));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
