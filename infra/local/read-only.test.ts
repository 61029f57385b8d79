import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { guardReadOnly, pageRendererGrant, publicReadGrant, runReadOnly } from './read-only';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** Real clients whose requests never leave the process: a build-step middleware answers instead. */
function clients() {
  const table = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials }),
  );
  const objects = new S3Client({
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9',
    credentials,
    forcePathStyle: true,
  });
  const sent: string[] = [];
  for (const stack of [
    table.middlewareStack,
    objects.middlewareStack,
  ] as DynamoDBDocumentClient['middlewareStack'][]) {
    stack.add(
      (_next, context) => async () => {
        sent.push(String(context.commandName));
        return { output: { $metadata: {} }, response: {} };
      },
      { step: 'build', name: 'answerLocally' },
    );
  }
  guardReadOnly(table, 'table');
  guardReadOnly(objects, 'objects');
  guardReadOnly(table, 'table'); // once per client
  return { table, objects, sent };
}

const key = { PK: 'LISTING#1', SK: 'LISTING' };
const env = { IMAGES_BUCKET: 'velo-images', CONTENT_BUCKET: 'velo-content', SITE_BUCKET: 'velo-site' };

describe('the read-only guard (the public read roles, locally)', () => {
  it('lets a read-only handler read items and objects, and refuses every write as IAM would', async () => {
    const { table, objects, sent } = clients();
    await runReadOnly(publicReadGrant('listings/http/show', env), async () => {
      await table.send(new GetCommand({ TableName: 't', Key: key }));
      await table.send(
        new QueryCommand({
          TableName: 't',
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': 'x' },
        }),
      );
      await objects.send(new GetObjectCommand({ Bucket: 'velo-content', Key: 'assets/latest.json' }));
      await expect(table.send(new PutCommand({ TableName: 't', Item: key }))).rejects.toMatchObject({
        name: 'AccessDeniedException',
        message: expect.stringMatching(/listings\/http\/show runs read-only .* Put(Item)?Command$/),
      });
      await expect(
        table.send(
          new UpdateCommand({
            TableName: 't',
            Key: key,
            UpdateExpression: 'SET a = :a',
            ExpressionAttributeValues: { ':a': 1 },
          }),
        ),
      ).rejects.toMatchObject({ name: 'AccessDeniedException' });
      await expect(
        objects.send(new PutObjectCommand({ Bucket: 'b', Key: 'images/x', Body: 'x' })),
      ).rejects.toMatchObject({
        name: 'AccessDeniedException',
      });
    });
    // Outside a read-only handler, writes go through.
    await table.send(new PutCommand({ TableName: 't', Item: key }));
    expect(sent.filter((name) => /Put|Update/.test(name))).toHaveLength(1);
    expect(sent.filter((name) => /Get|Query/.test(name)).length).toBeGreaterThanOrEqual(3);
  });

  it('gives the search route its snapshots and the head renderer GetItem, index.html and the assets only', async () => {
    const { table, objects } = clients();
    await runReadOnly(publicReadGrant('listings/http/search', env), async () => {
      await objects.send(new GetObjectCommand({ Bucket: 'velo-images', Key: 'search-snapshots/00000042' }));
      await expect(
        objects.send(new GetObjectCommand({ Bucket: 'velo-content', Key: 'assets/latest.json' })),
      ).rejects.toThrow(/listings\/http\/search runs read-only/);
    });
    await runReadOnly(pageRendererGrant(env), async () => {
      await table.send(new GetCommand({ TableName: 't', Key: key }));
      await objects.send(new GetObjectCommand({ Bucket: 'velo-site', Key: 'index.html' }));
      await objects.send(
        new GetObjectCommand({ Bucket: 'velo-content', Key: 'assets/v1/content/pages/about.json' }),
      );
      await expect(
        table.send(
          new QueryCommand({
            TableName: 't',
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': 'x' },
          }),
        ),
      ).rejects.toThrow(/render-page runs read-only .* QueryCommand$/);
    });
  });
});
