import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../lib/aws';
import { loggedHandler } from '../../lib/lambda-handler';
import { reportError } from '../../lib/observability';
import { keys } from '../../lib/table-design';
import { isConditionFailure } from '../../lib/writes';
import { getTransaction } from '../repository';
import { answerTaskToken, closedCause, nextWait, workflowSettings } from './wait-plan';

export interface SaveTaskTokenInput {
  transactionId: string;
  /** The version the Await's plan was made for. */
  version: number;
  /** The Await's wait (unused here; the local runner reads it from the payload). */
  waitSeconds?: number;
  taskToken: string;
}

export type SaveTaskTokenResult =
  | { saved: true }
  | { saved: false; answered: 'plan' | 'closed' | 'stale' | 'failed' };

/**
 * First half of the `Await` callback task: stores the workflow's token on the order, for the engine
 * to answer after the next transition — but only while the order is still at the version the plan was
 * made for (`version = :awaitingVersion`). When the order has moved on meanwhile, nobody else will
 * answer this token, so it answers it itself: SendTaskSuccess with the current plan, or
 * SendTaskFailure `Order.Closed`. Exactly one side answers each token (docs/design/orders.md, "The
 * write protocol").
 */
async function saveTaskToken(input: SaveTaskTokenInput): Promise<SaveTaskTokenResult> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.transaction(input.transactionId),
        UpdateExpression: 'SET taskToken = :token, awaitingVersion = :version',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':token': input.taskToken, ':version': input.version },
      }),
    );
    return { saved: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const tx = await getTransaction(input.transactionId);
  const next = nextWait(tx, new Date(), workflowSettings());
  try {
    const outcome = await answerTaskToken(
      input.taskToken,
      next ? { plan: next } : { closed: closedCause(input.transactionId, tx) },
    );
    return { saved: false, answered: outcome === 'stale' ? 'stale' : next ? 'plan' : 'closed' };
  } catch (error) {
    // Unanswered, the Await times out after its waitSeconds and FireTimer plans from the order.
    await reportError(error, { task: 'save-task-token', transactionId: input.transactionId });
    return { saved: false, answered: 'failed' };
  }
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler(saveTaskToken, (input) => ({ transactionId: input.transactionId }));
