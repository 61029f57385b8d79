import { useEffect, useReducer } from 'react';
import { type Loaded, peekSettled } from '../api/client';

/**
 * Reads a promise made by `settle()` (route loaders return them unawaited): undefined while it runs,
 * then its result. A promise that has already finished (preloaded, back navigation) renders at once.
 */
export function useLoaded<T>(promise: Promise<Loaded<T>>): Loaded<T> | undefined {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const result = peekSettled(promise);
  useEffect(() => {
    if (result) return;
    let active = true;
    promise.then(() => {
      if (active) rerender();
    });
    return () => {
      active = false;
    };
  }, [promise, result]);
  return result;
}
