import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, sfn, tableName } from '../../lib/aws';
import { keys } from '../../lib/table-design';
import { isConditionFailure } from '../../lib/writes';

/** Step Functions' longest execution name. */
const MAX_NAME_LENGTH = 80;

/** The ARN of the execution `name` of a state machine (`…:stateMachine:m` → `…:execution:m:name`). */
export function executionArnFor(stateMachineArn: string, name: string): string {
  return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

/** The execution's name: `<txId>-v<version>`, plus `-r<epochSec>` when that one already ran. */
export function executionName(transactionId: string, version: number, restartedAt?: Date): string {
  const base = `${transactionId}-v${version}`;
  const name = restartedAt ? `${base}-r${Math.floor(restartedAt.getTime() / 1000)}` : base;
  return name.slice(0, MAX_NAME_LENGTH);
}

async function isRunning(executionArn: string): Promise<boolean> {
  try {
    const execution = await sfn().send(new DescribeExecutionCommand({ executionArn }));
    return execution.status === 'RUNNING';
  } catch {
    return false; // unknown or not allowed to look: start a fresh one
  }
}

/** Starts execution `name`; on ExecutionAlreadyExists: the running one's ARN, or undefined when it closed. */
async function tryStart(stateMachineArn: string, name: string, input: string): Promise<string | undefined> {
  try {
    const { executionArn } = await sfn().send(new StartExecutionCommand({ stateMachineArn, name, input }));
    return executionArn;
  } catch (error) {
    if ((error as { name?: string }).name !== 'ExecutionAlreadyExists') throw error;
    const existing = executionArnFor(stateMachineArn, name);
    return (await isRunning(existing)) ? existing : undefined;
  }
}

/**
 * Starts (or resumes) the workflow of an order (docs/design/orders.md, "The workflow"): execution
 * `<txId>-v<version>` of ORDER_STATE_MACHINE_ARN with input `{transactionId}` (Plan reads the
 * order, so any open state can be resumed). StartExecution is idempotent for the same name and
 * input while that execution runs; when the name is taken by a closed execution
 * (ExecutionAlreadyExists) it retries as `<txId>-v<version>-r<epochSec>`. An execution of that name
 * that is still running is kept, not doubled. Stores `executionArn` on the order and returns it;
 * undefined without ORDER_STATE_MACHINE_ARN (no workflow in this environment, e.g. unit tests).
 */
export async function startOrderWorkflow(
  transactionId: string,
  version: number,
): Promise<string | undefined> {
  const stateMachineArn = process.env.ORDER_STATE_MACHINE_ARN;
  if (!stateMachineArn) return undefined;
  const input = JSON.stringify({ transactionId });
  let executionArn = await tryStart(stateMachineArn, executionName(transactionId, version), input);
  if (!executionArn) {
    const retryName = executionName(transactionId, version, new Date());
    executionArn = await tryStart(stateMachineArn, retryName, input);
    if (!executionArn) throw new Error(`Execution ${retryName} already exists and has closed`);
  }
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.transaction(transactionId),
        UpdateExpression: 'SET executionArn = :arn',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':arn': executionArn },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  return executionArn;
}
