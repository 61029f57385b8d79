import { type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { mapSettings } from '../../../../shared/config/constants';
import type { LatLng } from '../../../../shared/validation/core';
import { addFuzzyCircle } from './basemap-style';
import { basemapMap, loadBasemap, quietCanvas, webGlAvailable } from './offline-basemap';

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
    loadBasemap()
      .then((basemap) => {
        if (cancelled) return;
        map = basemapMap(
          {
            container,
            style: basemap.style,
            center: [center.lng, center.lat],
            // MapLibre's zoom counts 512 px tiles; the fuzzy zoom 13 (and the static image's) counts 256 px ones.
            zoom: mapSettings.fuzzy.defaultZoomLevel - 1,
            keyboard: false,
            cooperativeGestures: true,
          },
          (styled) => {
            addFuzzyCircle(styled, center);
            setReady(true);
          },
          () => onErrorRef.current(),
        );
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
        quietCanvas(map.getCanvas());
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
