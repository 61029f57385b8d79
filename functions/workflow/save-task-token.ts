import { tableName } from '../lib/aws';
import { keys } from '../lib/table-design';
import { conditionalUpdate } from '../lib/writes';

export interface SaveTaskTokenInput {
  transactionId: string;
  awaiting: string;
  taskToken: string;
}

/**
 * First half of a callback task: stores the workflow's task token on the order, so the API can
 * send it back (SendTaskSuccess) when the user acts. The task's TimeoutSeconds is the deadline.
 */
export async function handler(input: SaveTaskTokenInput): Promise<{ saved: true }> {
  await conditionalUpdate(
    {
      TableName: tableName(),
      Key: keys.transaction(input.transactionId),
      UpdateExpression: 'SET taskToken = :token, awaiting = :awaiting',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':token': input.taskToken, ':awaiting': input.awaiting },
    },
    'not-found',
  );
  return { saved: true };
}
