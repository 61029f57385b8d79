import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { ListingSummary } from '../../../../shared/api/types';
import type { Bounds } from '../../../../shared/maps';
import { pages } from '../../../../shared/pages';
import type { LatLng } from '../../../../shared/validation/core';
import type { SearchParams } from '../../search/params';
import type { SearchMapProps } from './map/SearchMap';

// MapLibre (about 300 kB gzipped) and the basemap load only when someone opens the map.
const loadSearchMap = () => import('./map/SearchMap');
// A chunk that does not arrive: the map says so (as without WebGL) and the list stays.
function MapDidNotLoad({ onError }: Pick<SearchMapProps, 'onError'>): ReactNode {
  useEffect(onError, [onError]);
  return null;
}
const SearchMap = lazy(
  (): Promise<{ default: (props: SearchMapProps) => ReactNode }> =>
    loadSearchMap().catch(() => ({ default: MapDidNotLoad })),
);

/**
 * List or map: two links, so the view is in the URL (a reload or a shared link keeps it). Pointing
 * at "Map" starts loading the map's code.
 */
export function ViewToggle({ search }: { search: SearchParams }) {
  const map = search.view === 'map';
  return (
    <nav className="view-toggle" aria-label="Results view">
      <Link to={pages.search} search={{ ...search, view: undefined }} aria-current={map ? undefined : 'page'}>
        List
      </Link>
      <Link
        to={pages.search}
        search={{ ...search, view: 'map' }}
        aria-current={map ? 'page' : undefined}
        onPointerEnter={() => void loadSearchMap()}
        onFocus={() => void loadSearchMap()}
      >
        Map
      </Link>
    </nav>
  );
}

/** The map beside the results (under them on a phone), with progress while it loads and a note if it cannot. */
export function MapPanel({
  listings,
  bounds,
  origin,
  onSearchArea,
}: {
  listings: ListingSummary[];
  bounds: Bounds | undefined;
  origin: LatLng | undefined;
  onSearchArea: (bounds: Bounds) => void;
}) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="map-panel map-panel-failed">
        <p role="status">The map cannot be shown in this browser. The list has every result.</p>
      </div>
    );
  }
  return (
    <section className="map-panel" aria-label="Map of the results">
      <Suspense
        fallback={
          <p className="search-map-loading" role="status">
            Loading the map…
          </p>
        }
      >
        <SearchMap
          listings={listings}
          bounds={bounds}
          origin={origin}
          onSearchArea={onSearchArea}
          onError={() => setFailed(true)}
        />
      </Suspense>
    </section>
  );
}
