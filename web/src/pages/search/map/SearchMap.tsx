import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListingSummary } from '../../../../../shared/api/types';
import { type Bounds, distanceMeters, type Place, widenedBounds } from '../../../../../shared/maps';
import type { LatLng } from '../../../../../shared/validation/core';
import { formatBoundsParam } from '../../../../../shared/validation/filters';
import { MapListingCard } from './MapListingCard';
import { MapOverlay } from './MapOverlay';
import { boxAround, fitBox, viewBounds } from './map-geometry';
import { fetchPlaceNames } from './place-names';
import { type SettledView, useSearchMap } from './use-search-map';
import './search-map.css';

export interface SearchMapProps {
  /** The page of results: those with a public point get a price marker. */
  listings: ListingSummary[];
  /** The search's box: the map shows it. */
  bounds?: Bounds | undefined;
  /** The place or position the results are nearest to: marked, and kept in view. */
  origin?: LatLng | undefined;
  /** "Search this area": the box the map shows now. */
  onSearchArea: (bounds: Bounds) => void;
  /** No WebGL, or the basemap did not load: the page says so and keeps the list. */
  onError: () => void;
}

/** How many of the results nearest to an origin its first view shows. */
const nearestShown = 8;

/** The view a search starts with: its box, else its results (and origin), else the world. */
function fitView(
  map: MapLibreMap,
  { listings, bounds, origin }: Pick<SearchMapProps, 'listings' | 'bounds' | 'origin'>,
) {
  const points = listings.flatMap((listing) => (listing.geolocation ? [listing.geolocation] : []));
  // Around an origin, what is near it: the origin and its nearest results, not the far ones too.
  const shown = origin
    ? [
        origin,
        ...points
          .sort((a, b) => distanceMeters(origin, a) - distanceMeters(origin, b))
          .slice(0, nearestShown),
      ]
    : points;
  const box = bounds ?? boxAround(shown);
  if (!box) {
    map.jumpTo({ center: [10, 30], zoom: 1 });
    return;
  }
  // Never closer than the fuzzy disc: one result alone shows its surroundings, not a street.
  map.fitBounds(fitBox(bounds ? box : widenedBounds(box)), { padding: 48, maxZoom: 12, animate: false });
}

/**
 * The search's map view (a lazy chunk: MapLibre loads only when someone opens it): the stage's
 * basemap (offline, or Amazon Location's streets), a price marker per result at its public point (grouped when they would overlap), the
 * names of the largest places in view (on the offline basemap, which has none), a card for the marker chosen, and "Search this area" once the
 * person has moved the map. Markers, counts and names are DOM elements, never MapLibre text layers
 * (the offline basemap has no glyphs).
 */
export default function SearchMap({ listings, bounds, origin, onSearchArea, onError }: SearchMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [, setFrame] = useState(0);
  const [movedBounds, setMovedBounds] = useState<Bounds>();
  const [placeNames, setPlaceNames] = useState<Place[]>([]);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const namesRequest = useRef<AbortController | undefined>(undefined);
  const labelled = useRef(false);
  /** The listing whose marker gets the focus once the map rests (after a group was zoomed into). */
  const focusAfterMove = useRef<string | undefined>(undefined);
  const focusMarker = useCallback((id: string) => {
    rootRef.current?.querySelector<HTMLButtonElement>(`button[data-ids~="${CSS.escape(id)}"]`)?.focus();
  }, []);
  const onSettled = useCallback(
    ({ bounds: view, byPerson }: SettledView) => {
      const box = viewBounds({
        west: view.getWest(),
        south: view.getSouth(),
        east: view.getEast(),
        north: view.getNorth(),
      });
      if (byPerson) setMovedBounds(box);
      if (focusAfterMove.current) focusMarker(focusAfterMove.current);
      focusAfterMove.current = undefined;
      // A style with labels (Amazon Location's) names places itself.
      if (labelled.current) return;
      namesRequest.current?.abort();
      const request = new AbortController();
      namesRequest.current = request;
      // Names are a help, not the content: a failed request leaves the map without them.
      fetchPlaceNames(box, request.signal).then(setPlaceNames, () => undefined);
    },
    [focusMarker],
  );
  const loaded = useSearchMap(containerRef, {
    onMove: () => setFrame((frame) => frame + 1),
    onSettled,
    onError,
  });
  const map = loaded?.map;
  labelled.current = loaded?.labelled ?? false;

  // A new search (its box, origin or results) is shown whole, except the area just searched from
  // the map, which the map shows already (its filters or pages change the results, not the view).
  const searchedArea = useRef<string | undefined>(undefined);
  const searchKey = JSON.stringify([bounds, origin, listings.map((listing) => listing.id)]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchKey stands for bounds, origin and listings
  useEffect(() => {
    if (!map) return;
    setSelectedIds([]);
    const area = bounds ? formatBoundsParam(bounds) : undefined;
    if (area && area === searchedArea.current) return;
    searchedArea.current = undefined;
    setMovedBounds(undefined);
    fitView(map, { listings, bounds, origin });
  }, [map, searchKey]);

  useEffect(() => () => namesRequest.current?.abort(), []);

  const selected = listings.filter((listing) => selectedIds.includes(listing.id));
  return (
    <div className="search-map" ref={rootRef}>
      <div
        ref={containerRef}
        className="search-map-canvas"
        aria-busy={!map}
        data-ready={map ? 'true' : undefined}
      />
      {map ? (
        <MapOverlay
          map={map}
          listings={listings}
          origin={origin}
          placeNames={placeNames}
          selectedIds={selectedIds}
          onSelect={setSelectedIds}
          onZoomIn={(id) => {
            focusAfterMove.current = id;
          }}
        />
      ) : (
        <p className="search-map-loading" role="status">
          Loading the map…
        </p>
      )}
      {movedBounds ? (
        <button
          type="button"
          className="button button-primary search-area-button"
          onClick={() => {
            searchedArea.current = formatBoundsParam(movedBounds);
            setMovedBounds(undefined);
            onSearchArea(movedBounds);
          }}
        >
          Search this area
        </button>
      ) : null}
      {selected.length ? (
        <MapListingCard
          listings={selected}
          origin={origin}
          onClose={() => {
            const [first] = selectedIds;
            setSelectedIds([]);
            // Back to the marker the card came from, not to the top of the page.
            if (first) requestAnimationFrame(() => focusMarker(first));
          }}
        />
      ) : null}
    </div>
  );
}
