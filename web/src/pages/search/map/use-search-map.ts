import type { LngLatBounds, Map as MapLibreMap } from 'maplibre-gl';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { debounceMs } from '../../../../../shared/config/constants';
import { basemapMap, loadBasemap, webGlAvailable } from '../../../components/map/offline-basemap';

/** The map once its style has loaded, and whether its style names places (Amazon Location's does). */
export interface LoadedMap {
  map: MapLibreMap;
  labelled: boolean;
}

/** A view that settled after the person moved the map (not after the page fitted it). */
export interface SettledView {
  bounds: LngLatBounds;
  byPerson: boolean;
}

/**
 * The search map's MapLibre instance on the stage's basemap (offline, or Amazon Location's), made once for the container. It calls
 * `onMove` on every frame the view changes (the DOM markers follow), and `onSettled` once the view
 * has rested for the spec's viewport debounce (100 ms, §9), saying whether the person moved it. The
 * container's size changes (the list beside it appears, the phone turns) resize the map after the
 * dimension debounce (200 ms). No WebGL or no basemap: `onError`.
 */
export function useSearchMap(
  containerRef: RefObject<HTMLElement | null>,
  handlers: { onMove: () => void; onSettled: (view: SettledView) => void; onError: () => void },
): LoadedMap | undefined {
  const [map, setMap] = useState<LoadedMap>();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    if (!webGlAvailable()) {
      handlersRef.current.onError();
      return;
    }
    let instance: MapLibreMap | undefined;
    let cancelled = false;
    let settleTimer: ReturnType<typeof setTimeout> | undefined;
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    let movedByPerson = false;
    const resizes = new ResizeObserver(() => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => instance?.resize(), debounceMs.dimensions);
    });
    loadBasemap()
      .then(({ style, labelled }) => {
        if (cancelled) return;
        const created = basemapMap(
          {
            container,
            style,
            center: [10, 30],
            zoom: 1,
            trackResize: false,
            // Where the list is under the map, one finger scrolls the page and two move the map.
            cooperativeGestures: window.matchMedia('(max-width: 1023px)').matches,
          },
          () => setMap({ map: created, labelled }),
          () => handlersRef.current.onError(),
        );
        instance = created;
        created.touchZoomRotate.disableRotation();
        created.on('move', () => handlersRef.current.onMove());
        // Events a person causes carry the browser's event; the page's own fitBounds does not.
        created.on('movestart', (event) => {
          if (event.originalEvent) movedByPerson = true;
        });
        created.on('moveend', (event) => {
          if (event.originalEvent) movedByPerson = true;
          clearTimeout(settleTimer);
          settleTimer = setTimeout(() => {
            const byPerson = movedByPerson;
            movedByPerson = false;
            handlersRef.current.onSettled({ bounds: created.getBounds(), byPerson });
          }, debounceMs.viewport);
        });
        resizes.observe(container);
      })
      .catch(() => {
        if (!cancelled) handlersRef.current.onError();
      });
    return () => {
      cancelled = true;
      clearTimeout(settleTimer);
      clearTimeout(resizeTimer);
      resizes.disconnect();
      instance?.remove();
    };
  }, [containerRef]);

  return map;
}
