/**
 * Puts a page's head tags into the app shell (index.html): the tags `buildHeadTags` manages
 * (title, description, robots, canonical, og:*, twitter:*) are taken out of the document's head
 * and the page's are written where the first of them was (else just before `</head>`). Everything
 * else, the body with `<div id="root">` included, stays byte for byte. Pure string work: the shell
 * is our own Vite output, not arbitrary HTML.
 */
import { escapeHtml, type HeadTag, renderHeadTags } from './head';

const managedMetaNames = new Set(['description', 'robots']);

/** The value of an attribute in one tag's source (`<meta name="x" …>`), lower-cased; undefined if absent. */
export function attributeValue(tagSource: string, attribute: string): string | undefined {
  const match = new RegExp(`\\s${attribute}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(
    tagSource,
  );
  if (!match) return undefined;
  return (match[1] ?? match[2] ?? match[3])!.toLowerCase();
}

/** Whether a `<meta>` or `<link>` tag is one the head builder writes. */
export function isManagedTag(tagSource: string): boolean {
  if (/^<link\b/i.test(tagSource)) return attributeValue(tagSource, 'rel') === 'canonical';
  const name = attributeValue(tagSource, 'name');
  if (name !== undefined && (managedMetaNames.has(name) || name.startsWith('twitter:'))) return true;
  return attributeValue(tagSource, 'property')?.startsWith('og:') ?? false;
}

/** Where the head ends: `</head>`, else the body, else the app's root element, else the end. */
function headEnd(html: string): number {
  for (const marker of [/<\/head\s*>/i, /<body\b/i, /<div\b[^>]*\bid=["']?root\b/i]) {
    const at = html.search(marker);
    if (at >= 0) return at;
  }
  return html.length;
}

/** The document with its managed head tags replaced by `tags`. */
export function replaceHeadTags(html: string, tags: readonly HeadTag[]): string {
  const end = headEnd(html);
  let insertAt: number | undefined;
  let lineStart = '';
  let removed = 0;
  // A tag's line (its leading newline and indentation) goes with it, so no blank lines stay behind.
  const pattern = /(\r?\n[ \t]*)?(<title\b[^>]*>[\s\S]*?<\/title\s*>|<meta\b[^>]*>|<link\b[^>]*>)/gi;
  const head = html
    .slice(0, end)
    .replace(pattern, (whole, line: string | undefined, tag: string, at: number) => {
      if (!/^<title\b/i.test(tag) && !isManagedTag(tag)) return whole;
      if (insertAt === undefined) {
        insertAt = at - removed;
        lineStart = line ?? '';
      }
      removed += whole.length;
      return '';
    });
  const rest = html.slice(end);
  if (insertAt !== undefined) {
    const indent = lineStart.replace(/^\r?\n/, '');
    return `${head.slice(0, insertAt)}${lineStart}${renderHeadTags(tags, indent)}${head.slice(insertAt)}${rest}`;
  }
  // None in the shell: just before the end of the head, one level deeper than the closing tag.
  const closing = /\n([ \t]*)$/.exec(head);
  if (!closing) return `${head}${renderHeadTags(tags)}${rest}`;
  const indent = `${closing[1]}  `;
  return `${head.slice(0, closing.index)}\n${indent}${renderHeadTags(tags, indent)}${closing[0]}${rest}`;
}

/**
 * JSON for an inline `<script type="application/json">`: `<` is escaped, so no `</script>` or
 * `<!--` in the data can end the element early. JSON.parse reads `\u003c` back as `<`.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The document with `markup` added at the end of its head. */
export function appendToHead(html: string, markup: string): string {
  const end = headEnd(html);
  return `${html.slice(0, end)}${markup}\n${html.slice(end)}`;
}

/** The document with `<script type="application/json" id=…>` holding `value` at the end of its head. */
export function embedJson(html: string, id: string, value: unknown): string {
  return appendToHead(html, `<script type="application/json" id="${id}">${inlineJson(value)}</script>`);
}

/**
 * `<link rel="preload" as="image">` for the page's largest image, so the browser fetches it with
 * the HTML instead of after the app and its data (the listing page's LCP). Its srcset and sizes
 * must be the image's own, or the browser downloads a second file.
 */
export function imagePreloadTag(image: { src: string; srcSet?: string; sizes?: string }): string {
  const responsive = image.srcSet
    ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes ?? '100vw')}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeHtml(image.src)}"${responsive} fetchpriority="high" />`;
}
