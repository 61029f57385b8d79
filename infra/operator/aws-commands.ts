import type { LambdaClient } from '@aws-sdk/client-lambda';
import { OperatorError } from '../../functions/lib/errors';
import type { OrderCommand, OrderCommandResult } from '../../functions/orders/operator/commands';
import type {
  OperatorCommandAnswer,
  OperatorCommandInput,
} from '../../functions/orders/operator/run-command';
import { invokeAndWait, parsedJson } from './invoke';

/** Where the operator function's name comes from (the Workflow stack's output). */
export const operatorFunctionHint =
  '--operator-function <name> (or OPERATOR_FUNCTION_NAME): the output Velo<Stage>Workflow.OperatorFunctionName';

/**
 * Runs an order command in AWS: invokes the stage's operator function
 * (functions/orders/operator/run-command.ts), which refunds and pays out with the stage's provider
 * keys. The operator's laptop never moves money against a deployed stage: without the function's
 * name the command refuses.
 */
export async function runOrderCommandInAws(
  lambda: Pick<LambdaClient, 'send'>,
  functionName: string | undefined,
  input: { command: OrderCommand; transactionId: string; operator: string },
  log: (line: string) => void,
): Promise<OrderCommandResult> {
  if (!functionName) {
    throw new OperatorError(
      `With --aws, ${input.command} runs in AWS, where the stage's payment keys are: give ${operatorFunctionHint}.`,
    );
  }
  const payload: OperatorCommandInput = input;
  const { text, failure } = await invokeAndWait(lambda, functionName, payload);
  if (failure) {
    throw new OperatorError(
      `The operator function ${functionName} failed (${failure.errorType ?? failure.functionError}: ${
        failure.errorMessage ?? text
      }); its log is in CloudWatch. Nothing was changed unless the order shows it.`,
    );
  }
  const answer = parsedJson<OperatorCommandAnswer>(text);
  if (!answer)
    throw new OperatorError(`The operator function ${functionName} answered ${text || 'nothing'}.`);
  if ('refused' in answer) throw new OperatorError(answer.refused);
  for (const line of answer.lines) log(line);
  return answer.result;
}
