import { Link, useLoaderData } from '@tanstack/react-router';
import { pages } from '../../../../shared/pages';
import { useTranslation } from '../../i18n/translations';
import type { PreviewTarget } from '../../lib/page-assets';
import { useLoaded } from '../../lib/useLoaded';
import { LoadedContent } from '../content/ContentPage';
import { LandingContent } from '../landing/LandingPage';

function PreviewOf({ target }: { target: PreviewTarget }) {
  const loaded = useLoaded(target.page);
  return target.kind === 'landing' ? <LandingContent loaded={loaded} /> : <LoadedContent loaded={loaded} />;
}

/** `/preview` (§2): shows terms, privacy, the landing page or a content page from `assetPath`. */
export function PreviewPage() {
  const { preview } = useLoaderData({ from: pages.preview });
  const t = useTranslation();
  if (!preview) {
    return (
      <div className="page page-narrow">
        <h1>Preview</h1>
        <p>{t('Preview.missingPath')}</p>
        <p>
          <Link to={pages.landing}>{t('PartNotFound.home')}</Link>
        </p>
      </div>
    );
  }
  return <PreviewOf key={`${preview.pageId}`} target={preview} />;
}
