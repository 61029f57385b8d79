import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { mockTable } from './mock-table.test-helper';
import { queryAll, queryAny, queryCount, scanPages } from './paging';

const ddb = mockTable();
const input = {
  TableName: 'velo-test',
  KeyConditionExpression: 'PK = :pk',
  ExpressionAttributeValues: { ':pk': 'A' },
};

describe('paged reads', () => {
  it('queryAll follows LastEvaluatedKey to the last page', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ id: 1 }], LastEvaluatedKey: { PK: 'a' } })
      .resolvesOnce({ Items: [], LastEvaluatedKey: { PK: 'b' } })
      .resolvesOnce({ Items: [{ id: 2 }, { id: 3 }] });
    expect(await queryAll(input)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const calls = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input.ExclusiveStartKey);
    expect(calls).toEqual([undefined, { PK: 'a' }, { PK: 'b' }]);
  });

  it('queryCount adds the counts of every page', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Count: 2, LastEvaluatedKey: { PK: 'a' } })
      .resolvesOnce({ Count: 3 });
    expect(await queryCount(input)).toBe(5);
    expect(ddb.commandCalls(QueryCommand)[0]!.args[0].input.Select).toBe('COUNT');
  });

  it('queryAny reads past empty filtered pages and stops at the first match', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Count: 0, LastEvaluatedKey: { PK: 'a' } })
      .resolvesOnce({ Count: 1, LastEvaluatedKey: { PK: 'b' } })
      .resolves({ Count: 9 });
    expect(await queryAny(input)).toBe(true);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);
  });

  it('queryAny is false when no page counts an item', async () => {
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Count: 0, LastEvaluatedKey: { PK: 'a' } })
      .resolvesOnce({ Count: 0 });
    expect(await queryAny(input)).toBe(false);
  });

  it('scanPages yields each page once', async () => {
    ddb
      .on(ScanCommand)
      .resolvesOnce({ Items: [{ id: 1 }], LastEvaluatedKey: { PK: 'a' } })
      .resolvesOnce({ Items: [{ id: 2 }] });
    const seen: unknown[] = [];
    for await (const page of scanPages({ TableName: 'velo-test' })) seen.push(...(page.Items ?? []));
    expect(seen).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
