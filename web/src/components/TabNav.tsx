import { Link, useRouterState } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import './tab-nav.css';

/** One tab: a link to a page of the app. */
export interface TabNavTab {
  /** Stable key, also what `current` names. */
  id: string;
  label: ReactNode;
  /** The in-app address the tab opens (a path, optionally with a query). */
  href: string;
  /**
   * Paths under which this tab is the current one (each path and everything below it); by default
   * the path of `href`. The most specific match wins when several tabs match.
   */
  activePaths?: readonly string[];
}

export type TabNavOrientation = 'horizontal' | 'vertical';

function pathOf(href: string): string {
  const end = href.search(/[?#]/);
  return end === -1 ? href : href.slice(0, end);
}

function isUnder(pathname: string, path: string): boolean {
  const base = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return pathname === base || pathname.startsWith(base === '/' ? '/' : `${base}/`);
}

/** The id of the tab that is current at `pathname`: the one with the longest matching path. */
export function currentTabId(tabs: readonly TabNavTab[], pathname: string): string | undefined {
  let best: { id: string; length: number } | undefined;
  for (const tab of tabs) {
    for (const path of tab.activePaths ?? [pathOf(tab.href)]) {
      if (isUnder(pathname, path) && (!best || path.length > best.length)) {
        best = { id: tab.id, length: path.length };
      }
    }
  }
  return best?.id;
}

/** Scrolls a scrolling tab row sideways so that its current tab is in view (no page scroll). */
function scrollCurrentIntoView(list: HTMLElement) {
  if (list.scrollWidth <= list.clientWidth) return;
  const current = list.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current) return;
  const listBox = list.getBoundingClientRect();
  const tabBox = current.getBoundingClientRect();
  if (tabBox.left >= listBox.left && tabBox.right <= listBox.right) return;
  list.scrollLeft += tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2;
}

const previousKeys: Record<TabNavOrientation, readonly string[]> = {
  horizontal: ['ArrowLeft'],
  // Side tabs become a row on tablets and phones, so both axes move between them.
  vertical: ['ArrowUp', 'ArrowLeft'],
};
const nextKeys: Record<TabNavOrientation, readonly string[]> = {
  horizontal: ['ArrowRight'],
  vertical: ['ArrowDown', 'ArrowRight'],
};

/**
 * A list of tabs that are links to pages (§2: account settings side tabs, manage tabs): a `nav`
 * landmark named `label`, the current tab marked `aria-current="page"`. `horizontal` is a row that
 * scrolls sideways up to 1023 px with the current tab scrolled into view; `vertical` is a column of
 * side tabs that becomes such a row up to 1023 px. Tab moves through the links; the arrow keys,
 * Home and End move between them too.
 */
export function TabNav({
  tabs,
  label,
  orientation = 'horizontal',
  current,
  className,
}: {
  tabs: readonly TabNavTab[];
  /** The landmark's name; give each tab list on a page its own. */
  label: string;
  orientation?: TabNavOrientation;
  /** The current tab's id; by default found from the location with `activePaths`. */
  current?: string;
  className?: string;
}) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const currentId = current ?? currentTabId(tabs, pathname);
  const listRef = useRef<HTMLUListElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the current tab changes
  useEffect(() => {
    if (listRef.current) scrollCurrentIntoView(listRef.current);
  }, [currentId]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const links = [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a.tab-nav-link') ?? [])];
    const index = links.indexOf(event.target as HTMLAnchorElement);
    if (index === -1) return;
    let target: number;
    if (previousKeys[orientation].includes(event.key)) target = (index - 1 + links.length) % links.length;
    else if (nextKeys[orientation].includes(event.key)) target = (index + 1) % links.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = links.length - 1;
    else return;
    event.preventDefault();
    links[target]?.focus();
  };

  const classes = ['tab-nav', `tab-nav-${orientation}`, className].filter(Boolean).join(' ');
  return (
    <nav className={classes} aria-label={label}>
      <ul ref={listRef} className="tab-nav-list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              // The router builds the location from `href` (a string address: tabs may lead to
              // routes that come later); `to` only satisfies the types.
              to="."
              href={tab.href}
              className="tab-nav-link"
              activeOptions={{ exact: true }}
              activeProps={{}}
              aria-current={tab.id === currentId ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
