import { expect, type Page, test } from '@playwright/test';
import { paypalProblems } from '../../shared/errors/paypal-errors';
import { expectNoAxeViolations, renderedAfterLoad } from './helpers';
import { codeFor } from './mail-helpers';
import { signUpNewUser } from './payments-helpers';
import { addPhotoAndPublish, apiAsUser, openLiveListing, publishableListing } from './selling-helpers';

/**
 * PayPal settings and the missing-information modal against the local cloud with the
 * simulated PayPal: a new seller links PayPal through the simulated onboarding page, sees the
 * merchant id and the status flags, then unlinks through the modal. A seller without payouts (a
 * published listing, PayPal unlinked) sees the missing-information modal once, on their second page;
 * closing it keeps it away. A buyer never sees the payout prompt (fulfilment.after.spec.ts).
 */

test('a seller links PayPal, sees the status flags and unlinks it', async ({ page, baseURL }) => {
  await signUpNewUser(page, 'Pat');
  await page.goto('/account/paypal');
  await expect(page.getByRole('heading', { level: 1, name: 'PayPal' })).toBeVisible();
  await expect(page.getByText(paypalProblems.accountNotLinked)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Link PayPal account' }).click();
  await expect(page.getByRole('heading', { name: 'Connect your PayPal account' })).toBeVisible();
  await page.getByRole('button', { name: 'Agree and connect' }).click();

  // Back on the settings page: the flags are fetched and stored, the query is dropped.
  await expect(page).toHaveURL(`${baseURL}/account/paypal`);
  await expect(page.getByRole('status').filter({ hasText: 'Your PayPal account is linked.' })).toBeVisible();
  const flags = page.locator('dl.paypal-flags');
  await expect(flags.getByText('Merchant ID')).toBeVisible();
  for (const label of [
    'Onboarding completed',
    'Can receive payments',
    'Primary email confirmed',
    'Express checkout active',
    'Permissions granted to the marketplace',
  ]) {
    await expect(
      flags.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd'),
    ).toHaveText('Yes');
  }
  await expect(page.getByText('Your PayPal account is linked and can receive payments.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A reload shows the stored state.
  await page.reload();
  await expect(page.locator('dl.paypal-flags').getByText('Merchant ID')).toBeVisible();

  // Unlink: Cancel keeps it; Proceed unlinks.
  await page.getByRole('button', { name: 'Unlink PayPal account' }).click();
  let dialog = page.getByRole('dialog', { name: 'Unlink your PayPal account?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Unlink PayPal account' }).click();
  dialog = page.getByRole('dialog', { name: 'Unlink your PayPal account?' });
  await dialog.getByRole('button', { name: 'Proceed & Unlink My Account From PayPal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Link PayPal account' })).toBeVisible();
  await expect(page.getByText(paypalProblems.accountNotLinked)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Link PayPal account' })).toBeVisible();
});

/**
 * A seller whose payouts stopped: PayPal linked through the API and the simulated onboarding form
 * (never the payout pages, whose visit would mark the modal seen), a listing published with it, then
 * PayPal unlinked. Only such users get the payout prompt (not buyers, not drafts only).
 */
async function sellerWithoutPayouts(page: Page) {
  const user = (await apiAsUser<{ data: { id: string } }>(page, 'GET', '/me')).body.data;
  const link = await apiAsUser<{ links: { rel: string; href: string }[] }>(
    page,
    'POST',
    '/get-paypal-onboarding-link',
    { trackingId: user.id },
  );
  const actionUrl = new URL(link.body.links.find((l) => l.rel === 'action_url')!.href);
  const agreed = await page.request.post('/api/simulated-paypal/onboarding', {
    form: { ...Object.fromEntries(actionUrl.searchParams), action: 'agree' },
    maxRedirects: 0,
  });
  expect(agreed.status()).toBe(303);
  // What the settings page does on PayPal's return: fetch and store the merchant's flags.
  const back = new URL(agreed.headers().location!);
  const status = await apiAsUser(page, 'POST', '/get-paypal-onboarding-status', {
    merchantId: back.searchParams.get('merchantIdInPayPal'),
    updateUserMaybe: true,
  });
  expect(status.status).toBe(200);

  const created = await apiAsUser<{ data: { id: string; slug: string } }>(page, 'POST', '/own-listings', {
    ...publishableListing,
    title: `Paypal seller bike ${Date.now()}`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id, slug } = created.body.data;
  await addPhotoAndPublish(page, { id, slug });
  await openLiveListing(page);
  await expect(page).toHaveURL(new RegExp(`/l/[^/]+/${id}$`), { timeout: 30_000 });
  expect((await apiAsUser(page, 'POST', '/paypal/offboard')).status).toBe(200);
}

test('the missing-information modal shows once for a seller without payouts', async ({ page }) => {
  test.setTimeout(90_000);
  const { email } = await signUpNewUser(page, 'Sam');
  // A verified e-mail: with a listing and an unverified address the modal asks to verify first.
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email, new Set()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();
  await sellerWithoutPayouts(page);
  // The first page of a visit never shows it.
  await page.goto('/about');
  const dialog = page.getByRole('dialog', { name: 'Add your payout details' });
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
  // The modal's code loads once the user is known; then the first page is counted.
  await page.waitForLoadState('networkidle');
  await expect(dialog).toHaveCount(0);

  // The second page does.
  await page.getByRole('banner').getByRole('link', { name: 'Velo Exchange' }).first().click();
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText('Add your payout details so buyers can purchase your listings.'),
  ).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Add payout details' })).toHaveAttribute(
    'href',
    '/account/payments',
  );
  await expect(dialog.getByRole('link', { name: 'Link PayPal account' })).toHaveAttribute(
    'href',
    '/account/paypal',
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // Closing it keeps it away: on other pages, and after a reload (the flag is stored).
  await page.getByRole('banner').getByRole('link', { name: 'Shop now' }).click();
  await expect(page).toHaveURL(/\/s/);
  await expect(dialog).toHaveCount(0);
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Velo Exchange' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await renderedAfterLoad(page);
  await expect(dialog).toHaveCount(0);
});
