import { GetCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
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

/** The changes `updateUser` makes: attributes to set (updatedAt is always set) and to remove. */
export interface UserChanges {
  set?: Partial<UserFields>;
  remove?: readonly (keyof UserFields)[];
}

/**
 * The update `updateUser` sends (conditional on the profile existing; a failed condition is its 404),
 * for a caller that writes it in a transaction with another item (functions/payments/paypal/state.ts).
 */
export function userUpdateInput(id: string, changes: UserChanges): UpdateCommandInput {
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
  return {
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
  };
}

/**
 * Sets and removes attributes of an existing profile (never creates one: 404 if it is missing) and
 * returns the new profile. Only the caller's own id ever reaches here (from the verified token).
 */
export async function updateUser(id: string, changes: UserChanges): Promise<UserRecord> {
  const result = await conditionalUpdate(userUpdateInput(id, changes), 'not-found');
  return result.Attributes as UserRecord;
}

/**
 * Stores the user's Klaviyo profile id (POST /api/klaviyo/update-profile). Conditional: the profile
 * exists (never creates one) and still holds the id the caller read (`previous`; undefined for none)
 * or already this one, so repeating the call is harmless and a concurrent change to another id is a
 * clean 409 `conflict` instead of a lost write.
 */
export async function setKlaviyoId(
  id: string,
  klaviyoId: string,
  previous: string | undefined,
): Promise<void> {
  const unchanged = previous === undefined ? 'attribute_not_exists(#klaviyoId)' : '#klaviyoId = :previous';
  await conditionalUpdate({
    TableName: tableName(),
    Key: keys.user(id),
    UpdateExpression: 'SET #klaviyoId = :klaviyoId',
    ConditionExpression: `attribute_exists(PK) AND (${unchanged} OR #klaviyoId = :klaviyoId)`,
    ExpressionAttributeNames: { '#klaviyoId': 'klaviyoId' },
    ExpressionAttributeValues: {
      ':klaviyoId': klaviyoId,
      ...(previous === undefined ? {} : { ':previous': previous }),
    },
  });
}
