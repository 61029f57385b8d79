import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OwnListing } from '../../../../shared/api/types';
import { DetailsTab } from './DetailsTab';

const noop = () => {};

function listing(publicData: Partial<OwnListing['publicData']>): OwnListing {
  return {
    id: 'abc',
    slug: 'bike',
    authorId: 'u1',
    title: 'Bike',
    description: 'Fast',
    price: { amount: 0, currency: 'USD' },
    state: 'published',
    currentStock: 1,
    images: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    publicData: {
      category: 'roadBikes',
      condition: 'usedLikeNew',
      brand: 'Trek',
      pickupEnabled: true,
      shippingEnabled: false,
      location: { address: '', city: '', region: '', country: '' },
      ...publicData,
    },
  } as OwnListing;
}

const render = (data: Partial<OwnListing['publicData']>) =>
  renderToStaticMarkup(
    <DetailsTab
      listing={listing(data)}
      type="edit"
      save={() => Promise.reject(new Error('not in this test'))}
      onListingChange={noop}
      goToNextTab={noop}
    />,
  );

describe('the details tab (issue 21: sizes and suggestions)', () => {
  it('asks a bike for its frame size in cm, and offers the letter of the size given', () => {
    const html = render({ frameSizeCm: 55 });
    expect(html).toMatch(/<input[^>]*name="frameSizeCm"[^>]*value="55"/);
    expect(html).toContain('The seat tube length');
    expect(html).toContain('55 cm is usually M for this kind of bike.');
    expect(html).toContain('Use M</button>');
    expect(html).toMatch(/<label[^>]*>Size<\/label>/);
  });

  it('measures a BMX along the top tube, and offers nothing once the letter is chosen', () => {
    const html = render({ category: 'bmxFrames', frameSizeCm: 52.7, frameSize: 'm' });
    expect(html).toContain('The top tube length');
    expect(html).not.toContain('is usually');
  });

  it('has no size in cm for a wheelset, and its size is optional', () => {
    const html = render({ category: 'roadWheels' });
    expect(html).not.toContain('name="frameSizeCm"');
    expect(html).toMatch(/<label[^>]*>Size \(optional\)<\/label>/);
  });

  it('suggests brands and groupsets from the vocabulary', () => {
    const html = render({});
    const input = (name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0];
    expect(input('brand')).toContain('list="edit-listing-brands"');
    expect(input('groupset')).toContain('list="edit-listing-groupsets"');
    expect(html).toContain('<option value="Cervélo">');
    expect(html).toContain('<option value="Shimano Dura-Ace Di2">');
  });
});

describe('the details tab title (issue 24: a counter, never a silent cut)', () => {
  const renderTitled = (title: string) =>
    renderToStaticMarkup(
      <DetailsTab
        listing={{ ...listing({}), title }}
        type="edit"
        save={() => Promise.reject(new Error('not in this test'))}
        onListingChange={noop}
        goToNextTab={noop}
      />,
    );
  const titleInput = (html: string) => html.match(/<input[^>]*name="title"[^>]*>/)?.[0] ?? '';

  it('counts the characters against 60 and lets typing go on past them', () => {
    const html = renderTitled('x'.repeat(42));
    expect(html).toContain('42/60');
    expect(titleInput(html)).not.toContain('maxlength');
    expect(html).not.toContain('Must be 60 characters or less');
  });

  // The message itself comes from the form's validation after the first render (the e2e types it).
  it('marks the count past 60 characters and keeps every character', () => {
    const html = renderTitled('x'.repeat(61));
    expect(html).toMatch(/class="field-count field-count-over">61\/60/);
    expect(titleInput(html)).toContain(`value="${'x'.repeat(61)}"`);
  });
});
