import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import {
  buildHeadTags,
  defaultDescription,
  type HeadTag,
  headTagSelector,
  type PageType,
  type SocialImage,
} from '../../../shared/seo/head';

export interface PageHead {
  title?: string | undefined;
  description?: string | undefined;
  /** The canonical path; the current pathname by default. */
  path?: string | undefined;
  type?: PageType;
  image?: SocialImage | undefined;
  twitterImage?: SocialImage | undefined;
  noindex?: boolean | undefined;
}

/** Writes the tags into document.head: updates the ones there, adds the missing, drops stale ones. */
export function applyHeadTags(tags: readonly HeadTag[], head: HTMLHeadElement = document.head): void {
  const wanted = new Set<Element>();
  for (const tag of tags) {
    if (tag.kind === 'title') {
      head.ownerDocument.title = tag.text;
      continue;
    }
    let element = head.querySelector(headTagSelector(tag));
    if (!element) {
      element = head.ownerDocument.createElement(tag.kind);
      if (tag.kind === 'meta') element.setAttribute(tag.attribute, tag.key);
      else element.setAttribute('rel', tag.rel);
      head.append(element);
    }
    if (tag.kind === 'meta') element.setAttribute('content', tag.content);
    else element.setAttribute('href', tag.href);
    wanted.add(element);
  }
  // A tag an earlier page needed (robots noindex) goes away with it.
  for (const element of head.querySelectorAll('meta[name="robots"]')) {
    if (!wanted.has(element)) element.remove();
  }
}

/**
 * Sets the page's head (§2 head tags): title, description and canonical URL on every page, and the
 * Open Graph and Twitter tags, built by the same code as the server-side head renderer
 * (shared/seo), so a crawler and a browser see the same tags.
 */
export function usePageHead({
  title,
  description,
  path,
  type = 'website',
  image,
  twitterImage,
  noindex = false,
}: PageHead): void {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const canonicalPath = path ?? pathname;
  useEffect(() => {
    applyHeadTags(
      buildHeadTags({
        title: title ?? '',
        description: description || defaultDescription,
        path: canonicalPath,
        canonicalOrigin: window.location.origin,
        type,
        ...(image ? { image } : {}),
        ...(twitterImage ? { twitterImage } : {}),
        noindex,
      }),
    );
  }, [title, description, canonicalPath, type, image, twitterImage, noindex]);
}
