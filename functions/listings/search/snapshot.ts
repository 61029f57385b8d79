import type { IndexColumns } from './index-columns';
import type { OrderedSort } from './ranking';

/**
 * The search index's snapshot (issue 23): its columns (index-columns.ts) as they are in memory, so a
 * cold container reads them as typed-array views over the bytes it downloaded, with no parsing and
 * no building (`JSON.parse` of tens of MB alone would eat the 2 s cold-start budget).
 *
 * Layout: "VSI1", the header's length (uint32 LE), the header as JSON (the position in the sequence
 * of changes it includes, the facet labels, and where each section lies), then each section at an
 * offset that is a multiple of 8. Lists of words and ids are one UTF-8 section each, joined by
 * newlines (tokens and ids have none).
 */
const magic = 'VSI1';

type Typed = Int32Array | Uint32Array | Uint8Array | Float64Array;
const kinds = { Int32Array, Uint32Array, Uint8Array, Float64Array };
type Kind = keyof typeof kinds;

interface Header {
  position: number;
  labels: string[][];
  sections: Record<string, { kind: Kind; offset: number; length: number }>;
}

const orderNames: OrderedSort[] = ['createdAt', '-createdAt', 'price', '-price'];

const lines = (texts: readonly string[]) => new TextEncoder().encode(texts.join('\n'));

export function encodeSnapshot(columns: IndexColumns, position: number): Uint8Array {
  const { keywords, facets } = columns;
  const sections: [string, Typed][] = [
    ['ids', lines(columns.ids)],
    ['createdAt', columns.createdAt],
    ['summaries.bytes', columns.summaries.bytes],
    ['summaries.offsets', columns.summaries.offsets],
    ['points', columns.points],
    ['soldOut', columns.soldOut],
    ...orderNames.map((name): [string, Typed] => [`orders.${name}`, columns.orders[name]]),
    ['keywords.words', lines(keywords.words)],
    ['keywords.offsets', keywords.offsets],
    ['keywords.positions', keywords.positions],
    ['keywords.weights', keywords.weights],
    ['keywords.sharedStems', lines(keywords.sharedStems)],
    ['keywords.sharedOffsets', keywords.sharedOffsets],
    ['keywords.sharedPositions', keywords.sharedPositions],
    ['keywords.sharedWeights', keywords.sharedWeights],
    ['keywords.typos.words', lines(keywords.typos.words)],
    ['keywords.typos.keys', keywords.typos.keys],
    ['facets.prices', facets.prices],
    ['facets.priceOrder', facets.priceOrder],
    ['facets.years', facets.years],
    ['facets.frameCm', facets.frameCm],
    ...facets.fields.map((field, i): [string, Typed] => [`facets.field.${i}`, field.values]),
  ];
  const header: Header = {
    position,
    labels: facets.fields.map((field) => field.labels),
    sections: {},
  };
  let offset = 0;
  for (const [name, array] of sections) {
    header.sections[name] = { kind: kindOf(array), offset, length: array.length };
    offset = aligned(offset + array.byteLength);
  }
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const start = aligned(8 + headerBytes.length);
  const bytes = new Uint8Array(start + offset);
  new TextEncoder().encodeInto(magic, bytes);
  new DataView(bytes.buffer).setUint32(4, headerBytes.length, true);
  bytes.set(headerBytes, 8);
  for (const [name, array] of sections) {
    bytes.set(
      new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
      start + header.sections[name]!.offset,
    );
  }
  return bytes;
}

/** The columns and position of a snapshot: views over `bytes`, nothing copied but the word lists. */
export function decodeSnapshot(given: Uint8Array): { columns: IndexColumns; position: number } {
  if (new TextDecoder().decode(given.subarray(0, 4)) !== magic) throw new Error('Not a search snapshot');
  // Typed-array views need offsets aligned to their element size: a pooled Buffer may not be.
  const bytes = given.byteOffset % 8 === 0 ? given : given.slice();
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength))) as Header;
  const start = aligned(8 + headerLength);
  function take<K extends Kind>(name: string, kind: K): InstanceType<(typeof kinds)[K]> {
    const section = header.sections[name];
    if (!section || section.kind !== kind) throw new Error(`Search snapshot: no ${kind} ${name}`);
    const View = kinds[kind] as unknown as new (
      buffer: ArrayBufferLike,
      offset: number,
      length: number,
    ) => Typed;
    return new View(bytes.buffer, bytes.byteOffset + start + section.offset, section.length) as InstanceType<
      (typeof kinds)[K]
    >;
  }
  const textLines = (name: string) => {
    const section = take(name, 'Uint8Array');
    const text = Buffer.from(section.buffer, section.byteOffset, section.length).toString('utf8');
    return text === '' ? [] : text.split('\n');
  };
  return {
    position: header.position,
    columns: {
      ids: textLines('ids'),
      createdAt: take('createdAt', 'Float64Array'),
      summaries: {
        bytes: take('summaries.bytes', 'Uint8Array'),
        offsets: take('summaries.offsets', 'Uint32Array'),
      },
      points: take('points', 'Float64Array'),
      soldOut: take('soldOut', 'Uint8Array'),
      orders: Object.fromEntries(
        orderNames.map((name) => [name, take(`orders.${name}`, 'Int32Array')]),
      ) as Record<OrderedSort, Int32Array>,
      keywords: {
        words: textLines('keywords.words'),
        offsets: take('keywords.offsets', 'Uint32Array'),
        positions: take('keywords.positions', 'Int32Array'),
        weights: take('keywords.weights', 'Uint8Array'),
        sharedStems: textLines('keywords.sharedStems'),
        sharedOffsets: take('keywords.sharedOffsets', 'Uint32Array'),
        sharedPositions: take('keywords.sharedPositions', 'Int32Array'),
        sharedWeights: take('keywords.sharedWeights', 'Uint8Array'),
        typos: {
          words: textLines('keywords.typos.words'),
          keys: take('keywords.typos.keys', 'Float64Array'),
        },
      },
      facets: {
        fields: header.labels.map((labels, i) => ({
          labels,
          values: take(`facets.field.${i}`, 'Int32Array'),
        })),
        prices: take('facets.prices', 'Float64Array'),
        priceOrder: take('facets.priceOrder', 'Int32Array'),
        years: take('facets.years', 'Int32Array'),
        frameCm: take('facets.frameCm', 'Float64Array'),
      },
    },
  };
}

const aligned = (offset: number) => Math.ceil(offset / 8) * 8;

function kindOf(array: Typed): Kind {
  if (array instanceof Int32Array) return 'Int32Array';
  if (array instanceof Uint32Array) return 'Uint32Array';
  if (array instanceof Float64Array) return 'Float64Array';
  return 'Uint8Array';
}
