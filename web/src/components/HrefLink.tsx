import { useRouter } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode, useLayoutEffect } from 'react';

/**
 * A link to an in-app address known only as a string (such as a checked `from`): a real <a href>,
 * navigated by the router without a page load on a plain click.
 */
export function HrefLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/** Goes to an in-app address known only as a string (like <Navigate>, which needs a typed `to`). */
export function NavigateHref({ href, replace = true }: { href: string; replace?: boolean }) {
  const router = useRouter();
  useLayoutEffect(() => {
    void router.navigate({ href, replace });
  }, [router, href, replace]);
  return null;
}
