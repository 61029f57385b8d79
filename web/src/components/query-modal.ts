import { useRouter, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Modals the URL can open (§2): `?mobilemenu=open`, `?mobilesearch=open`, and the listing page's
 * order panel under 1024 px, `?orderOpen=true`.
 */
export const queryModalValues = { mobilemenu: 'open', mobilesearch: 'open', orderOpen: 'true' } as const;
export type QueryModalName = keyof typeof queryModalValues;

// Modals this tab opened with a history entry of their own: closing them goes back, so the back
// button and the close button leave the same history. A modal that came in with the URL (a shared
// link, a reload) is closed by replacing the entry instead.
const openedHere = new Set<QueryModalName>();

export function withParam(href: string, name: QueryModalName, open: boolean): string {
  const url = new URL(href, 'http://app.invalid');
  if (open) url.searchParams.set(name, queryModalValues[name]);
  else url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function useQueryModal(name: QueryModalName) {
  const router = useRouter();
  const href = useRouterState({ select: (state) => state.location.href });
  const isOpen = new URL(href, 'http://app.invalid').searchParams.get(name) === queryModalValues[name];
  const open = useCallback(() => {
    openedHere.add(name);
    void router.navigate({ href: withParam(router.state.location.href, name, true) });
  }, [router, name]);
  const close = useCallback(() => {
    if (openedHere.delete(name)) router.history.back();
    else void router.navigate({ href: withParam(router.state.location.href, name, false), replace: true });
  }, [router, name]);
  /** Leaving the modal by following a link inside it: the link's navigation replaces the modal's entry. */
  const forget = useCallback(() => openedHere.delete(name), [name]);
  return { isOpen, open, close, forget };
}
