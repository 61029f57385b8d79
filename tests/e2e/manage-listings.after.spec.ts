import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { OwnListing } from '../../shared/api/types';
import { expectNoAxeViolations, logInAs, searchApi } from './helpers';
import { apiAsUser, publishableListing } from './selling-helpers';

/**
 * Manage listings (§2 ManageListingsPage): the demo seller sees their listings with state badges
 * under the manage tabs, closes one (it leaves search) and opens it again. It changes what search
 * shows, so it runs in the "after" project, once every other spec has finished (playwright.config.ts).
 */
test.describe.configure({ mode: 'serial' });

test('the seller closes a listing, it leaves search, and opens it again', async ({ page, request }) => {
  await logInAs(page);
  await page.goto('/listings');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Your listings' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Your listings' }),
  ).toHaveAttribute('aria-current', 'page');
  const cards = main.getByRole('article');
  await expect(cards.first()).toBeVisible();
  await expect(main.getByText('Published', { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const card = cards.filter({ has: page.getByRole('button', { name: /^Close listing/ }) }).first();
  const title = (await card.getByRole('heading').innerText()).trim();
  const cardByTitle = cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await cardByTitle.getByRole('button', { name: /^Close listing/ }).click();
  await expect(cardByTitle.getByText('Closed', { exact: true })).toBeVisible();
  await expect(cardByTitle.getByRole('button', { name: /^Open listing/ })).toBeVisible();

  const inSearch = async () =>
    (await searchApi(request, `?keywords=${encodeURIComponent(title)}`)).data.some((l) => l.title === title);
  await expect.poll(inSearch, { timeout: 10_000 }).toBe(false);

  await cardByTitle.getByRole('button', { name: /^Open listing/ }).click();
  await expect(cardByTitle.getByText('Published', { exact: true })).toBeVisible();
  await expect(cardByTitle.getByRole('button', { name: /^Close listing/ })).toBeVisible();
  await expect.poll(inSearch, { timeout: 10_000 }).toBe(true);
});

test('the manage listings page at 375 px passes axe', async ({ page }) => {
  // The helper waits for the desktop account menu, so log in first and then narrow the viewport.
  await logInAs(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/listings');
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Your listings' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a draft's title links to its preview, the owner's draft page (issue 25)", async ({ page }) => {
  await logInAs(page);
  const title = `Preview me ${randomUUID().slice(0, 8)}`;
  const draft = await apiAsUser<{ data: OwnListing }>(page, 'POST', '/own-listings', {
    ...publishableListing,
    title,
  });
  expect(draft.status).toBe(201);
  const { id, slug } = draft.body.data;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/listings');
  const card = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  const preview = card.getByRole('link', { name: title, exact: true });
  await expect(preview).toHaveAttribute('href', `/l/${slug}/${id}/draft`);
  await preview.click();
  await expect(page).toHaveURL(new RegExp(`/l/${slug}/${id}/draft$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(page).toHaveTitle(new RegExp(`${title} \\(draft\\)`));
});
