import { type APIRequestContext, expect, test } from '@playwright/test';
import type { Listing, ListingSummary } from '../../shared/api/types';
import { expectNoAxeViolations, listingApi, searchApi } from './helpers';

/**
 * Issue 24, the listing page a stranger has to trust: the full-screen gallery (keys, focus, a lazy
 * chunk), at a phone's 375×812 and a desktop's 1280 wide, with axe on the page and the open dialog.
 */
const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 900 },
];

/** A demo listing with several photos (from the search API, then its details). */
async function listingWithPhotos(request: APIRequestContext, atLeast = 3): Promise<Listing> {
  const summaries: ListingSummary[] = (await searchApi(request, '?perPage=100')).data;
  for (const summary of summaries) {
    const listing = await listingApi(request, summary.id);
    if (listing.images.length >= atLeast) return listing;
  }
  throw new Error(`no demo listing with ${atLeast} photos`);
}

const pathOf = (listing: Listing) => `/l/${listing.slug}/${listing.id}`;

for (const viewport of viewports) {
  test(`gallery (${viewport.name}): opens on the photo, keys change it, focus is trapped and returns`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const listing = await listingWithPhotos(request);
    const count = listing.images.length;
    const galleryChunks: string[] = [];
    page.on('request', (req) => {
      if (/FullScreenGallery/.test(req.url())) galleryChunks.push(req.url());
    });
    await page.goto(pathOf(listing));
    const carousel = page.getByRole('region', { name: `Photos of ${listing.title}` });
    const opener = carousel.getByRole('button', { name: `Open photo 1 of ${count} full screen` });
    await expect(opener).toBeVisible();
    await expectNoAxeViolations(page);
    expect(galleryChunks, 'the gallery is not part of the first load').toEqual([]);

    await opener.click();
    const dialog = page.getByRole('dialog', { name: `Photos of ${listing.title}` });
    await expect(dialog).toBeVisible();
    expect(galleryChunks.length, 'the gallery chunk loads on the first tap').toBeGreaterThan(0);
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByText(`1 / ${count}`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expectNoAxeViolations(page);

    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText(`2 / ${count}`)).toBeVisible();
    await expect(dialog.getByRole('img', { name: `${listing.title}, 2 of ${count}` })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText(`3 / ${count}`)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByText(`2 / ${count}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await expect(dialog.getByText(`3 / ${count}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Previous photo' }).click();
    await expect(dialog.getByText(`2 / ${count}`)).toBeVisible();

    const zoom = dialog.getByRole('button', { name: 'Zoom in' });
    await zoom.click();
    await expect(dialog.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Zoom out' }).click();
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toHaveAttribute('aria-pressed', 'false');

    // The trap: however far Tab goes, focus stays in the dialog.
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // Back on the photo that opened it, which now shows where the gallery was left.
    await expect(
      carousel.getByRole('button', { name: `Open photo 2 of ${count} full screen` }),
    ).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`2 / ${count}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      carousel.getByRole('button', { name: `Open photo 2 of ${count} full screen` }),
    ).toBeFocused();
  });
}
