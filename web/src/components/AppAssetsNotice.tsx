import { messages } from '../../../shared/errors/catalogue';
import { loadAppAssets } from '../app-assets';
import { useTranslation } from '../i18n/translations';

/** The top bar's network error (§8): the site's copy could not be loaded. Retrying loads it again. */
export function AppAssetsNotice() {
  const t = useTranslation();
  return (
    <div className="topbar-notice" role="alert">
      <p>{messages.topbarNetworkError}</p>
      <button type="button" className="button button-small" onClick={() => void loadAppAssets()}>
        {t('TopBar.retry')}
      </button>
    </div>
  );
}
