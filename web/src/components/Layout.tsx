import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

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
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar />
      <main id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
