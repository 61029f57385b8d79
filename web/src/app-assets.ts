import { useSyncExternalStore } from 'react';
import { isTranslations, translationsAssetPath } from '../../shared/content/page-asset';
import { getHostedAsset } from './api/endpoints';
import { mergeTranslations } from './i18n/translations';
import { reportError } from './observability/errors';

/**
 * Start-up step 3 (§2 "Initial load: auth info, then current user, then application assets and
 * translations"): the hosted translations asset, by the `latest` alias, merged over the bundled
 * English. Until it arrives (or if it fails) the bundled copy is shown, so nothing waits for it;
 * a failure shows the top bar's network error with a retry, and is reported.
 */
export type AppAssetsStatus = 'idle' | 'loading' | 'loaded' | 'failed';

let status: AppAssetsStatus = 'idle';
let version: string | undefined;
const listeners = new Set<() => void>();

function setStatus(next: AppAssetsStatus) {
  status = next;
  for (const listener of listeners) listener();
}

export async function loadAppAssets(fetchImpl?: typeof fetch): Promise<void> {
  if (status === 'loading' || status === 'loaded') return;
  setStatus('loading');
  try {
    const asset = await getHostedAsset(
      translationsAssetPath,
      'latest',
      fetchImpl ? { fetch: fetchImpl } : {},
    );
    if (!isTranslations(asset.data)) throw new Error(`${translationsAssetPath} is not a flat object of text`);
    version = asset.meta.version;
    mergeTranslations(asset.data);
    setStatus('loaded');
  } catch (error) {
    reportError(error, 'app-asset-fetch-failed');
    setStatus('failed');
  }
}

/** The version of the hosted assets this page loaded (undefined until they have loaded). */
export const appAssetsVersion = () => version;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useAppAssetsStatus(): AppAssetsStatus {
  return useSyncExternalStore(
    subscribe,
    () => status,
    () => status,
  );
}
