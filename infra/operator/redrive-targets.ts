import { GetFunctionCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { handlerDeployName, handlerDeployNames } from '../../functions/deploy-names';
import { eventRules } from '../../functions/event-rules';
import { type StreamConsumer, streamConsumers } from '../../functions/stream-consumers';
import { functionNameOf } from '../local/failure-records';
import { loadHandler } from '../local/handlers';
import { invokeAndWait } from './invoke';
import { RedriveRefused, type RedriveTargets } from './redrive';

/**
 * Where the redrive delivers: locally the handler modules themselves (a failure record's function
 * is named by its deploy name, infra/local/failure-records.ts), in AWS the functions (Invoke,
 * RequestResponse, so the command knows whether it worked) — only the stage's own functions of the
 * kinds that fail into the queues, checked by their CloudFormation tags (a queue message is not
 * trusted to name what the operator's credentials invoke).
 */
const handlerByDeployName = new Map(
  Object.entries(handlerDeployNames).map(([handler, name]) => [name, handler]),
);

/** A function the redrive may call: its stack (after `Velo<Stage>`), construct and handler module. */
interface AllowedFunction {
  stack: 'Events' | 'Auth' | 'Workflow';
  construct: 'RuleHandlers' | 'ScheduledHandlers' | 'StreamHandlers';
  handler: string;
}

/**
 * What fails into the failed-invocations queue: the rule handlers (functions/event-rules.ts) and
 * the scheduled functions (infra/stacks/events-stack.ts, auth-stack.ts, workflow-stack.ts), which
 * a redrive runs again with their payload.
 */
export const invocationTargets: readonly AllowedFunction[] = [
  ...eventRules.map(
    (rule) => ({ stack: 'Events', construct: 'RuleHandlers', handler: rule.handler }) as const,
  ),
  { stack: 'Events', construct: 'ScheduledHandlers', handler: 'listings/search/snapshot-writer' },
  { stack: 'Auth', construct: 'ScheduledHandlers', handler: 'accounts/scheduled/remove-unverified' },
  { stack: 'Workflow', construct: 'ScheduledHandlers', handler: 'orders/workflow/sweep-due' },
];

const consumerTargets: readonly AllowedFunction[] = streamConsumers.map(
  (consumer) => ({ stack: 'Events', construct: 'StreamHandlers', handler: consumer.handler }) as const,
);

class HandlerFailure extends Error {}

/** A stream consumer's partial-batch response naming failed records is a failure of the redrive. */
function checkBatchResponse(answer: unknown): void {
  const failures = (answer as { batchItemFailures?: unknown[] } | null | undefined)?.batchItemFailures ?? [];
  if (failures.length > 0)
    throw new HandlerFailure(`the consumer reported ${failures.length} of the records failed`);
}

const consumerOfHandler = (handler: string | undefined) =>
  (streamConsumers as readonly StreamConsumer[]).find((consumer) => consumer.handler === handler);

export function localRedriveTargets(): RedriveTargets {
  const handlerOf = (functionArn: string) => handlerByDeployName.get(functionNameOf(functionArn));
  const invocable = (functionArn: string) => {
    const handler = handlerOf(functionArn);
    if (!invocationTargets.some((target) => target.handler === handler))
      throw new RedriveRefused(
        `${functionNameOf(functionArn)} is none of the rule handlers (functions/event-rules.ts) or scheduled functions`,
      );
    return handler!;
  };
  return {
    async checkInvocation(functionArn) {
      invocable(functionArn);
    },
    async invokeRule(functionArn, event) {
      const run = await loadHandler<(event: unknown) => Promise<unknown>>(invocable(functionArn));
      await run(event);
    },
    async consumerOf(functionArn) {
      return consumerOfHandler(handlerOf(functionArn));
    },
    async invokeConsumer(_functionArn, consumer, event) {
      const run = await loadHandler<(event: unknown) => Promise<unknown>>(consumer.handler);
      checkBatchResponse(await run(event));
    },
  };
}

/** Where the redrive runs in AWS: the stage's stack prefix and the queues' account and region. */
export interface AwsRedriveScope {
  /** `Velo<Stage>`, as infra/app.ts names the stacks. */
  stackPrefix: string;
  account: string;
  region: string;
}

export const stackPrefixOf = (stage: string) => `Velo${stage[0]!.toUpperCase()}${stage.slice(1)}`;

/**
 * The account and region of a queue: `https://sqs.<region>.amazonaws.com/<account>/<name>` (what
 * CloudFormation outputs), or the legacy `https://<region>.queue.amazonaws.com/<account>/<name>`.
 */
export function queueLocation(queueUrl: string): { account: string; region: string } | undefined {
  const match =
    /^https:\/\/(?:sqs\.([a-z0-9-]+)|([a-z0-9-]+)\.queue)\.amazonaws\.com(?:\.cn)?\/(\d{12})\/[^/]+$/.exec(
      queueUrl,
    );
  return match ? { region: (match[1] ?? match[2])!, account: match[3]! } : undefined;
}

export function awsRedriveTargets(
  lambda: Pick<LambdaClient, 'send'>,
  scope: AwsRedriveScope,
): RedriveTargets {
  async function invoke(functionArn: string, payload: unknown): Promise<unknown> {
    const { text, failure } = await invokeAndWait(lambda, functionArn, payload);
    if (failure) {
      throw new HandlerFailure(
        `${failure.errorType ?? failure.functionError}: ${failure.errorMessage ?? text} (its log is in CloudWatch)`,
      );
    }
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  /**
   * The allowed function behind an ARN, or a RedriveRefused: the ARN must be of the queues' account
   * and region, and the function's CloudFormation tags of one of `allowed` in this stage's stacks
   * (CDK's logical id: the construct path, `<construct><deploy name>`, and an 8-digit hash).
   */
  async function allowedFunction(functionArn: string, allowed: readonly AllowedFunction[], kind: string) {
    const arn =
      /^arn:aws[a-z-]*:lambda:([a-z0-9-]+):(\d{12}):function:([A-Za-z0-9_-]+)(?::[A-Za-z0-9_$-]+)?$/.exec(
        functionArn,
      );
    if (!arn) throw new RedriveRefused(`${functionArn} is not a Lambda function ARN`);
    if (arn[1] !== scope.region || arn[2] !== scope.account)
      throw new RedriveRefused(
        `${functionArn} is not in the queue's account and region (${scope.account}, ${scope.region})`,
      );
    const found = await lambda.send(new GetFunctionCommand({ FunctionName: functionArn }));
    const stack = found.Tags?.['aws:cloudformation:stack-name'] ?? '';
    const logicalId = found.Tags?.['aws:cloudformation:logical-id'] ?? '';
    const match = allowed.find(
      (target) =>
        stack === `${scope.stackPrefix}${target.stack}` &&
        new RegExp(`^${target.construct}${handlerDeployName(target.handler)}[0-9A-F]{8}$`).test(logicalId),
    );
    // GetFunction returns the tags only to credentials allowed lambda:ListTags.
    const untagged = !stack && !logicalId ? '; no tags: do your credentials allow lambda:ListTags?' : '';
    if (!match)
      throw new RedriveRefused(
        `${functionNameOf(functionArn)} (stack ${stack || 'none'}, logical id ${logicalId || 'none'}${untagged}) is none of ${kind} of ${scope.stackPrefix}`,
      );
    return match;
  }

  const invocable = (functionArn: string) =>
    allowedFunction(functionArn, invocationTargets, 'the rule handlers or scheduled functions');
  return {
    async checkInvocation(functionArn) {
      await invocable(functionArn);
    },
    async invokeRule(functionArn, event) {
      await invocable(functionArn);
      await invoke(functionArn, event);
    },
    async consumerOf(functionArn) {
      const { handler } = await allowedFunction(functionArn, consumerTargets, 'the stream consumers');
      return consumerOfHandler(handler);
    },
    async invokeConsumer(functionArn, _consumer, event) {
      await allowedFunction(functionArn, consumerTargets, 'the stream consumers');
      checkBatchResponse(await invoke(functionArn, event));
    },
  };
}
