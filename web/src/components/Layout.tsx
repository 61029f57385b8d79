import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { pages } from '../../../shared/pages';
import { useAuth } from '../auth/store';
import { useLogout } from '../auth/useLogout';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

// Fixed to the bottom of the window, so loading it a moment later moves nothing.
const CookieConsent = lazy(() =>
  import('./CookieConsent').then((module) => ({ default: module.CookieConsent })),
);
// Signed-in users only (§4 missing-information modal): never part of the landing bundle.
const MissingInformationModal = lazy(() =>
  import('./MissingInformationModal').then((module) => ({ default: module.MissingInformationModal })),
);

/**
 * The banner of a limited session (§2, §6: an operator acting as a user with the scope
 * user:limited only): shown on every page except search, with a logout button.
 */
export function LimitedSessionBanner() {
  const limited = useAuth((state) => state.currentUser?.limited === true);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { logout, loggingOut } = useLogout();
  if (!limited || pathname === pages.search) return null;
  return (
    <section className="limited-banner" aria-label="Limited session">
      <p>You are signed in to this account with limited rights.</p>
      <button
        type="button"
        className="button button-small"
        onClick={() => void logout()}
        disabled={loggingOut}
      >
        {loggingOut ? 'Logging out…' : 'Log out'}
      </button>
    </section>
  );
}

/**
 * Page frame: skip link, top bar, main, footer. After a client-side change of page (not of query
 * parameters) focus moves to <main>, so keyboard and screen-reader users start at the new content.
 */
export function Layout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const mainRef = useRef<HTMLElement>(null);
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const active = document.activeElement;
    // Leave focus alone if the new page already put it somewhere on purpose.
    if (active && active !== document.body && mainRef.current?.contains(active)) return;
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  // The marketing integration counts page views of signed-in people (`viewPage_{pathname}`).
  const signedIn = useAuth((state) => state.status === 'authenticated');
  useEffect(() => {
    // Loaded on first use: anonymous visitors never need it.
    if (signedIn)
      void import('../observability/marketing').then((marketing) => marketing.trackPageView(pathname));
  }, [signedIn, pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LimitedSessionBanner />
      {/* First after the skip link: on a phone the bar is the page's first line (CookieConsent.tsx). */}
      <Suspense fallback={null}>
        <CookieConsent />
      </Suspense>
      <TopBar />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {signedIn ? (
        <Suspense fallback={null}>
          <MissingInformationModal />
        </Suspense>
      ) : null}
    </>
  );
}
