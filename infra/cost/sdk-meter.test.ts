import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { outsideHandlers, UsageMeter } from '../local/usage-meter';
import { meterDynamoDb, providerStandInCalls } from './sdk-meter';

/**
 * A document client whose requests never leave the process: a last middleware answers what
 * DynamoDB would (or throws its error), and records the input the meter left on the request.
 */
function fakeTable(answer: (input: Record<string, unknown>) => Record<string, unknown>) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'eu-west-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }),
  );
  const seen: Record<string, unknown>[] = [];
  client.middlewareStack.add(
    () => async (args) => {
      const input = args.input as Record<string, unknown>;
      seen.push({ ...input });
      return { output: { $metadata: {}, ...answer(input) }, response: {} };
    },
    { step: 'serialize', name: 'fakeTable', priority: 'high' },
  );
  return { client, seen };
}

describe('meterDynamoDb', () => {
  it('asks for the capacity by index and charges its units to the handler running', async () => {
    const { client, seen } = fakeTable(() => ({ ConsumedCapacity: { TableName: 't', CapacityUnits: 9 } }));
    const meter = new UsageMeter();
    meterDynamoDb(client, meter);
    const put = () => client.send(new PutCommand({ TableName: 't', Item: { PK: 'TX#1', SK: 'TX' } }));
    // Metering of handlers is off in this file: the call outside any handler goes to outsideHandlers.
    await put();
    expect(seen[0]!.ReturnConsumedCapacity).toBe('INDEXES');
    expect(meter.snapshot().dynamodb[outsideHandlers]).toMatchObject({
      requests: 1,
      writeUnits: 9,
      readUnits: 0,
    });
  });

  it("the simulated providers' own items go apart; reads count as reads", async () => {
    const { client } = fakeTable(() => ({ ConsumedCapacity: { CapacityUnits: 0.5 } }));
    const meter = new UsageMeter();
    meterDynamoDb(client, meter);
    await client.send(new GetCommand({ TableName: 't', Key: { PK: 'SIMSTRIPE#pi_1', SK: 'OBJECT' } }));
    await client.send(new GetCommand({ TableName: 't', Key: { PK: 'TX#1', SK: 'TX' } }));
    const tallies = meter.snapshot().dynamodb;
    expect(tallies[providerStandInCalls]).toMatchObject({ requests: 1, readUnits: 0.5 });
    expect(tallies[outsideHandlers]).toMatchObject({ requests: 1, readUnits: 0.5, writeUnits: 0 });
  });

  it('a refused conditional write: counted, its units estimated, the error still thrown', async () => {
    const { client } = fakeTable(() => {
      const error = new Error('The conditional request failed');
      error.name = 'ConditionalCheckFailedException';
      throw error;
    });
    const meter = new UsageMeter();
    meterDynamoDb(client, meter);
    const update = new UpdateCommand({
      TableName: 't',
      Key: { PK: 'TX#1', SK: 'TX' },
      UpdateExpression: 'SET v = :v',
      ExpressionAttributeValues: { ':v': 1 },
    });
    await expect(client.send(update)).rejects.toThrow('conditional');
    expect(meter.snapshot().dynamodb[outsideHandlers]).toMatchObject({
      requests: 1,
      refusedWrites: 1,
      estimatedWriteUnits: 1,
      writeUnits: 0,
    });
  });
});
