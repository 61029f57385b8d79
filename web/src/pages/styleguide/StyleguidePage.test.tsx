import { describe, expect, it } from 'vitest';
import { renderAt } from '../../components/test-router';
import { styleguideComponents } from './examples';
import { StyleguidePage } from './StyleguidePage';

const routes = [
  '/styleguide',
  '/styleguide/c/$component',
  '/styleguide/c/$component/$example',
  '/styleguide/c/$component/$example/raw',
];
const renderPage = (url: string) => renderAt(url, <StyleguidePage />, routes);

/** Heading levels in document order. */
const headingLevels = (html: string) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));

describe('StyleguidePage', () => {
  it('lists every component with all its examples, with unique ids and headings in order', async () => {
    const html = await renderPage('/styleguide');
    expect(html).toContain('<h1>Styleguide</h1>');
    for (const component of styleguideComponents) {
      expect(html).toContain(`href="/styleguide/c/${component.id}"`);
      for (const example of component.examples) {
        expect(html).toContain(`href="/styleguide/c/${component.id}/${example.id}"`);
      }
    }
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    // Every label points at a control that exists.
    for (const [, target] of html.matchAll(/<label[^>]* for="([^"]+)"/g)) expect(ids).toContain(target);
    const levels = headingLevels(html);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });

  it('shows the live examples asked for: buttons, country select in four languages, pagination, tabs, avatars, dates, a listing card', async () => {
    const html = await renderPage('/styleguide');
    expect(html).toContain('class="button button-primary"');
    for (const [locale, name] of [
      ['en', 'Germany'],
      ['fr', 'Allemagne'],
      ['es', 'Alemania'],
      ['de', 'Deutschland'],
    ]) {
      expect(html).toMatch(
        new RegExp(
          `<select id="sg-country-${locale}"[^>]*>.*?<option value="DE" selected="">${name}</option>`,
        ),
      );
    }
    expect(html).toContain('aria-label="Pagination, middle example"');
    expect(html).toContain('aria-label="Your account"');
    expect(html).toContain('class="avatar avatar-large"');
    for (const text of ['>Today, ', '>Mon</time>', '>Jan 20</time>', '>Mar 4, 2019</time>'])
      expect(html).toContain(text);
    expect(html).toContain('Steel gravel bike, 56 cm, Shimano GRX');
    expect(html).toContain('Try again');
    expect(html).toContain('class="spinner"');
  });

  it("shows one component's examples and one example, with breadcrumbs", async () => {
    const component = await renderPage('/styleguide/c/avatar');
    expect(component).toContain('<h1>Avatar</h1>');
    expect(component).toContain('aria-label="Breadcrumb"');
    expect(component).not.toContain('Steel gravel bike');
    expect(headingLevels(component)).toEqual([1, 2, 2, 2]);

    const example = await renderPage('/styleguide/c/listing-card/with-photo');
    expect(headingLevels(example)).toEqual([1, 2, 3]);
    expect(example).toContain('Steel gravel bike');
    expect(example).not.toContain('Carbon wheelset');
    expect(example).toContain('href="/styleguide/c/listing-card/with-photo/raw"');
  });

  it('shows a raw example without the styleguide headings', async () => {
    const html = await renderPage('/styleguide/c/buttons/primary/raw');
    expect(html).toContain('Buy now');
    expect(headingLevels(html)).toEqual([]);
    expect(html).not.toContain('Breadcrumb');
    expect(html).toContain('class="sg-raw"');
  });

  it('says clearly when a component or an example does not exist, with a link back', async () => {
    const component = await renderPage('/styleguide/c/nope');
    expect(component).toContain('<h1>No such component</h1>');
    expect(component).toContain('The styleguide has no component “nope”.');
    expect(component).toContain('href="/styleguide"');

    const example = await renderPage('/styleguide/c/buttons/nope');
    expect(example).toContain('<h1>No such example</h1>');
    expect(example).toContain('Buttons has no example “nope”.');
    expect(example).toContain('href="/styleguide/c/buttons"');
    expect(example).toContain('href="/styleguide"');

    expect(await renderPage('/styleguide/c/nope/primary/raw')).toContain('No such component');
  });

  it('has unique component ids and unique example ids within each component', () => {
    const componentIds = styleguideComponents.map((c) => c.id);
    expect(new Set(componentIds).size).toBe(componentIds.length);
    for (const component of styleguideComponents) {
      const exampleIds = component.examples.map((e) => e.id);
      expect(new Set(exampleIds).size, component.id).toBe(exampleIds.length);
      for (const id of [component.id, ...exampleIds]) expect(id).toMatch(/^[a-z0-9-]+$/);
    }
  });
});
