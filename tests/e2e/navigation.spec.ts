import { expect, test } from '@playwright/test';
import { listingCards, searchApi } from './helpers';

test('an unknown URL shows the 404 page with a working search box', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found | Velo Exchange');
  const searchBox = page.getByRole('main').getByRole('searchbox', { name: 'Search listings' });
  await searchBox.fill('trek');
  await searchBox.press('Enter');
  await expect(page).toHaveURL(/\/s\?keywords=trek$/);
});

for (const path of ['/l', '/u']) {
  test(`${path} redirects to the landing page`, async ({ page, baseURL }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test('a listing that does not exist shows a not-found state', async ({ page }) => {
  await page.goto('/l/no-such-bike/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Listing not found');
});

test('the canonical listing URL shows the listing, and the seller links to a profile', async ({
  page,
  request,
}) => {
  const [listing] = (await searchApi(request, '?perPage=1')).data;
  expect(listing).toBeDefined();
  await page.goto(`/l/${listing?.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing?.title ?? '');
  const seller = page.getByRole('region', { name: 'Seller' }).getByRole('link');
  const name = (await seller.textContent())?.trim() ?? '';
  await seller.click();
  await expect(page).toHaveURL(/\/u\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('a new page starts at the top', async ({ page }) => {
  await page.goto('/');
  const cards = listingCards(page, page.getByRole('region', { name: 'Recently listed' }));
  await cards.last().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await cards.last().click();
  await expect(page).toHaveURL(/\/l\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
