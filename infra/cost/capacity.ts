/**
 * DynamoDB request units, pure (https://aws.amazon.com/dynamodb/pricing/on-demand/, "Key terms";
 * the developer guide's "Item sizes and formats"): a read of up to 4 KB is 1 unit strongly
 * consistent, ½ eventually consistent, 2 transactional; a write of up to 1 KB is 1 unit, 2
 * transactional; larger items take more units, rounded up per 4 KB / 1 KB. DynamoDB Local reports
 * the units of the calls that succeed (ReturnConsumedCapacity, checked: it counts GSIs and doubles
 * transactions); these rules estimate what it cannot report: a refused conditional write (AWS still
 * charges its write units) and a canceled transaction.
 */

export type Consistency = 'eventual' | 'strong' | 'transactional';

export function readUnits(itemBytes: number, consistency: Consistency): number {
  const chunks = Math.max(1, Math.ceil(itemBytes / 4096));
  return chunks * { eventual: 0.5, strong: 1, transactional: 2 }[consistency];
}

export function writeUnits(itemBytes: number, transactional = false): number {
  return Math.max(1, Math.ceil(itemBytes / 1024)) * (transactional ? 2 : 1);
}

/**
 * An item's size as DynamoDB counts it: each attribute's name (UTF-8 bytes) plus its value: a
 * string its UTF-8 bytes, a number about 1 byte per two significant digits + 1, a boolean or null
 * 1, a list or map 3 bytes + 1 per element + its contents (names of a map's keys included).
 */
export function itemSize(item: Record<string, unknown>): number {
  return Object.entries(item).reduce((sum, [name, value]) => sum + utf8(name) + valueSize(value), 0);
}

function utf8(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const digits = String(value).replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return Math.ceil(Math.max(1, digits.length) / 2) + 1;
  }
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, entry) => sum + valueSize(entry), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, entry) => sum + 1 + valueSize(entry), 0);
  if (typeof value === 'object')
    return (
      3 +
      Object.entries(value as Record<string, unknown>).reduce(
        (sum, [name, inner]) => sum + 1 + utf8(name) + valueSize(inner),
        0,
      )
    );
  return 0;
}

export type OperationKind = 'read' | 'write';

const operations: Record<string, OperationKind> = {
  GetItem: 'read',
  Get: 'read',
  BatchGetItem: 'read',
  BatchGet: 'read',
  Query: 'read',
  Scan: 'read',
  TransactGetItems: 'read',
  TransactGet: 'read',
  PutItem: 'write',
  Put: 'write',
  UpdateItem: 'write',
  Update: 'write',
  DeleteItem: 'write',
  Delete: 'write',
  BatchWriteItem: 'write',
  BatchWrite: 'write',
  TransactWriteItems: 'write',
  TransactWrite: 'write',
};

/** Whether a command (`GetItemCommand`, or the document client's `GetCommand`) reads or writes; undefined: neither. */
export function operationKind(commandName: string): OperationKind | undefined {
  return operations[commandName.replace(/Command$/, '')];
}

/** The units of a ConsumedCapacity answer: one entry, or one per table (batches, transactions). */
export function capacityOf(consumed: unknown): number {
  const entries = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  return entries.reduce(
    (sum: number, entry) => sum + Number((entry as { CapacityUnits?: unknown }).CapacityUnits ?? 0),
    0,
  );
}

/**
 * The write units AWS charges a refused write, which DynamoDB Local does not report: the item's
 * size when the request carries it (a Put), else 1 KB; a canceled transaction charges every item
 * it names at the transactional rate.
 */
export function estimatedRefusedWriteUnits(commandName: string, input: Record<string, unknown>): number {
  const items = (input.TransactItems as Record<string, Record<string, unknown>>[] | undefined) ?? undefined;
  if (items) {
    return items.reduce((sum, entry) => {
      const action = Object.values(entry)[0] ?? {};
      const item = action.Item as Record<string, unknown> | undefined;
      return sum + writeUnits(item ? itemSize(item) : 0, true);
    }, 0);
  }
  if (operationKind(commandName) !== 'write') return 0;
  const item = input.Item as Record<string, unknown> | undefined;
  return writeUnits(item ? itemSize(item) : 0);
}
