import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/lib/aws';
import { type ListingFields, listingRecord } from '../../functions/listings/listing-record';
import { allCategories } from '../../shared/config/categories';
import { conditions, frameMaterials, sizes, wheelSizeKeys } from '../../shared/config/listing-fields';

/** Each listing's field values cycle through these, so filters and facets have real work to do. */
const conditionKeys = Object.keys(conditions);
const sizeKeys = Object.keys(sizes);
const materialKeys = Object.keys(frameMaterials);
const groupsets = ['Shimano 105', 'Shimano Ultegra', 'SRAM Rival AXS', 'SRAM GX Eagle', 'Campagnolo Chorus'];

const brands = [
  'Trek',
  'Specialized',
  'Giant',
  'Cannondale',
  'Shimano',
  'SRAM',
  'Rapha',
  'Garmin',
  'Fox',
  'Zipp',
];
const nouns = [
  'road bike',
  'gravel bike',
  'wheelset',
  'crankset',
  'jersey',
  'helmet',
  'fork',
  'saddle',
  'pump',
];

/** The bench's listing number `i`: its fields cycle, so filters and facets have real work to do. */
export function benchListing(i: number, now: number, id: string): ListingFields {
  const createdAt = new Date(now - i * 60_000).toISOString();
  return {
    id,
    authorId: `author-${i % 500}`,
    title: `${brands[i % brands.length]} ${nouns[i % nouns.length]} ${i}`,
    description: 'Bench listing: ridden a few seasons, serviced, ready to go.',
    price: { amount: 1_000 + ((i * 7919) % 500_000), currency: 'USD' },
    state: 'published',
    publicData: {
      category: allCategories[i % allCategories.length]!,
      condition: conditionKeys[i % conditionKeys.length]!,
      brand: brands[i % brands.length]!,
      size: sizeKeys[(i >> 1) % sizeKeys.length]!,
      frameSize: sizeKeys[(i >> 2) % sizeKeys.length]!,
      wheelSize: wheelSizeKeys[i % wheelSizeKeys.length]!,
      frameMaterial: materialKeys[(i >> 3) % materialKeys.length]!,
      groupset: groupsets[i % groupsets.length]!,
      year: 2010 + (i % 17),
      pickupEnabled: i % 3 !== 0,
      shippingEnabled: i % 3 !== 1,
      location: { address: 'x', city: 'Toronto', region: 'ON', country: 'CA' },
    },
    geolocation: { lat: 43.65, lng: -79.38 },
    publicGeolocation: { lat: 43.661, lng: -79.392 },
    currentStock: 1,
    images: [],
    createdAt,
    updatedAt: createdAt,
  };
}

/** Writes `count` published listings straight to the table, 25 per BatchWrite. */
export async function writeListings(count: number): Promise<void> {
  const now = Date.now();
  const batches: ReturnType<typeof listingRecord>[][] = [];
  for (let start = 0; start < count; start += 25) {
    const items = Array.from({ length: Math.min(25, count - start) }, (_, offset) =>
      listingRecord(benchListing(start + offset, now, randomUUID())),
    );
    batches.push(items);
  }
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const items = batches[next++]!;
      let request: Record<string, unknown[]> | undefined = {
        [tableName()]: items.map((Item) => ({ PutRequest: { Item } })),
      };
      while (request && Object.keys(request).length) {
        const result = await dynamo().send(new BatchWriteCommand({ RequestItems: request as never }));
        request = result.UnprocessedItems as Record<string, unknown[]> | undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * The load generator runs in its own thread (as wrk would in its own process), so its clients do not
 * compete with the gateway for the event loop. `clients` concurrent loops, `requests` in all, each
 * client on its own keep-alive connection. It sends the headers `fetch` sends (so the answers are
 * gzipped as a browser's would be) but, like wrk, uses plain node:http and counts the body's bytes
 * instead of inflating them: `fetch` with gunzip cost as much CPU per request as the server does,
 * and on a 2-core machine that time came out of the server's share.
 */
const loadWorker = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, clients, requests, queries } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const headers = { accept: '*/*', 'accept-language': '*', 'sec-fetch-mode': 'cors', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' };
const latencies = [];
let issued = 0;
function get(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => { bytes += chunk.length; });
      response.on('end', () => {
        const length = response.headers['content-length'];
        if (length !== undefined && Number(length) !== bytes) reject(new Error('short body: ' + bytes + ' of ' + length));
        else resolve(response.statusCode);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}
async function client() {
  while (issued < requests) {
    const query = queries[issued++ % queries.length];
    const started = performance.now();
    const status = await get(baseUrl + '/api/listings?' + query);
    if (status !== 200) throw new Error('search answered ' + status);
    latencies.push(performance.now() - started);
  }
}
Promise.all(Array.from({ length: clients }, client)).then(() => {
  agent.destroy();
  parentPort.postMessage(latencies);
});
`;

export const queries = [
  '',
  'keywords=trek',
  'keywords=shimano%20crankset',
  'pub_category=roadBikes',
  'keywords=helmet&sort=-price',
  'page=5',
  'keywords=gar',
  'price=50000,150001&pub_frameSize=m&pub_condition=new,usedLikeNew',
  'pub_category=roadBikes,gravelBikes&price=0,300001&sort=-price',
  'keywords=trek&pub_frameSize=m,l&pub_delivery=shipping',
  'pub_brand=SRAM,Shimano&pub_year=2018,2023&pub_frameMaterial=carbonFiber',
];

/**
 * Searches no two alike (each its own price bound, and a mix of keywords and filters): every one
 * misses the index's cache of recent searches, the cost of a search nobody made a moment ago.
 */
export function distinctQueries(count: number): string[] {
  const words = ['trek', 'shimano', 'road', 'helmet', 'gar', 'wheelsets', 'specialised'];
  return Array.from({ length: count }, (_, i) => {
    const low = (i % 97) * 1_000;
    const parts = [`price=${low},${low + 100_000 + i}`];
    if (i % 2) parts.push(`keywords=${words[i % words.length]}`);
    if (i % 3 === 0) parts.push(`pub_condition=${conditionKeys[i % conditionKeys.length]}`);
    if (i % 4 === 0) parts.push(`pub_frameSize=${sizeKeys[i % 6]}`);
    if (i % 5 === 0) parts.push(`pub_category=${allCategories[i % allCategories.length]}`);
    return parts.join('&');
  });
}

export async function loadSearch(
  baseUrl: string,
  clients: number,
  requests: number,
  queryList: readonly string[] = queries,
) {
  const latencies = await new Promise<number[]>((resolve, reject) => {
    const worker = new Worker(loadWorker, {
      eval: true,
      workerData: { baseUrl, clients, requests, queries: queryList },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
  return { requests: latencies.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: latencies.at(-1)! };
}
