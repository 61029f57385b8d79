import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, listingCards, searchApi, topBarSearchBox } from './helpers';

async function expectOneH1(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

test.describe('axe (WCAG 2 A and AA) finds no violations', () => {
  test('landing page', async ({ page }) => {
    await page.goto('/');
    await expect(
      listingCards(page, page.getByRole('region', { name: 'Recently listed' })).first(),
    ).toBeVisible();
    await expectOneH1(page);
    await expectNoAxeViolations(page);
  });

  test('landing page on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(
      listingCards(page, page.getByRole('region', { name: 'Recently listed' })).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('search page', async ({ page }) => {
    await page.goto('/s?keywords=trek');
    await expect(
      listingCards(page, page.getByRole('region', { name: 'Search results' })).first(),
    ).toBeVisible();
    await expectOneH1(page);
    await expectNoAxeViolations(page);
  });

  test('listing page', async ({ page, request }) => {
    const [listing] = (await searchApi(request, '?perPage=1')).data;
    await page.goto(`/l/${listing?.slug}/${listing?.id}`);
    await expect(page.getByRole('region', { name: 'Seller' })).toBeVisible();
    await expectOneH1(page);
    await expectNoAxeViolations(page);
  });

  test('profile page', async ({ page, request }) => {
    const [summary] = (await searchApi(request, '?perPage=1')).data;
    await page.goto(`/u/${summary?.authorId}`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Loading|not found/i);
    await expectOneH1(page);
    await expectNoAxeViolations(page);
  });

  test('404 page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expectOneH1(page);
    await expectNoAxeViolations(page);
  });
});

test('keyboard: Tab reaches the search box, Enter submits, and focus is visible', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  const searchBox = topBarSearchBox(page);
  for (let presses = 0; presses < 5; presses++) {
    if (await searchBox.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(searchBox).toBeFocused();
  await expect(searchBox).toHaveCSS('outline-style', 'solid');

  await page.keyboard.type('trek');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/s\?keywords=trek$/);
  const cards = listingCards(page, page.getByRole('region', { name: 'Search results' }));
  await expect(cards.first()).toBeVisible();

  // The first result opens with the keyboard too.
  await cards.first().focus();
  await expect(cards.first()).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/l\//);
  await expect(page.getByRole('region', { name: 'Seller' })).toBeVisible();
});
