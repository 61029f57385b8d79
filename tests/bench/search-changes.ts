import { dynamo } from '../../functions/lib/aws';
import { updateListing } from '../../functions/listings/repository';
import type { SearchPage } from '../../shared/api/types';

/**
 * Issue 23's figures for changes, over the running local cloud: a listing's price is changed
 * `count` times, one after the other, while a browser searches every 50 ms; for each, how long until
 * the search answers with it, and how many items the process read from DynamoDB meanwhile (the search
 * container's polls: the sequence item and the deltas; the stream consumer only writes).
 */
export async function benchChanges(url: string, count: number) {
  const search = async (query: string) =>
    (await (await fetch(`${url}/api/listings?${query}`)).json()) as SearchPage;
  const ids = (await search(`perPage=${count}`)).data.map((listing) => listing.id);
  let itemsRead = 0;
  const name = 'benchCountReads';
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const output = result.output as { Items?: unknown[]; Item?: unknown };
      itemsRead += (output.Items?.length ?? 0) + (output.Item ? 1 : 0);
      return result;
    },
    { step: 'initialize', name },
  );
  const delays: number[] = [];
  try {
    for (const [k, id] of ids.entries()) {
      // The highest price in the catalogue: the first result by price, highest first, once visible.
      const amount = 90_000_000 + k;
      const written = performance.now();
      await updateListing(id, { set: { price: { amount, currency: 'USD' } } });
      for (;;) {
        const first = (await search('sort=price&perPage=1')).data[0];
        if (first?.id === id && first.price.amount === amount) break;
        if (performance.now() - written > 10_000) throw new Error(`Change of ${id} not visible after 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      delays.push(performance.now() - written);
    }
  } finally {
    dynamo().middlewareStack.remove(name);
  }
  delays.sort((a, b) => a - b);
  return {
    changes: ids.length,
    itemsPerChange: itemsRead / ids.length,
    medianMs: delays[Math.floor(delays.length / 2)]!,
    maxMs: delays.at(-1)!,
  };
}
