import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, listingCards, topBarSearchBox } from './helpers';
import { signUpNewUser } from './payments-helpers';
import {
  completePayoutOnboardingFromPhotosTab,
  openLiveListing,
  testPhotoFiles,
  wizardNext,
} from './selling-helpers';

/**
 * The whole selling journey through the UI: a new seller signs up, opens Sell, fills the
 * wizard (details, price and stock, shipping, the place: München), adds two photos, is sent through the simulated payout
 * onboarding when publishing, lands on the published listing, finds it with the top bar's search,
 * closes it on /listings, and it leaves search. Adds and closes a listing, so it runs in "after".
 */
test('a new seller lists a bike, publishes it after payout onboarding, finds it and closes it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const files = await testPhotoFiles();
  await signUpNewUser(page, 'Noor');

  await page.getByRole('banner').getByRole('link', { name: 'Sell' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a listing' })).toBeVisible();

  // Details.
  const marker = `qj${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;
  const title = `Surly Cross-Check ${marker}`;
  await page.getByLabel('Listing title').fill(title);
  await page.getByLabel('Description').fill('Steel gravel bike, new chain and cassette, fenders included.');
  await page.getByLabel('Category').selectOption({ label: 'Gravel bikes' });
  await page.getByLabel('Brand', { exact: true }).fill('Surly');
  await page.getByLabel('Size', { exact: true }).selectOption({ label: 'L' });
  await page.getByLabel('Condition').selectOption({ label: 'Used - good condition' });
  await wizardNext(page);

  // Pricing: price and stock.
  await expect(page).toHaveURL(/\/draft\/pricing$/);
  await page.getByLabel('Price (USD)').fill('890');
  await page.getByLabel('Stock').fill('2');
  await wizardNext(page);

  // Delivery: shipping with its fees.
  await expect(page).toHaveURL(/\/draft\/delivery$/);
  await page.getByLabel('I can ship the item').check();
  await page.getByLabel('Shipping fee for one item (USD)').fill('60');
  await page.getByLabel('Shipping fee for each additional item (USD)').fill('40');
  await wizardNext(page);

  // Location: the seller types the city's own name and picks it; a shipping-only listing has no street.
  await expect(page).toHaveURL(/\/draft\/location$/);
  const place = page.getByRole('combobox', { name: 'City or town' });
  await place.fill('München');
  await page.getByRole('option', { name: 'München, Bavaria, Germany', exact: true }).click();
  await expect(place).toHaveValue('München, Bavaria, Germany');
  await expect(page.getByLabel('Street and building for pickup (optional)')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await wizardNext(page);

  // Features and policies are optional.
  await expect(page).toHaveURL(/\/draft\/features$/);
  await page.getByLabel('Disc brakes').check();
  await wizardNext(page);
  await expect(page).toHaveURL(/\/draft\/policies$/);
  await wizardNext(page);

  // Photos: two files, then publish; payout details are missing, so onboarding comes first.
  await expect(page).toHaveURL(/\/draft\/photos$/);
  await page.getByLabel('Add photos').setInputFiles([files.red, files.blue]);
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('listitem');
  await expect(photos).toHaveCount(2, { timeout: 30_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Publish listing' }).click();
  await completePayoutOnboardingFromPhotosTab(page);

  // Back from the provider, the tab publishes and says the listing is live, with its link.
  await openLiveListing(page);
  await expect(page).toHaveURL(/\/l\/surly-cross-check-[^/]+\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(main.getByText('Disc brakes')).toBeVisible();
  await expect(main.getByText('Located in München, Bavaria, Germany')).toBeVisible();

  // Search finds it.
  const search = async () => {
    await page.goto('/');
    await topBarSearchBox(page).fill(marker);
    await topBarSearchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/s\?/);
  };
  await search();
  await expect(listingCards(page).filter({ hasText: title })).toHaveCount(1);
  await expect(listingCards(page).filter({ hasText: title })).toContainText('München');

  // Closed from the manage page, it leaves search.
  await page.goto('/listings');
  const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: /^Close listing/ }).click();
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();
  // Search answers may be cached for 5 s (functions/listings/http/search.ts), so the search is repeated.
  await expect(async () => {
    await search();
    await expect(main.getByRole('heading', { name: 'No listings match your search' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(listingCards(page).filter({ hasText: title })).toHaveCount(0);
});
