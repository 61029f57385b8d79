import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * The DynamoDB document client mocked for the calling test file: TABLE_NAME is `velo-test` while it
 * runs (restored after), the mock is reset before each test and restored at the end.
 */
export function mockTable() {
  const ddb = mockClient(DynamoDBDocumentClient);
  const savedTable = process.env.TABLE_NAME;
  beforeAll(() => {
    process.env.TABLE_NAME = 'velo-test';
  });
  afterAll(() => {
    if (savedTable === undefined) delete process.env.TABLE_NAME;
    else process.env.TABLE_NAME = savedTable;
    ddb.restore();
  });
  beforeEach(() => ddb.reset());
  return ddb;
}
