import { type APIRequestContext, expect, test } from '@playwright/test';
import type { PublicProfile, SellerFigures } from '../../shared/api/account';
import type { Listing, ListingSummary } from '../../shared/api/types';
import { shippingFeeFor } from '../../shared/line-items';
import { addMoney, formatMoney, multiplyMoney } from '../../shared/money';
import { expectNoAxeViolations, listingApi, searchApi } from './helpers';

/**
 * Issue 24, the listing page a stranger has to trust, at a phone's 375×812 and a desktop's 1280
 * wide: the full-screen gallery (keys, focus, a lazy chunk) with axe on the page and the open
 * dialog; the seller card's four figures and the reviews naming their items; the shipping and the
 * total for 2 before "Buy now" (the phone's buy sheet, the desktop's order panel); similar items.
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

/** The first demo listing (from the search API, then its details) that `accept` takes. */
async function findListing(
  request: APIRequestContext,
  accept: (listing: Listing) => boolean | Promise<boolean>,
): Promise<Listing> {
  const summaries: ListingSummary[] = (await searchApi(request, '?perPage=100')).data;
  for (const summary of summaries) {
    const listing = await listingApi(request, summary.id);
    if (await accept(listing)) return listing;
  }
  throw new Error('no demo listing fits');
}

async function figuresOf(request: APIRequestContext, userId: string): Promise<SellerFigures | undefined> {
  const response = await request.get(`/api/users/${userId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: PublicProfile }).data.figures;
}

for (const viewport of viewports) {
  test(`seller card (${viewport.name}): rating, reviews, completed sales, member since; reviews name their item`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    let figures: SellerFigures | undefined;
    const listing = await findListing(request, async (candidate) => {
      figures = await figuresOf(request, candidate.author.id);
      return Boolean(figures && figures.reviewCount > 0 && figures.completedSales > 0);
    });
    const shown = figures!;
    await page.goto(pathOf(listing));
    const card = page.getByRole('region', { name: 'Seller' });
    const rating = String(shown.averageRating).includes('.')
      ? shown.averageRating!.toFixed(1)
      : String(shown.averageRating);
    await expect(card.getByRole('img', { name: `Rated ${rating} out of 5 stars` })).toBeVisible();
    await expect(card.getByText(rating, { exact: true })).toBeVisible();
    await expect(
      card.getByText(`${shown.reviewCount} review${shown.reviewCount === 1 ? '' : 's'}`),
    ).toBeVisible();
    await expect(
      card.getByText(`${shown.completedSales} completed sale${shown.completedSales === 1 ? '' : 's'}`),
    ).toBeVisible();
    const [year, month] = shown.memberSince!.split('-').map(Number);
    const since = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(card.getByText(`Member since ${since}`)).toBeVisible();

    const reviews = page.getByRole('region', { name: `Reviews of ${listing.author.displayName}` });
    await reviews.scrollIntoViewIfNeeded();
    await expect(reviews.locator('.review-item-listing').first()).toContainText(/^For .+/);
    await expectNoAxeViolations(page);
  });

  test(`shipping and total for 2 before "Buy now" (${viewport.name})`, async ({ page, request }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const listing = await findListing(
      request,
      (candidate) =>
        candidate.currentStock >= 2 && Boolean(candidate.publicData.shippingEnabled && candidate.shippingFee),
    );
    const shipping = shippingFeeFor(listing.shippingFee!, 2);
    const total = addMoney(multiplyMoney(listing.price, 2), shipping);
    await page.goto(pathOf(listing));
    let panel = page.getByRole('region', { name: 'Buy this item' });
    if (viewport.width < 1024) {
      // The phone: the sticky bar's "Buy now" opens the buy sheet.
      await page.locator('.order-bar').getByRole('button', { name: 'Buy now' }).click();
      panel = page.getByRole('dialog', { name: 'Buy this item' });
      await expect(panel).toBeVisible();
    }
    await panel.getByLabel('Quantity').selectOption('2');
    if (listing.publicData.pickupEnabled) await panel.getByLabel('Delivery method').selectOption('shipping');
    const estimate = panel.locator('.order-estimate');
    await expect(estimate.locator('div', { hasText: 'Shipping' })).toContainText(formatMoney(shipping));
    await expect(estimate.locator('.order-estimate-total')).toHaveText(`Total${formatMoney(total)}`);
    // The figures come before the button.
    const estimateBox = await estimate.boundingBox();
    const buyBox = await panel.getByRole('button', { name: 'Buy now' }).boundingBox();
    expect(estimateBox!.y + estimateBox!.height).toBeLessThanOrEqual(buyBox!.y);
    await expectNoAxeViolations(page);
  });
}

test('similar items: the same category, near in price, never the listing itself', async ({
  page,
  request,
}) => {
  const listing = await findListing(request, async (candidate) => {
    const same = await searchApi(request, `?pub_category=${candidate.publicData.category}&perPage=3`);
    return same.data.length >= 2;
  });
  await page.goto(pathOf(listing));
  const similar = page.getByRole('region', { name: 'Similar items' });
  await similar.scrollIntoViewIfNeeded();
  const cards = similar.getByRole('link');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(4);
  for (const href of await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    expect(href).not.toContain(listing.id);
  }
});
