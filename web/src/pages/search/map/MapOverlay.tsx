import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MouseEvent } from 'react';
import type { ListingSummary } from '../../../../../shared/api/types';
import type { Place } from '../../../../../shared/maps';
import type { LatLng } from '../../../../../shared/validation/core';
import { PriceText } from '../../../components/ListingCard';
import { boxAround, clusterMarkers, fitBox, type ScreenPoint } from './map-geometry';

/** A price marker's size in CSS px (search-map.css): markers closer than this are grouped. */
const markerSize = { width: 72, height: 30 } as const;
/** How close choosing a group may zoom (public points only: the fuzzy disc still hides the real ones). */
const maxGroupZoom = 16;
/** A place name's room: names closer than this to a bigger place's are left out. */
const nameSize = { width: 120, height: 24 } as const;

const placed = (point: { x: number; y: number }) => ({ transform: `translate(${point.x}px, ${point.y}px)` });

/**
 * What the search map draws over its canvas, as DOM: the names of the largest places in view (for
 * the eye only: the results list says where each listing is), the origin, and a price marker per
 * result in view — or, where markers would overlap, a group with its count that zooms in on them
 * (or, when zooming cannot split them, opens them as a list).
 * Re-rendered on every frame the map moves, so everything follows the view.
 */
export function MapOverlay({
  map,
  listings,
  origin,
  placeNames,
  selectedIds,
  onSelect,
  onZoomIn,
}: {
  map: MapLibreMap;
  listings: ListingSummary[];
  origin: LatLng | undefined;
  placeNames: Place[];
  /** The listings whose card is open (one marker's, or a group's that zooming cannot split). */
  selectedIds: readonly string[];
  onSelect: (ids: string[]) => void;
  /** A group was zoomed into: the page puts the focus back on its first listing once the map rests. */
  onZoomIn: (firstId: string) => void;
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
    return inView({ x, y }) ? [{ id: place.id, name: place.name, x, y }] : [];
  });
  // The biggest place of each crowded spot (the names come most populous first).
  const names = clusterMarkers(namePoints, nameSize.width, nameSize.height).map(
    (group) => namePoints.find((point) => point.id === group.ids[0])!,
  );
  /** Zooms in on a group; a group that zooming cannot split (close or equal points) opens as a list. */
  const openGroup = (ids: string[], event: MouseEvent) => {
    const box = boxAround(ids.flatMap((id) => byId.get(id)?.geolocation ?? []));
    const options = { padding: 80, maxZoom: maxGroupZoom };
    const camera = box && map.cameraForBounds(fitBox(box), options);
    if (!box || !camera || (camera.zoom ?? 0) < map.getZoom() + 0.5) {
      onSelect(ids);
      return;
    }
    // The click is the person's: the map then offers "Search this area".
    map.fitBounds(fitBox(box), options, { originalEvent: event.nativeEvent });
    onZoomIn(ids[0]!);
  };
  const originPoint = origin ? project(origin) : undefined;
  const open = (ids: readonly string[]) => ids.length > 0 && ids.every((id) => selectedIds.includes(id));

  return (
    <>
      <div className="search-map-names" aria-hidden="true">
        {names.map((name) => (
          <span key={name.id} className="search-map-name" style={placed(name)}>
            {name.name}
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
          const shared = {
            type: 'button' as const,
            // Which listings the button stands for: the page finds it again to give it the focus.
            'data-ids': cluster.ids.join(' '),
            'aria-expanded': open(cluster.ids),
            'aria-controls': open(cluster.ids) ? 'map-listing-card' : undefined,
          };
          return (
            <li key={firstId} style={placed(cluster)}>
              {cluster.ids.length === 1 ? (
                <button
                  {...shared}
                  className={`map-marker${listing.soldOut ? ' map-marker-sold' : ''}`}
                  onClick={() => onSelect(cluster.ids)}
                >
                  <PriceText price={listing.price} className="map-marker-price" />
                  <span className="visually-hidden">: {listing.title}</span>
                </button>
              ) : (
                <button
                  {...shared}
                  className="map-cluster"
                  onClick={(event) => openGroup(cluster.ids, event)}
                >
                  {cluster.ids.length}
                  <span className="visually-hidden"> listings here</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
