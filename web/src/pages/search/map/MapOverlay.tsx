import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MouseEvent } from 'react';
import type { ListingSummary } from '../../../../../shared/api/types';
import { type Place, widenedBounds } from '../../../../../shared/maps';
import type { LatLng } from '../../../../../shared/validation/core';
import { PriceText } from '../../../components/ListingCard';
import { boxAround, clusterMarkers, fitBox, type ScreenPoint } from './map-geometry';

/** A price marker's size in CSS px (search-map.css): markers closer than this are grouped. */
const markerSize = { width: 72, height: 30 } as const;
/** A place name's room: names closer than this to a bigger place's are left out. */
const nameSize = { width: 120, height: 24 } as const;

const placed = (point: { x: number; y: number }) => ({ transform: `translate(${point.x}px, ${point.y}px)` });

/**
 * What the search map draws over its canvas, as DOM: the names of the largest places in view (for
 * the eye only: the results list says where each listing is), the origin, and a price marker per
 * result in view — or, where markers would overlap, a group with its count that zooms in on them.
 * Re-rendered on every frame the map moves, so everything follows the view.
 */
export function MapOverlay({
  map,
  listings,
  origin,
  placeNames,
  selectedId,
  onSelect,
}: {
  map: MapLibreMap;
  listings: ListingSummary[];
  origin: LatLng | undefined;
  placeNames: Place[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  const canvas = map.getCanvas();
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const project = (point: LatLng) => map.project([point.lng, point.lat]);
  const inView = (point: { x: number; y: number }) =>
    point.x >= 0 && point.y >= 0 && point.x <= width && point.y <= height;
  const byId = new Map(listings.map((listing) => [listing.id, listing]));
  const points: ScreenPoint[] = listings.flatMap((listing) => {
    if (!listing.geolocation) return [];
    const { x, y } = project(listing.geolocation);
    return inView({ x, y }) ? [{ id: listing.id, x, y }] : [];
  });
  const clusters = clusterMarkers(points, markerSize.width, markerSize.height);
  const namePoints = placeNames.flatMap((place) => {
    const { x, y } = project(place.origin);
    return inView({ x, y }) ? [{ id: place.name, x, y }] : [];
  });
  // The biggest place of each crowded spot (the names come most populous first).
  const names = clusterMarkers(namePoints, nameSize.width, nameSize.height).map(
    (group) => namePoints.find((point) => point.id === group.ids[0])!,
  );
  const zoomTo = (ids: string[], event: MouseEvent) => {
    const box = boxAround(ids.flatMap((id) => byId.get(id)?.geolocation ?? []));
    if (!box) return;
    // The click is the person's: the map then offers "Search this area".
    map.fitBounds(
      fitBox(widenedBounds(box)),
      { padding: 80, maxZoom: 14 },
      { originalEvent: event.nativeEvent },
    );
  };
  const originPoint = origin ? project(origin) : undefined;

  return (
    <>
      <div className="search-map-names" aria-hidden="true">
        {names.map((name) => (
          <span key={name.id} className="search-map-name" style={placed(name)}>
            {name.id}
          </span>
        ))}
      </div>
      {originPoint && inView(originPoint) ? (
        <span className="search-map-origin" style={placed(originPoint)} aria-hidden="true" />
      ) : null}
      <ul className="search-map-markers" aria-label="Results on the map">
        {clusters.map((cluster) => {
          const [firstId] = cluster.ids;
          const listing = byId.get(firstId!)!;
          return (
            <li key={cluster.ids.join()} style={placed(cluster)}>
              {cluster.ids.length === 1 ? (
                <button
                  type="button"
                  className={`map-marker${listing.soldOut ? ' map-marker-sold' : ''}`}
                  aria-expanded={selectedId === listing.id}
                  aria-controls={selectedId === listing.id ? 'map-listing-card' : undefined}
                  onClick={() => onSelect(listing.id)}
                >
                  <PriceText price={listing.price} className="map-marker-price" />
                  <span className="visually-hidden">: {listing.title}</span>
                </button>
              ) : (
                <button type="button" className="map-cluster" onClick={(event) => zoomTo(cluster.ids, event)}>
                  {cluster.ids.length}
                  <span className="visually-hidden"> listings here: zoom in</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
