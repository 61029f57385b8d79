import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, listingCards, searchApi } from './helpers';

/**
 * Issue 21's journeys: a buyer narrows the search by price, condition and frame size, sees each
 * option's count, removes a filter by its chip, and on a phone chooses in the filters dialog whose
 * "Show N results" matches the results it closes onto, the first of them above the fold.
 */
const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
// The demo catalogue's used road and gravel bikes in frame size M between $500 and $3,000.
const apiQuery = '?price=50000,300001&pub_condition=usedGoodCondition&pub_frameSize=m';

test('desktop: price, condition and frame size from the bar, with counts; chips remove them', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const expected = await searchApi(request, apiQuery);
  expect(expected.meta.totalItems).toBeGreaterThan(0);
  await page.goto('/s');
  await expect(listingCards(page, results(page)).first()).toBeVisible();
  const bar = page.locator('.filter-bar');
  const menu = (name: string) => bar.locator('summary').filter({ hasText: new RegExp(`^${name}`) });

  await menu('Price').click();
  await bar.getByLabel('From ($)').fill('500');
  await bar.getByLabel('To ($)').fill('3000');
  await bar.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/s\?price=500,3000$/);

  await menu('Condition').click();
  await bar.getByRole('checkbox', { name: /^Used - good condition/ }).check();
  await expect(page).toHaveURL(/pub_condition=usedGoodCondition/);
  await page.keyboard.press('Escape');

  await menu('Frame size').click();
  const medium = bar.getByRole('checkbox', { name: /^M \(\d+\)$/ });
  // The count beside M is the API's facet count for the other two filters.
  const { facets } = await searchApi(request, '?price=50000,300001&pub_condition=usedGoodCondition');
  await expect(medium).toHaveAccessibleName(`M (${facets.frameSize?.m})`);
  await medium.check();
  await page.keyboard.press('Escape');

  await expect(page.getByRole('status')).toHaveText(new RegExp(`^${expected.meta.totalItems} results?`));
  const chips = page.getByRole('list', { name: 'Chosen filters' }).getByRole('button');
  await expect(chips).toHaveText([
    'Price: $500 – $3,000 ×',
    'Condition: Used - good condition ×',
    'Frame size: M ×',
  ]);
  await expect(menu('Condition')).toHaveText('Condition (1)');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Remove filter Condition: Used - good condition' }).click();
  await expect(page).not.toHaveURL(/pub_condition/);
  await expect(chips).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/s$/);
  await expect(chips).toHaveCount(0);
});

test('phone: the filters dialog shows "Show N results" and closes onto them, the first above the fold', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const expected = await searchApi(request, apiQuery);
  await page.goto('/s?price=500,3000');
  await expect(listingCards(page, results(page)).first()).toBeVisible();

  await page.getByRole('button', { name: 'Filters (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByRole('checkbox', { name: /^Used - good condition/ }).check();
  await dialog
    .getByRole('checkbox', { name: /^M \(\d+\)$/ })
    .first()
    .check();
  const show = dialog.getByRole('button', { name: /^Show/ });
  await expect(show).toHaveText(`Show ${expected.meta.totalItems} results`);
  await expectNoAxeViolations(page);
  await show.click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filters (3)' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^${expected.meta.totalItems} results?`));
  const first = listingCards(page, results(page)).first();
  await expect(first).toBeVisible();
  const box = await first.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(812);
});

test('an invalid filter value is dropped from the URL, the valid ones stay', async ({ page }) => {
  await page.goto('/s?pub_condition=new,bogus&price=abc');
  await expect(page).toHaveURL(/\/s\?pub_condition=new$/);
  await expect(page.getByRole('button', { name: 'Remove filter Condition: New' }).first()).toBeVisible();
});
