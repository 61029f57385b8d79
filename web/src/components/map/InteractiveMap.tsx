import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { AttributionControl, Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url';
import { useEffect, useRef, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { mapSettings } from '../../../../shared/config/constants';
import type { LatLng } from '../../../../shared/validation/core';
import { offlineStyle } from './basemap-style';

// MapLibre's worker is its own file: Vite emits it as an asset (the library cannot find it in a bundle).
setWorkerUrl(workerUrl);

let countries: Promise<FeatureCollection<Polygon | MultiPolygon>> | undefined;

/** Natural Earth's countries at 1:50 million (world-atlas, 240 kB gzipped), fetched once. */
function loadCountries(): Promise<FeatureCollection<Polygon | MultiPolygon>> {
  countries ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`The basemap answered ${response.status}`);
      return response.json() as Promise<Topology>;
    })
    .then(
      (topology) =>
        feature(topology, topology.objects.countries as GeometryCollection) as FeatureCollection<
          Polygon | MultiPolygon
        >,
    )
    .catch((error: unknown) => {
      countries = undefined;
      throw error;
    });
  return countries;
}

function webGlAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The interactive map (lazy chunk: MapLibre GL and its CSS load only when a visitor asks for it):
 * the offline basemap, the fuzzy circle, and the custom marker when configured. The canvas does not
 * take part in the tab order (keyboard users pan and zoom with the zoom buttons, which are real
 * buttons), so the map never traps focus.
 */
export default function InteractiveMap({
  center,
  label,
  onError,
}: {
  center: LatLng;
  label: string;
  onError: () => void;
}) {
  const containerRef = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const { lat, lng } = center;
  useEffect(() => {
    const center = { lat, lng };
    const container = containerRef.current;
    if (!container) return;
    if (!webGlAvailable()) {
      onErrorRef.current();
      return;
    }
    let map: MapLibreMap | undefined;
    let cancelled = false;
    loadCountries()
      .then((data) => {
        if (cancelled) return;
        map = new MapLibreMap({
          container,
          style: offlineStyle(data, center),
          center: [center.lng, center.lat],
          // MapLibre's zoom counts 512 px tiles; the fuzzy zoom 13 (and the static image's) counts 256 px ones.
          zoom: mapSettings.fuzzy.defaultZoomLevel - 1,
          attributionControl: false,
          keyboard: false,
          cooperativeGestures: true,
          dragRotate: false,
          pitchWithRotate: false,
          touchPitch: false,
        });
        map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
        map.addControl(new AttributionControl({ compact: false }), 'bottom-right');
        const { customMarker } = mapSettings;
        if (customMarker.enabled && customMarker.url) {
          const image = document.createElement('img');
          image.src = customMarker.url;
          image.alt = '';
          image.width = customMarker.width;
          image.height = customMarker.height;
          new Marker({
            element: image,
            anchor: 'top-left',
            offset: [-customMarker.anchorX, -customMarker.anchorY],
          })
            .setLngLat([center.lng, center.lat])
            .addTo(map);
        }
        const canvas = map.getCanvas();
        canvas.tabIndex = -1;
        canvas.setAttribute('aria-hidden', 'true');
        map.on('load', () => setReady(true));
      })
      .catch(() => {
        if (!cancelled) onErrorRef.current();
      });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [lat, lng]);

  return (
    <section
      ref={containerRef}
      className="interactive-map"
      aria-label={`Interactive map. ${label}`}
      aria-busy={!ready}
      data-ready={ready ? 'true' : undefined}
    />
  );
}
