import { describe, expect, it } from 'vitest';
import {
  capacityOf,
  estimatedRefusedWriteUnits,
  itemSize,
  operationKind,
  readUnits,
  writeUnits,
} from './capacity';

describe('request units by item size', () => {
  it('reads: 4 KB per unit, ½ eventually consistent, 2 transactional, rounded up per 4 KB', () => {
    expect(readUnits(100, 'strong')).toBe(1);
    expect(readUnits(4096, 'strong')).toBe(1);
    expect(readUnits(4097, 'strong')).toBe(2);
    expect(readUnits(8192, 'eventual')).toBe(1);
    expect(readUnits(100, 'eventual')).toBe(0.5);
    expect(readUnits(8192, 'transactional')).toBe(4);
    expect(readUnits(0, 'strong')).toBe(1);
  });

  it('writes: 1 KB per unit, rounded up, transactional 2×', () => {
    expect(writeUnits(1)).toBe(1);
    expect(writeUnits(1024)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
    expect(writeUnits(2900)).toBe(3);
    expect(writeUnits(2900, true)).toBe(6);
    expect(writeUnits(0, true)).toBe(2);
  });
});

describe('itemSize', () => {
  it('counts names and values: strings in UTF-8 bytes, numbers by digits, booleans 1', () => {
    expect(itemSize({ PK: 'TX#1' })).toBe(2 + 4);
    expect(itemSize({ name: 'é' })).toBe(4 + 2);
    expect(itemSize({ n: 12345 })).toBe(1 + 4);
    expect(itemSize({ ok: true, no: null })).toBe(2 + 1 + 2 + 1);
  });

  it('adds 3 bytes per list or map and 1 per element', () => {
    expect(itemSize({ l: ['ab', 'c'] })).toBe(1 + 3 + (1 + 2) + (1 + 1));
    expect(itemSize({ m: { k: 'v' } })).toBe(1 + 3 + (1 + 1 + 1));
  });

  it('a 3,000-character attribute makes a 3-unit write', () => {
    expect(writeUnits(itemSize({ PK: 'A', SK: 'B', big: 'x'.repeat(3000) }))).toBe(3);
  });
});

describe('what DynamoDB answers and does', () => {
  it('sums ConsumedCapacity, one entry or one per table', () => {
    expect(capacityOf({ TableName: 'velo', CapacityUnits: 6 })).toBe(6);
    expect(capacityOf([{ CapacityUnits: 8 }, { CapacityUnits: 1.5 }])).toBe(9.5);
    expect(capacityOf(undefined)).toBe(0);
  });

  it('knows reads from writes, for client and document client commands', () => {
    expect(operationKind('GetItemCommand')).toBe('read');
    expect(operationKind('QueryCommand')).toBe('read');
    expect(operationKind('TransactWriteCommand')).toBe('write');
    expect(operationKind('UpdateItemCommand')).toBe('write');
    expect(operationKind('DescribeTableCommand')).toBeUndefined();
  });

  it('estimates a refused write: the Put item size, else 1 KB; a canceled transaction 2× per item', () => {
    expect(estimatedRefusedWriteUnits('PutCommand', { Item: { PK: 'A', big: 'x'.repeat(2000) } })).toBe(2);
    expect(estimatedRefusedWriteUnits('UpdateCommand', { Key: { PK: 'A' } })).toBe(1);
    expect(
      estimatedRefusedWriteUnits('TransactWriteCommand', {
        TransactItems: [
          { Update: { Key: { PK: 'A' } } },
          { Put: { Item: { PK: 'B', big: 'x'.repeat(1500) } } },
        ],
      }),
    ).toBe(2 + 4);
    expect(estimatedRefusedWriteUnits('GetCommand', { Key: { PK: 'A' } })).toBe(0);
  });
});
