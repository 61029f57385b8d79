import { useState } from 'react';
import { topbarNetworkError } from '../../../../shared/errors/first-load-messages';
import type { LatLng } from '../../../../shared/validation/core';

/**
 * "Near me": asks the browser where the person is (the spec's 5 s timeout, high accuracy), showing
 * progress meanwhile, and hands the point on; a refusal or failure is said under the form with what
 * to do instead. The position code loads on the first press, so the page's first load does not carry it.
 */
export function NearMeButton({ onPosition }: { onPosition: (point: LatLng) => void }) {
  const [finding, setFinding] = useState(false);
  const [message, setMessage] = useState<string>();
  const find = async () => {
    setFinding(true);
    setMessage(undefined);
    try {
      const { currentPosition, positionMessages } = await import('../../search/current-position');
      const position = await currentPosition();
      if (position.ok) onPosition(position.point);
      else setMessage(positionMessages[position.reason]);
    } catch {
      setMessage(topbarNetworkError);
    } finally {
      setFinding(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button-secondary near-me"
        aria-busy={finding}
        aria-disabled={finding}
        aria-describedby={message ? 'near-me-message' : undefined}
        onClick={() => {
          if (!finding) void find();
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <circle cx="12" cy="12" r="4" fill="currentColor" />
          <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 1v3M12 20v3M1 12h3M20 12h3" stroke="currentColor" strokeWidth="2" />
        </svg>
        {finding ? 'Finding you…' : 'Near me'}
      </button>
      {message ? (
        <p id="near-me-message" className="near-me-message" role="alert">
          {message}
        </p>
      ) : null}
    </>
  );
}
