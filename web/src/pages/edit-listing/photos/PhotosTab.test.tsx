import { describe, expect, it } from 'vitest';
import type { OwnListing } from '../../../../../shared/api/types';
import { renderAt } from '../../../components/test-router';
import { PhotosTab } from '../PhotosTab';
import type { EditListingTabProps, EditListingType } from '../tab-props';

const variant = (url: string) => ({ url, width: 400, height: 400 });
const listing: OwnListing = {
  id: 'l-1',
  slug: 'trek-domane',
  authorId: 'u-1',
  title: 'Trek Domane',
  description: 'Road bike',
  price: { amount: 100_000, currency: 'USD' },
  state: 'draft',
  publicData: {} as OwnListing['publicData'],
  geolocation: { lat: 0, lng: 0 },
  currentStock: 0,
  images: [
    { id: 'img-a', variants: { 'listing-card': variant('/images/listings/l-1/img-a/listing-card.jpg') } },
    { id: 'img-b', variants: { 'listing-card': variant('/images/listings/l-1/img-b/listing-card.jpg') } },
  ],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function render(type: EditListingType, overrides: Partial<EditListingTabProps> = {}) {
  const props: EditListingTabProps = {
    listing,
    type,
    save: async () => listing,
    onListingChange: () => undefined,
    goToNextTab: () => undefined,
    ...overrides,
  };
  // Without React's text separators, so texts read as they show.
  return renderAt(`/l/trek-domane/l-1/${type}/photos`, <PhotosTab {...props} />).then((html) =>
    html.replaceAll('<!-- -->', ''),
  );
}

const buttons = (html: string) =>
  [...html.matchAll(/<button ([^>]*)>([^<]*)<\/button>/g)].map((m) => [m[2]!, /\bdisabled=""/.test(m[1]!)]);

describe('PhotosTab', () => {
  it('shows the photos in order, the first as the cover, with move and remove buttons', async () => {
    const html = await render('draft');
    expect(html).toContain('<h2');
    expect(html).toMatch(
      /<input[^>]*type="file"[^>]*accept="image\/jpeg,image\/gif,image\/png"[^>]*multiple=""/,
    );
    expect(html).toMatch(
      /<label[^>]*class="button button-secondary photos-add-button"[^>]*>Add photos<\/label>/,
    );
    expect(html.indexOf('img-a/listing-card.jpg')).toBeLessThan(html.indexOf('img-b/listing-card.jpg'));
    expect(html).toContain('Photo 1 of 2 (cover photo)');
    expect(html).toContain('Photo 2 of 2</p>');
    expect(html.match(/>Cover</g)).toHaveLength(1);
    expect(buttons(html)).toEqual([
      ['Move earlier', true],
      ['Move later', false],
      ['Remove', false],
      ['Move earlier', false],
      ['Move later', true],
      ['Remove', false],
      ['Publish listing', false],
    ]);
  });

  it('says there are no photos yet', async () => {
    const html = await render('draft', { listing: { ...listing, images: [] } });
    expect(html).toContain('No photos yet.');
    // Without a photo, adding one is the step to take: the primary button.
    expect(html).toMatch(
      /<label[^>]*class="button button-primary photos-add-button"[^>]*>Add photos<\/label>/,
    );
    expect(html).toMatch(/<button[^>]*class="button button-secondary"[^>]*>Publish listing<\/button>/);
  });

  it('links a published listing back to its page instead of publishing', async () => {
    const html = await render('edit', { listing: { ...listing, state: 'published' } });
    expect(html).not.toContain('Publish listing');
    expect(html).toMatch(/<a href="\/l\/trek-domane\/l-1"[^>]*>View listing<\/a>/);
  });

  it('shows the payout onboarding again when the provider sends the seller back', async () => {
    const html = await render('draft', { returnURLType: 'success' });
    expect(html).toContain('Add your payout details');
    expect(html).toContain('Loading payout details…');
    // The payout form has the one primary button: publishing steps back to a secondary one.
    expect(html).toMatch(/<button[^>]*class="button button-secondary"[^>]*>Publish listing<\/button>/);
  });

  it('makes "Publish listing" the primary button when no payout form shows', async () => {
    const html = await render('draft');
    expect(html).toMatch(
      /<button[^>]*class="button button-primary button-large"[^>]*>Publish listing<\/button>/,
    );
  });

  it('asks for the details first before the listing exists', async () => {
    const html = await render('new', { listing: undefined });
    expect(html).toContain('Save the details of your listing first');
    expect(html).not.toContain('type="file"');
  });
});
