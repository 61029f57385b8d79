import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { currentFunction, type UsageMeter } from '../local/usage-meter';
import { capacityOf, estimatedRefusedWriteUnits, type OperationKind, operationKind } from './capacity';

/**
 * AWS SDK middleware on the handlers' own clients (functions/lib/aws.ts `dynamo()` and `s3()`, one
 * per process, shared by every handler the local cloud runs in-process): each DynamoDB call asks for
 * ReturnConsumedCapacity INDEXES (DynamoDB Local answers it, with the table's and each GSI's units and
 * transactions at 2×) and the units go to the handler running it; each S3 call is counted by command.
 * Added only by `npm run cost`; production code never sees it.
 */

/** The simulated providers' own items (SIMSTRIPE#…, SIMPAYPAL#…): Stripe and PayPal's side, not ours. */
const providerStandIn = /^SIM(STRIPE|PAYPAL)/;
export const providerStandInCalls = '(simulated Stripe / PayPal)';

type Input = Record<string, unknown>;

/** The partition key values a request names (Key, Item, or every item of a transaction). */
function partitionKeys(input: Input): string[] {
  const keyOf = (record: unknown): string | undefined => {
    const pk = (record as { PK?: unknown } | undefined)?.PK;
    if (typeof pk === 'string') return pk;
    const attribute = (pk as { S?: unknown } | undefined)?.S;
    return typeof attribute === 'string' ? attribute : undefined;
  };
  const direct = [keyOf(input.Key), keyOf(input.Item)];
  const transactItems = (input.TransactItems as Record<string, Input>[] | undefined) ?? [];
  const inTransaction = transactItems.flatMap((entry) =>
    Object.values(entry).flatMap((action) => [keyOf(action.Key), keyOf(action.Item)]),
  );
  return [...direct, ...inTransaction].filter((pk): pk is string => pk !== undefined);
}

function chargedTo(input: Input): string {
  const keys = partitionKeys(input);
  if (keys.length > 0 && keys.every((pk) => providerStandIn.test(pk))) return providerStandInCalls;
  return currentFunction();
}

export function meterDynamoDb(client: DynamoDBDocumentClient, meter: UsageMeter): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const kind: OperationKind | undefined = operationKind(context.commandName ?? '');
      const input = args.input as Input;
      if (!kind) return next(args);
      const handler = chargedTo(input);
      input.ReturnConsumedCapacity = 'INDEXES';
      try {
        const result = await next(args);
        const units = capacityOf((result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity);
        meter.dynamo(handler, {
          requests: 1,
          ...(kind === 'read' ? { readUnits: units } : { writeUnits: units }),
        });
        return result;
      } catch (error) {
        const name = (error as Error).name;
        const refused = name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
        meter.dynamo(handler, {
          requests: 1,
          ...(refused && kind === 'write'
            ? {
                refusedWrites: 1,
                estimatedWriteUnits: estimatedRefusedWriteUnits(context.commandName!, input),
              }
            : {}),
        });
        throw error;
      }
    },
    { step: 'initialize', name: 'veloCostMeter', override: true },
  );
}

export function meterS3(client: S3Client, meter: UsageMeter): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      meter.s3Request(currentFunction(), (context.commandName ?? 'Unknown').replace(/Command$/, ''));
      return next(args);
    },
    { step: 'initialize', name: 'veloCostMeter', override: true },
  );
}
