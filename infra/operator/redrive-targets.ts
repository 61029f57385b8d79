import { GetFunctionCommand, InvokeCommand, type LambdaClient } from '@aws-sdk/client-lambda';
import { handlerDeployNames } from '../../functions/deploy-names';
import { type EventRule, eventRules } from '../../functions/event-rules';
import { type StreamConsumer, streamConsumers } from '../../functions/stream-consumers';
import { functionNameOf } from '../local/failure-records';
import { loadHandler } from '../local/handlers';
import type { RedriveTargets } from './redrive';

/**
 * Where the redrive delivers: locally the handler modules themselves (a failure record's function
 * is named by its deploy name, infra/local/failure-records.ts), in AWS the functions (Invoke,
 * RequestResponse, so the command knows whether it worked).
 */
const handlerByDeployName = new Map(
  Object.entries(handlerDeployNames).map(([handler, name]) => [name, handler]),
);

class HandlerFailure extends Error {}

/** A stream consumer's partial-batch response naming failed records is a failure of the redrive. */
function checkBatchResponse(answer: unknown): void {
  const failures = (answer as { batchItemFailures?: unknown[] } | null | undefined)?.batchItemFailures ?? [];
  if (failures.length > 0)
    throw new HandlerFailure(`the consumer reported ${failures.length} of the records failed`);
}

export function localRedriveTargets(): RedriveTargets {
  const handlerOf = (functionArn: string) => handlerByDeployName.get(functionNameOf(functionArn));
  return {
    async invokeRule(functionArn, event) {
      const handler = handlerOf(functionArn);
      const rule = (eventRules as readonly EventRule[]).find((candidate) => candidate.handler === handler);
      if (!rule)
        throw new HandlerFailure(
          `${functionNameOf(functionArn)} is none of the rule handlers of functions/event-rules.ts`,
        );
      const run = await loadHandler<(event: unknown) => Promise<unknown>>(rule.handler);
      await run(event);
    },
    async consumerOf(functionArn) {
      const handler = handlerOf(functionArn);
      return (streamConsumers as readonly StreamConsumer[]).find((consumer) => consumer.handler === handler);
    },
    async invokeConsumer(_functionArn, consumer, event) {
      const run = await loadHandler<(event: unknown) => Promise<unknown>>(consumer.handler);
      checkBatchResponse(await run(event));
    },
  };
}

export function awsRedriveTargets(lambda: Pick<LambdaClient, 'send'>): RedriveTargets {
  async function invoke(functionArn: string, payload: unknown): Promise<unknown> {
    const response = await lambda.send(
      new InvokeCommand({
        FunctionName: functionArn,
        InvocationType: 'RequestResponse',
        Payload: new TextEncoder().encode(JSON.stringify(payload)),
      }),
    );
    const text = response.Payload ? new TextDecoder().decode(response.Payload) : '';
    const answer = text ? (JSON.parse(text) as unknown) : undefined;
    if (response.FunctionError) {
      const error = answer as { errorType?: string; errorMessage?: string } | undefined;
      throw new HandlerFailure(
        `${error?.errorType ?? response.FunctionError}: ${error?.errorMessage ?? text} (its log is in CloudWatch)`,
      );
    }
    return answer;
  }
  return {
    invokeRule: async (functionArn, event) => {
      await invoke(functionArn, event);
    },
    // CloudFormation names a function `<stack>-<logical id, cut>-<suffix>`: the deploy name is in
    // the logical id, which the function's aws:cloudformation:logical-id tag holds whole.
    async consumerOf(functionArn) {
      const name = functionNameOf(functionArn);
      const byName = (text: string) =>
        (streamConsumers as readonly StreamConsumer[]).find((consumer) =>
          text.includes(handlerDeployNames[consumer.handler]!),
        );
      const named = byName(name);
      if (named) return named;
      const found = await lambda.send(new GetFunctionCommand({ FunctionName: functionArn }));
      return byName(found.Tags?.['aws:cloudformation:logical-id'] ?? '');
    },
    async invokeConsumer(functionArn, _consumer, event) {
      checkBatchResponse(await invoke(functionArn, event));
    },
  };
}
