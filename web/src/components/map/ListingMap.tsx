import { lazy, Suspense, useState } from 'react';
import type { LatLng } from '../../../../shared/validation/core';
import { staticMapSize, staticMapUrl } from './static-map-url';
import './map.css';

const loadInteractiveMap = () => import('./InteractiveMap');
const InteractiveMap = lazy(loadInteractiveMap);

/**
 * The listing's map (§2 full-image layout, §9 fuzzy locations): first a static image of the fuzzy
 * circle (GET /api/static-map, lazy-loaded below the fold, no JavaScript), and a button that swaps
 * in the interactive map. MapLibre GL (about 300 kB gzipped) and the basemap load only then, in
 * their own chunk, so the listing page's first load and Lighthouse score do not pay for them;
 * hovering or focusing the button starts the download early.
 */
export function ListingMap({
  center,
  label,
  heading = 'Location',
  headingId = 'listing-map-title',
  note,
}: {
  /** The fuzzy (obfuscated) center: the circle is drawn around it. */
  center: LatLng;
  /** The text alternative: "Approximate location: Toronto, ON". */
  label: string;
  heading?: string;
  headingId?: string;
  note?: string;
}) {
  const [mode, setMode] = useState<'static' | 'interactive' | 'failed'>('static');
  const src = staticMapUrl(center);
  const src2x = staticMapUrl(center, { scale: 2 });
  return (
    <section className="listing-map" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {note ? <p className="listing-map-note">{note}</p> : null}
      <div className="listing-map-frame">
        {mode === 'interactive' ? (
          <Suspense fallback={<StaticMap src={src} src2x={src2x} label={label} />}>
            <InteractiveMap center={center} label={label} onError={() => setMode('failed')} />
          </Suspense>
        ) : (
          <StaticMap src={src} src2x={src2x} label={label} />
        )}
      </div>
      <div className="listing-map-footer">
        <span className="listing-map-attribution">Map data: Natural Earth</span>
        {mode === 'static' ? (
          <button
            type="button"
            className="button button-secondary button-small listing-map-button"
            onPointerEnter={() => void loadInteractiveMap()}
            onFocus={() => void loadInteractiveMap()}
            onClick={() => setMode('interactive')}
          >
            Show interactive map
          </button>
        ) : null}
        {mode === 'failed' ? (
          <p className="listing-map-error" role="status">
            The interactive map could not be shown in this browser.
          </p>
        ) : null}
      </div>
    </section>
  );
}

function StaticMap({ src, src2x, label }: { src: string; src2x: string; label: string }) {
  return (
    <img
      className="static-map"
      src={src}
      srcSet={`${src} 1x, ${src2x} 2x`}
      width={staticMapSize.width}
      height={staticMapSize.height}
      alt={label}
      loading="lazy"
      decoding="async"
    />
  );
}
