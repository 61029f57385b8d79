import { useLoaderData, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Loaded } from '../../api/client';
import { PageSections } from '../../content/PageSections';
import { useTranslation } from '../../i18n/translations';
import { usePageHead } from '../../lib/head';
import type { LoadedPage } from '../../lib/page-assets';
import { useLoaded } from '../../lib/useLoaded';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { PartNotFound } from '../not-found/PartNotFound';

export interface ContentLoaderData {
  page: Promise<Loaded<LoadedPage>>;
  /** `/p/{pageId}`: an unknown id is a plain not-found page rather than a missing page part. */
  userTyped?: boolean;
}

/** After the asset has rendered, a `#hash` in the URL scrolls its section into view (§2). */
function useScrollToHash(ready: boolean) {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash))?.scrollIntoView();
  }, [ready, hash]);
}

export function LoadedContent({ loaded }: { loaded: Loaded<LoadedPage> | undefined }) {
  const t = useTranslation();
  const page = loaded?.ok ? loaded.value.page : undefined;
  const pathname = useLocation({ select: (location) => location.pathname });
  usePageHead(
    page
      ? { title: page.title, description: page.description, type: 'article', path: pathname }
      : { title: t('ContentPage.loading') },
  );
  useScrollToHash(Boolean(page));
  if (!loaded) {
    return (
      <div className="page content-page" aria-busy="true">
        <p className="loading-text" role="status">
          {t('ContentPage.loading')}
        </p>
      </div>
    );
  }
  if (!loaded.ok) return <PartNotFound />;
  return (
    <div className="content-page">
      <PageSections page={loaded.value.page} />
    </div>
  );
}

/** About, FAQ, how it works, guide, contact, our story, help, terms, privacy and `/p/{pageId}`. */
export function ContentPage() {
  const data = useLoaderData({ strict: false }) as ContentLoaderData;
  const loaded = useLoaded(data.page);
  if (data.userTyped && loaded && !loaded.ok && loaded.error.isNotFound) return <NotFoundPage />;
  return <LoadedContent loaded={loaded} />;
}
