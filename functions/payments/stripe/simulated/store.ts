/**
 * The simulated card provider's persistence: Stripe objects by id (`SIMSTRIPE#<id>`), changed with
 * conditional writes so that races end as they do in Stripe, and Stripe's idempotency keys
 * (`SIMSTRIPE-IDEMPOTENCY#<key>`).
 */

import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isProviderId } from '../../../../shared/validation/provider-ids';
import { dynamo, tableName } from '../../../lib/aws';
import { keys } from '../../../lib/table-design';
import { isConditionFailure } from '../../../lib/writes';
import { CardProcessorError } from '../port';
import type { Of, SimObject } from './objects';

/** Stripe's answer to an id it does not know. */
export function noSuch(kind: string, id: string): CardProcessorError {
  return new CardProcessorError('invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    statusCode: 404,
  });
}

/** The object with this id if it is of this kind (a consistent read). */
export async function getObject<K extends SimObject['object']>(
  kind: K,
  id: string,
): Promise<Of<K> | undefined> {
  // Stripe makes no id past 255 visible ASCII characters; such an id names nothing (resource_missing),
  // and never reaches a table key (a 100 kB one failed DynamoDB's key limit: a 500).
  if (!id || !isProviderId(id)) return undefined;
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.simulatedStripeObject(id), ConsistentRead: true }),
  );
  const data = result.Item?.data as SimObject | undefined;
  return data?.object === kind ? (data as Of<K>) : undefined;
}

/** As getObject, or Stripe's resource_missing naming `name`. */
export async function requireObject<K extends SimObject['object']>(
  kind: K,
  id: string,
  name: string,
): Promise<Of<K>> {
  const found = await getObject(kind, id);
  if (!found) throw noSuch(name, id);
  return found;
}

/**
 * Stores an object: `create` only if the id is new, `expect` only if those fields still hold these
 * values (a concurrent change makes the write fail with a condition failure).
 */
export async function putObject(
  data: SimObject,
  options: { create?: boolean; expect?: Record<string, unknown> } = {},
) {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (options.create) conditions.push('attribute_not_exists(PK)');
  for (const [name, value] of Object.entries(options.expect ?? {})) {
    conditions.push(`#data.#${name} = :${name}`);
    values[`:${name}`] = value;
  }
  await dynamo().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.simulatedStripeObject(data.id), entity: 'simulated-stripe', data },
      ...(conditions.length
        ? {
            ConditionExpression: conditions.join(' AND '),
            ...(options.expect
              ? {
                  ExpressionAttributeNames: {
                    '#data': 'data',
                    ...Object.fromEntries(Object.keys(options.expect).map((name) => [`#${name}`, name])),
                  },
                  ExpressionAttributeValues: values,
                }
              : {}),
          }
        : {}),
    }),
  );
}

/** Marks a one-time token used (one conditional write: a second use fails as in Stripe). */
export async function consumeToken<T extends Of<'token'>>(id: string, kind: T['kind']): Promise<T> {
  const token = await getObject('token', id);
  if (!token || token.kind !== kind) throw noSuch('token', id);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.simulatedStripeObject(id),
        UpdateExpression: 'SET #data.#used = :true',
        ConditionExpression: '#data.#used = :false',
        ExpressionAttributeNames: { '#data': 'data', '#used': 'used' },
        ExpressionAttributeValues: { ':true': true, ':false': false },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) {
      throw new CardProcessorError(
        'invalid_request_error',
        `You cannot use a Stripe token more than once: ${id}.`,
        {
          code: 'token_already_used',
        },
      );
    }
    throw error;
  }
  return token as T;
}

/** The object made earlier with this idempotency key, if any. */
async function objectOfKey(key: string): Promise<string | undefined> {
  const result = await dynamo().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.simulatedStripeIdempotency(key),
      ConsistentRead: true,
    }),
  );
  return result.Item?.objectId as string | undefined;
}

async function rememberKey(key: string, objectId: string): Promise<string> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.simulatedStripeIdempotency(key), entity: 'simulated-stripe-key', objectId },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return objectId;
  } catch (error) {
    // A concurrent request with the same key won: answer with its object, as Stripe does.
    if (isConditionFailure(error)) return (await objectOfKey(key)) ?? objectId;
    throw error;
  }
}

/**
 * Stripe's idempotency keys: a request with a key seen before gets the object it made; otherwise
 * `create` checks, makes and stores the object, then the key remembers it. Of two requests racing
 * with one key, both may make an object, but both answer the one the key kept, as Stripe does (the
 * other stays behind unreferenced). Not `recordOnce`: that one answers "done before" with nothing,
 * and a Stripe retry must get the object back (docs/decisions.md, "Record once").
 */
export async function idempotently<K extends SimObject['object']>(
  key: string,
  kind: K,
  name: string,
  create: () => Promise<Of<K>>,
): Promise<Of<K>> {
  const earlier = await objectOfKey(key);
  if (earlier) return requireObject(kind, earlier, name);
  const made = await create();
  await putObject(made, { create: true });
  const kept = await rememberKey(key, made.id);
  return kept === made.id ? made : requireObject(kind, kept, name);
}
