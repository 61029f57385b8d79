import { useEffect, useState } from 'react';
import { route } from '../../../../shared/api/routes';
import type { Listing, ListingSummary } from '../../../../shared/api/types';
import { callApi } from '../../api/client';
import { ListingGrid } from '../../components/ListingCard';
import { nearestInPrice, similarItemsQueries } from './similar-items';

/**
 * "Similar items" under the listing (issue 24): a few listings of the same category nearest in
 * price, from two searches asked after the page has painted. Nothing shows until they arrive, nor
 * when there are none or the searches fail: it is a suggestion, not part of the listing.
 */
export function SimilarItems({ listing }: { listing: Listing }) {
  const [items, setItems] = useState<ListingSummary[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(
      similarItemsQueries(listing).map((query) =>
        callApi(route('searchListings'), { query, signal: controller.signal }),
      ),
    ).then(
      (pages) => {
        if (!controller.signal.aborted)
          setItems(
            nearestInPrice(
              listing,
              pages.flatMap((page) => page.data),
            ),
          );
      },
      () => {
        if (!controller.signal.aborted) setItems([]);
      },
    );
    return () => controller.abort();
  }, [listing]);
  if (items.length === 0) return null;
  return (
    <section className="listing-similar" aria-labelledby="similar-title">
      <h2 id="similar-title">Similar items</h2>
      <ListingGrid listings={items} />
    </section>
  );
}
