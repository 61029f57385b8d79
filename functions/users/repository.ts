import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../lib/aws';
import { keys } from '../lib/table-design';
import { conditionalPut, conditionalUpdate } from '../lib/writes';
import { type UserFields, type UserRecord, userRecord } from './user-record';

export async function getUser(id: string): Promise<UserRecord | undefined> {
  const result = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.user(id) }));
  return result.Item as UserRecord | undefined;
}

/** Creates a profile; fails with a conflict if the id already has one. */
export async function createUser(fields: UserFields): Promise<UserRecord> {
  const record = userRecord(fields);
  await conditionalPut({
    TableName: tableName(),
    Item: record,
    ConditionExpression: 'attribute_not_exists(PK)',
  });
  return record;
}

/**
 * Sets and removes attributes of an existing profile (never creates one: 404 if it is missing) and
 * returns the new profile. Only the caller's own id ever reaches here (from the verified token).
 */
export async function updateUser(
  id: string,
  changes: { set?: Partial<UserFields>; remove?: readonly (keyof UserFields)[] },
): Promise<UserRecord> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const set = { ...changes.set, updatedAt: new Date().toISOString() };
  for (const [name, value] of Object.entries(set)) {
    if (value === undefined) continue;
    names[`#${name}`] = name;
    values[`:${name}`] = value;
    sets.push(`#${name} = :${name}`);
  }
  const removes = (changes.remove ?? []).filter((name) => !(name in set));
  for (const name of removes) names[`#${name}`] = name;
  const result = await conditionalUpdate(
    {
      TableName: tableName(),
      Key: keys.user(id),
      UpdateExpression: [
        `SET ${sets.join(', ')}`,
        removes.length ? `REMOVE ${removes.map((name) => `#${name}`).join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    },
    'not-found',
  );
  return result.Attributes as UserRecord;
}
