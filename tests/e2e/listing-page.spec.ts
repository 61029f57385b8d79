import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { listings as seedListings } from '../../infra/local/seed/catalogue';
import type { Listing, ListingSummary } from '../../shared/api/types';
import { listingPlaceText } from '../../shared/text/addresses';
import { productOrderMessages } from '../../shared/validation/messages';
import { demoSeller, expectNoAxeViolations, listingApi, logInAs, searchApi } from './helpers';
import { apiAsUser } from './selling-helpers';

/** The demo listings with their details (the search summaries have no stock or delivery). */
let details: Listing[] | undefined;
async function demoListings(request: APIRequestContext): Promise<Listing[]> {
  if (details) return details;
  const summaries: ListingSummary[] = (await searchApi(request, '?perPage=100')).data;
  details = await Promise.all(summaries.map((summary) => listingApi(request, summary.id)));
  return details;
}

const mayasTitles = new Set(
  seedListings.filter((seed) => seed.sellerKey === 'maya').map((seed) => seed.title),
);

async function findListing(
  request: APIRequestContext,
  match: (listing: Listing) => boolean,
): Promise<Listing> {
  const found = (await demoListings(request)).find(match);
  expect(found, 'a demo listing that fits the test').toBeDefined();
  return found!;
}

/** Stock 1, pickup and shipping, several photos, not the demo seller's. */
const stockOne = (listing: Listing) =>
  listing.currentStock === 1 &&
  listing.publicData.pickupEnabled &&
  listing.publicData.shippingEnabled &&
  listing.images.length > 1 &&
  !mayasTitles.has(listing.title);

const pathOf = (listing: Listing) => `/l/${listing.slug}/${listing.id}`;

/** Answers the listing's API call with `change` applied (a closed or sold-out listing without changing demo data). */
async function serveListingAs(page: Page, listing: Listing, change: Partial<Listing>) {
  await page.route(`**/api/listings/${listing.id}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Listing };
    await route.fulfill({ response, json: { data: { ...body.data, ...change } } });
  });
}

test('the photo carousel works with the keyboard and announces the photo', async ({ page, request }) => {
  const listing = await findListing(request, stockOne);
  const count = listing.images.length;
  await page.goto(pathOf(listing));
  const carousel = page.getByRole('region', { name: `Photos of ${listing.title}` });
  await expect(carousel.getByText(`Photo 1 of ${count}`)).toBeVisible();

  await carousel.getByRole('group', { name: `Photo 1 of ${count}` }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(carousel.getByText(`Photo 2 of ${count}`)).toBeVisible();
  await expect(carousel.getByRole('img', { name: `${listing.title}, photo 2 of ${count}` })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(carousel.getByText(`Photo 1 of ${count}`)).toBeVisible();
  await page.keyboard.press('ArrowLeft'); // wraps around
  await expect(carousel.getByText(`Photo ${count} of ${count}`)).toBeVisible();
  await page.keyboard.press('Home');
  await expect(carousel.getByText(`Photo 1 of ${count}`)).toBeVisible();

  await carousel.getByRole('button', { name: 'Next photo' }).focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByText(`Photo 2 of ${count}`)).toBeVisible();
  await carousel.getByRole('button', { name: `Show photo ${count} of ${count}` }).click();
  await expect(carousel.getByRole('button', { name: `Show photo ${count} of ${count}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(carousel.getByText(`Photo ${count} of ${count}`)).toBeVisible();
});

test('the map: a static PNG of the fuzzy area, then the interactive map on request', async ({
  page,
  request,
}) => {
  const listing = await findListing(request, stockOne);
  await page.goto(pathOf(listing));
  const where = listingPlaceText(listing.publicData.location);
  expect(where).toContain(listing.publicData.location.city);
  const image = page.getByRole('img', { name: `Approximate location: ${where}` });
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(640);
  const src = await image.getAttribute('src');
  const point = listing.geolocation!;
  expect(src).toContain(`center=${point.lat.toFixed(5)},${point.lng.toFixed(5)}`);
  expect(src).toContain('zoom=13');
  const response = await request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');

  await page.getByRole('button', { name: 'Show interactive map' }).click();
  const map = page.getByRole('region', { name: `Interactive map. Approximate location: ${where}` });
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(map.getByText('Natural Earth')).toBeVisible();
  await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  // The canvas is not a tab stop: focus goes from the zoom buttons on, not into the map.
  await expect(map.locator('canvas')).toHaveAttribute('tabindex', '-1');
});

test('order panel: stock 1 has no quantity, a missing delivery method gets focus, a complete order goes to checkout', async ({
  page,
  request,
}) => {
  const listing = await findListing(request, stockOne);
  await logInAs(page);
  await page.goto(pathOf(listing));
  const panel = page.getByRole('region', { name: 'Buy this item' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Quantity')).toHaveCount(0);
  const delivery = panel.getByLabel('Delivery method');
  await panel.getByRole('button', { name: 'Buy now' }).click();
  await expect(panel.getByText(productOrderMessages.deliveryMethodRequired)).toBeVisible();
  await expect(delivery).toBeFocused();
  await expect(delivery).toHaveAttribute('aria-invalid', 'true');

  await delivery.selectOption('shipping');
  await expect(panel.getByText(productOrderMessages.deliveryMethodRequired)).toHaveCount(0);
  await panel.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(`${pathOf(listing)}/checkout?deliveryMethod=shipping&quantity=1`);
});

test('order panel: a quantity must be chosen when stock is above 1; signed out, Buy now goes to the login page', async ({
  page,
  request,
}) => {
  const listing = await findListing(
    request,
    (candidate) =>
      candidate.currentStock > 1 && !mayasTitles.has(candidate.title) && candidate.publicData.pickupEnabled,
  );
  await page.goto(pathOf(listing));
  const panel = page.getByRole('region', { name: 'Buy this item' });
  const quantity = panel.getByLabel('Quantity');
  await expect(quantity.locator('option')).toHaveCount(listing.currentStock + 1);
  await panel.getByRole('button', { name: 'Buy now' }).click();
  await expect(panel.getByText(productOrderMessages.quantityRequired)).toBeVisible();
  await expect(quantity).toBeFocused();

  await quantity.selectOption('2');
  const method = listing.publicData.shippingEnabled ? 'shipping' : 'pickup';
  if (listing.publicData.shippingEnabled) await panel.getByLabel('Delivery method').selectOption(method);
  else await expect(panel.getByText('Delivery method: Pickup')).toBeVisible();
  await panel.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/login\?from=/);
  const from = new URL(page.url()).searchParams.get('from');
  expect(from).toBe(`${pathOf(listing)}/checkout?deliveryMethod=${method}&quantity=2`);
});

test('at 375 px the Buy now bar opens the order panel as a modal (?orderOpen=true); Escape closes it', async ({
  page,
  request,
}) => {
  const listing = await findListing(request, stockOne);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(pathOf(listing));
  await expect(page.getByRole('region', { name: 'Buy this item' })).toBeHidden();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/[?&]orderOpen=true/);
  const dialog = page.getByRole('dialog', { name: 'Buy this item' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Delivery method')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/orderOpen/);
  await expect(page).toHaveURL(pathOf(listing));

  // Opened by the URL itself (a shared link): the modal shows, and closing replaces the entry.
  await page.goto(`${pathOf(listing)}?orderOpen=true`);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(pathOf(listing));
});

test('a closed listing shows a disabled Closed button and no form; stock 0 a disabled no-stock button', async ({
  page,
  request,
}) => {
  const listing = await findListing(request, stockOne);
  await serveListingAs(page, listing, { state: 'closed' });
  await page.goto(pathOf(listing));
  const panel = page.getByRole('region', { name: 'Buy this item' });
  await expect(panel.getByRole('button', { name: 'Closed' })).toBeDisabled();
  await expect(panel.getByText('This listing has been closed')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  await expect(panel.getByLabel('Delivery method')).toHaveCount(0);

  await page.unrouteAll();
  await serveListingAs(page, listing, { currentStock: 0 });
  await page.goto(pathOf(listing));
  await expect(panel.getByRole('button', { name: productOrderMessages.outOfStock })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
});

test('the seller sees an own-listing notice with an edit link on their listing, and variant pages redirect', async ({
  page,
  request,
}) => {
  const own = await findListing(request, (listing) => mayasTitles.has(listing.title));
  await logInAs(page, demoSeller);
  await page.goto(pathOf(own));
  const panel = page.getByRole('region', { name: 'Buy this item' });
  await expect(panel.getByText(productOrderMessages.ownListing)).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Edit listing' })).toHaveAttribute(
    'href',
    `${pathOf(own)}/edit/details`,
  );
  await expect(panel.getByRole('button', { name: 'Buy now' })).toHaveCount(0);

  // A published listing's draft page goes to its public page; an unknown variant is not found.
  await page.goto(`${pathOf(own)}/draft`);
  await expect(page).toHaveURL(pathOf(own));
  await page.goto(`${pathOf(own)}/preview`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('the draft page: a banner with Continue editing, the listing as buyers will see it, no order panel', async ({
  page,
}) => {
  await logInAs(page, demoSeller);
  const created = await apiAsUser<{ data: { id: string; slug: string } }>(page, 'POST', '/own-listings', {
    title: 'Listing page e2e draft',
    description: 'A draft only its seller can see.',
  });
  expect(created.status).toBe(201);
  const { id, slug } = created.body.data;
  try {
    const base = `/l/${slug}/${id}`;
    await page.goto(`${base}/draft`);
    await expect(page.getByRole('heading', { level: 1, name: 'Listing page e2e draft' })).toBeVisible();
    await expect(page.getByText('This is a draft — only you can see it')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue editing' })).toHaveAttribute(
      'href',
      `${base}/draft/details`,
    );
    await expect(page.getByText('A draft only its seller can see.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Buy this item' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The wrong variant for its state goes to the right one.
    await page.goto(`${base}/pending-approval`);
    await expect(page).toHaveURL(`${base}/draft`);
    // The public page does not show a draft.
    await page.goto(base);
    await expect(page.getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible();
  } finally {
    await apiAsUser(page, 'DELETE', `/own-listings/${id}`);
  }
});

test.describe('accessibility of the listing page', () => {
  test('desktop, with the interactive map open', async ({ page, request }) => {
    const listing = await findListing(request, stockOne);
    await page.goto(pathOf(listing));
    await expect(page.getByRole('region', { name: 'Seller' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Show interactive map' }).click();
    await expect(page.getByRole('region', { name: /^Interactive map/ })).toHaveAttribute(
      'data-ready',
      'true',
      {
        timeout: 20_000,
      },
    );
    await expectNoAxeViolations(page);
  });

  test('375 px, with and without the order modal', async ({ page, request }) => {
    const listing = await findListing(request, stockOne);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(pathOf(listing));
    await expect(page.getByRole('region', { name: 'Seller' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await expect(page.getByRole('dialog', { name: 'Buy this item' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
