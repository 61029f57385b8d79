import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../lib/aws';
import { keys } from '../lib/table-design';
import { conditionalPut } from '../lib/writes';
import { type UserFields, type UserRecord, userRecord } from './user-record';

export async function getUser(id: string): Promise<UserRecord | undefined> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(id) }));
  return result.Item as UserRecord | undefined;
}

/** Creates a profile; fails with email-taken-style conflict if the id already has one. */
export async function createUser(fields: UserFields): Promise<UserRecord> {
  const record = userRecord(fields);
  await conditionalPut({
    TableName: tableName(),
    Item: record,
    ConditionExpression: 'attribute_not_exists(PK)',
  });
  return record;
}
