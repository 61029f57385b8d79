import type { PageAsset, PageBlock, PageLink, PageSection } from '../../../shared/content/page-asset';
import { useTranslation } from '../i18n/translations';
import { Icon } from './icons';
import { ContentLink, fillContent, Markdown } from './markdown';
import './content.css';

/**
 * Renders a hosted page asset (§2 landing, about, legal and content pages). Headings follow the
 * page's outline: h1 for the page heading (or the title of a leading hero), h2 for sections, h3 for
 * blocks, and body headings one below their section or block. Section and block ids become element
 * ids, so `/faq#contact` lands on its section.
 */

const headingTag = (level: number) => `h${Math.min(level, 6)}` as 'h2';

/** An ISO `YYYY-MM-DD` date as the legal pages write it: "July 1st, 2021" (the input if not a date). */
export function formatContentDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const date = new Date(`${iso}T00:00:00Z`);
  if (!match || date.getUTCDate() !== Number(match[3])) return iso;
  const day = date.getUTCDate();
  const suffix = ['th', 'st', 'nd', 'rd'][day % 10 > 3 || Math.floor(day / 10) === 1 ? 0 : day % 10];
  const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${day}${suffix}, ${match[1]}`;
}

/** The page's h1 (`heading`, else `title`; left out with `withHeading={false}`) and its "Last updated" date. */
export function PageHeader({ page, withHeading = true }: { page: PageAsset; withHeading?: boolean }) {
  const t = useTranslation();
  if (!withHeading && !page.updated) return null;
  return (
    <header className="content-header">
      {withHeading && <h1>{fillContent(page.heading ?? page.title)}</h1>}
      {page.updated && (
        <p className="content-updated">
          <time dateTime={page.updated}>
            {t('ContentPage.lastUpdated', { date: formatContentDate(page.updated) })}
          </time>
        </p>
      )}
    </header>
  );
}

function Actions({ actions, large }: { actions: PageLink[]; large: boolean }) {
  return (
    <div className="content-actions">
      {actions.map((action, index) => (
        <ContentLink
          key={`${action.href} ${action.label}`}
          href={fillContent(action.href)}
          className={`button ${index ? 'button-secondary' : 'button-primary'}${large ? ' button-large' : ''}`}
        >
          {fillContent(action.label)}
        </ContentLink>
      ))}
    </div>
  );
}

function BlockLink({ link }: { link: PageLink }) {
  return (
    <p className="content-block-link">
      <ContentLink href={fillContent(link.href)}>{fillContent(link.label)}</ContentLink>
    </p>
  );
}

/** A quote: the rating (as text for screen readers), the quote, who said it. */
function Quote({ block, level }: { block: PageBlock; level: number }) {
  const Heading = headingTag(level);
  const rating = block.rating;
  return (
    <figure className="content-quote">
      {rating && (
        <p className="content-rating">
          <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(5 - rating)}</span>
          <span className="visually-hidden">{`Rated ${rating} out of 5`}</span>
        </p>
      )}
      {block.title && <Heading>{fillContent(block.title)}</Heading>}
      {block.body && (
        <blockquote>
          <Markdown text={block.body} headingLevel={level + 1} />
        </blockquote>
      )}
      {block.author && <figcaption>{fillContent(block.author)}</figcaption>}
      {block.link && <BlockLink link={block.link} />}
    </figure>
  );
}

function Block({ block, level }: { block: PageBlock; level: number }) {
  const Heading = headingTag(level);
  return (
    <>
      {block.icon && <Icon name={block.icon} className="content-icon" />}
      {block.title && <Heading>{fillContent(block.title)}</Heading>}
      {block.body && <Markdown text={block.body} headingLevel={level + 1} />}
      {block.link && <BlockLink link={block.link} />}
    </>
  );
}

function Blocks({ section, level }: { section: PageSection; level: number }) {
  const list = section.layout === 'columns' || section.layout === 'quotes';
  const List = list ? 'ul' : 'div';
  const Item = list ? 'li' : 'div';
  return (
    <List className={list ? `content-${section.layout}-list` : 'content-items'}>
      {(section.blocks ?? []).map((block, index) => (
        <Item key={block.id ?? index} id={block.id} className="content-item">
          {section.layout === 'quotes' ? (
            <Quote block={block} level={level} />
          ) : (
            <Block block={block} level={level} />
          )}
        </Item>
      ))}
    </List>
  );
}

function Section({ section, level }: { section: PageSection; level: number }) {
  const { id, layout, title, body } = section;
  const Heading = headingTag(level);
  const titleId = `${id}-title`;
  const inner = title ? level + 1 : level;
  return (
    <section
      id={id}
      aria-labelledby={title ? titleId : undefined}
      className={`content-section content-${layout}`}
    >
      <div className="content-inner">
        {(title || body) && (
          <div className="content-text">
            {title && <Heading id={titleId}>{fillContent(title)}</Heading>}
            {body && <Markdown text={body} headingLevel={inner} />}
          </div>
        )}
        {section.blocks?.length ? <Blocks section={section} level={inner} /> : null}
        {section.actions?.length ? (
          <Actions actions={section.actions} large={layout === 'hero' || layout === 'cta'} />
        ) : null}
      </div>
    </section>
  );
}

/**
 * Every section of a page by its layout, after the page header (h1 and "Last updated"). When the
 * first section is a hero with a title, that title is the h1. `continued`: these sections follow
 * others already on screen (the landing page around its recent listings): no header, h2 sections.
 */
export function PageSections({ page, continued = false }: { page: PageAsset; continued?: boolean }) {
  const first = page.sections[0];
  const heroHeading = !continued && first?.layout === 'hero' && Boolean(first.title);
  return (
    <>
      {!continued && <PageHeader page={page} withHeading={!heroHeading} />}
      {page.sections.map((section, index) => (
        <Section key={section.id} section={section} level={heroHeading && index === 0 ? 1 : 2} />
      ))}
    </>
  );
}
