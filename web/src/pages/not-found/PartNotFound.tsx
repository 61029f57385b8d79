import { Link } from '@tanstack/react-router';
import { pages } from '../../../../shared/pages';
import { useTranslation } from '../../i18n/translations';
import { usePageHead } from '../../lib/head';

/** "A failure to load a page part shows a 404-style page with a link to landing" (§2). */
export function PartNotFound() {
  const t = useTranslation();
  usePageHead({ title: t('PartNotFound.title'), noindex: true });
  return (
    <div className="page page-narrow not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t('PartNotFound.title')}</h1>
      <p>{t('PartNotFound.body')}</p>
      <p>
        <Link to={pages.landing}>{t('PartNotFound.home')}</Link>
      </p>
    </div>
  );
}
