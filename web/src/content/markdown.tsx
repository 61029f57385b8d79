import type { ReactNode } from 'react';
import { fillPlaceholders } from '../../../shared/content/page-asset';
import { contentVariables } from '../../../shared/content/variables';
import { HrefLink } from '../components/HrefLink';

/**
 * Markdown-lite of hosted page text (see shared/content/page-asset.ts): paragraphs split by a
 * blank line, `## ` / `### ` headings, `- ` and `1. ` lists, inline `**bold**` and `[label](href)`.
 * Everything becomes React elements (text stays text: `<script>` is shown, never run), and
 * `{placeholders}` are filled from the marketplace configuration first.
 */

const variables = contentVariables();

/** Fills `{placeholders}` of content text (unknown names stay as they are). */
export function fillContent(text: string): string {
  return fillPlaceholders(text, variables);
}

type LinkKind = 'internal' | 'hash' | 'external' | 'mailto';

/** How a content href is linked; `undefined` for what we never link (javascript:, data:, //host, /\host…). */
export function contentLinkKind(href: string): LinkKind | undefined {
  if (href.startsWith('#')) return 'hash';
  if (/^\/(?![/\\])/.test(href)) return 'internal';
  if (/^https?:\/\//.test(href)) return 'external';
  if (href.startsWith('mailto:')) return 'mailto';
  return undefined;
}

/**
 * A link of content: site paths navigate in the app (`HrefLink`), other sites open with
 * `rel="noopener"`, mailto and same-page anchors are plain links; anything else is shown as text.
 */
export function ContentLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  const kind = contentLinkKind(href);
  if (kind === 'internal') {
    return (
      <HrefLink href={href} className={className}>
        {children}
      </HrefLink>
    );
  }
  if (!kind) return <span className={className}>{children}</span>;
  return (
    <a href={href} className={className} rel={kind === 'external' ? 'noopener' : undefined}>
      {children}
    </a>
  );
}

const inlinePattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(text: string, keyPrefix = ''): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const key = `${keyPrefix}${match.index}`;
    const [whole, bold, label, href] = match;
    nodes.push(
      bold !== undefined ? (
        <strong key={key}>{inline(bold, `${key}.`)}</strong>
      ) : (
        <ContentLink key={key} href={href as string}>
          {inline(label as string, `${key}.`)}
        </ContentLink>
      ),
    );
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** Inline markdown-lite (bold and links) of one line of text, placeholders filled. */
export function InlineMarkdown({ text }: { text: string }) {
  return <>{inline(fillContent(text))}</>;
}

type Block =
  | { type: 'p'; text: string }
  | { type: 'h'; depth: number; text: string }
  | { type: 'ul' | 'ol'; start: number; items: string[] };

/** Splits markdown-lite into blocks (exported for tests). */
export function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let open: Block | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{2,3}) +(.+)$/.exec(line);
    const item = /^(?:(-)|(\d{1,9})\.) +(.*)$/.exec(line);
    if (!line) {
      open = undefined;
    } else if (heading) {
      blocks.push({ type: 'h', depth: (heading[1] as string).length - 2, text: heading[2] as string });
      open = undefined;
    } else if (item) {
      const type = item[1] ? 'ul' : 'ol';
      if (open?.type !== type) {
        open = { type, start: Number(item[2] ?? 1), items: [] };
        blocks.push(open);
      }
      open.items.push(item[3] as string);
    } else if (open?.type === 'p') {
      open.text += ` ${line}`;
    } else if (open && open.type !== 'h') {
      // A line right under a list item continues it (as markdown's lazy continuation).
      const items = open.items;
      items[items.length - 1] += ` ${line}`;
    } else {
      open = { type: 'p', text: line };
      blocks.push(open);
    }
  }
  return blocks;
}

const headingTag = (level: number) => `h${Math.min(Math.max(level, 1), 6)}` as 'h2';

/**
 * Renders markdown-lite text. `## ` becomes a heading of `headingLevel` (2 by default: one below
 * the page's h1; pass one below the enclosing heading), `### ` one level deeper.
 */
export function Markdown({ text, headingLevel = 2 }: { text: string; headingLevel?: number }) {
  return (
    <>
      {markdownBlocks(fillContent(text)).map((block, index) => {
        const key = String(index);
        if (block.type === 'p') return <p key={key}>{inline(block.text)}</p>;
        if (block.type === 'h') {
          const Heading = headingTag(headingLevel + block.depth);
          return <Heading key={key}>{inline(block.text)}</Heading>;
        }
        const items = block.items.map((item, itemIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <li key={itemIndex}>{inline(item)}</li>
        ));
        if (block.type === 'ul') return <ul key={key}>{items}</ul>;
        return (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        );
      })}
    </>
  );
}
