import { expect, test } from '@playwright/test';
import { pageSizes } from '../../shared/config/marketplace';
import { messages } from '../../shared/errors/catalogue';
import { formatMoney } from '../../shared/money';
import { listingApi, listingCards, searchApi, topBarSearchBox } from './helpers';

test('landing → search "trek" → open a result → its price and seller are shown', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Velo Exchange/);

  const searchBox = topBarSearchBox(page);
  await searchBox.fill('trek');
  await searchBox.press('Enter');

  await expect(page).toHaveURL(/\/s\?keywords=trek$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('trek');
  await expect(page.getByText(/^\d[\d,]* results?/)).toBeVisible();
  const cards = listingCards(page, page.getByRole('region', { name: 'Search results' }));
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(1);

  const title = (await cards.first().getByRole('heading').textContent())?.trim() ?? '';
  await cards.first().click();

  await expect(page).toHaveURL(/\/l\/[^/]+\/[^/?#]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const listing = await listingApi(request, id);

  const price = page
    .getByRole('main')
    .getByText(/^\$[\d,]+$/)
    .first();
  await expect(price).toHaveText(formatMoney(listing.price));
  await expect(page.getByRole('region', { name: 'Seller' })).toContainText(listing.author.displayName);
  await expect(page).toHaveTitle(`${listing.title} | Velo Exchange`);
});

test('search shows 24 listings a page, the result count, and working pagination', async ({
  page,
  request,
}) => {
  const all = await searchApi(request);
  expect(all.meta.perPage).toBe(pageSizes.search);
  expect(all.meta.totalPages).toBeGreaterThanOrEqual(2);
  const { totalItems, totalPages } = all.meta;

  await page.goto('/s');
  const results = page.getByRole('region', { name: 'Search results' });
  const cards = listingCards(page, results);
  await expect(results.getByText(`${totalItems.toLocaleString('en-US')} results`)).toBeVisible();
  await expect(cards).toHaveCount(pageSizes.search);

  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pagination.getByRole('link', { name: `Page ${totalPages}`, exact: true })).toBeVisible();
  await expect(pagination.getByRole('link', { name: /Previous/ })).toHaveCount(0);
  await expect(pagination.getByText('Previous')).toBeVisible();

  const firstOnPageOne = await cards.first().getByRole('heading').textContent();
  await pagination.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/s\?page=2$/);
  await expect(pagination.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(cards).toHaveCount(Math.min(pageSizes.search, totalItems - pageSizes.search));
  await expect(cards.first().getByRole('heading')).not.toHaveText(firstOnPageOne ?? '');
  await expect(pagination.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/s');

  await page.goto(`/s?page=${totalPages}`);
  await expect(cards).toHaveCount(totalItems - pageSizes.search * (totalPages - 1));
  await expect(pagination.getByRole('link', { name: /Next/ })).toHaveCount(0);
});

test('a featured category opens the search filtered on its group', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Featured categories' })
    .getByRole('link', { name: 'Shop complete bikes' })
    .click();
  await expect(page).toHaveURL(/\/s\?pub_category=roadBikes,gravelBikes,/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete Bikes');
  await expect(page.getByRole('button', { name: 'Remove filter Category: Complete Bikes' })).toBeVisible();
  await expect(
    listingCards(page, page.getByRole('region', { name: 'Search results' })).first(),
  ).toBeVisible();
});

test('changing the sort reorders the results', async ({ page, request }) => {
  const cheapest = (await searchApi(request, '?sort=-price&perPage=1')).data[0];
  await page.goto('/s');
  await page.getByLabel('Sort by').selectOption('-price');
  await expect(page).toHaveURL(/\/s\?sort=-price$/);
  const cards = listingCards(page, page.getByRole('region', { name: 'Search results' }));
  await expect(cards.first().getByRole('heading')).toHaveText(cheapest?.title ?? '');
});

test('a failing search shows the search-failed message and can be retried', async ({ page }) => {
  await page.route('**/api/listings?**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ errors: [{ id: 'x', status: 500, code: 'server-error', title: 'Boom' }] }),
    }),
  );
  await page.goto('/s?keywords=trek');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(messages.searchFailed);

  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(
    listingCards(page, page.getByRole('region', { name: 'Search results' })).first(),
  ).toBeVisible();
});

test('a search with no match shows the empty state', async ({ page }) => {
  await page.goto('/s?keywords=zzqqxxnothingmatches');
  await expect(page.getByText('0 results')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No listings match your search' })).toBeVisible();
});
