import { expect, test } from '@playwright/test';
import { paypalProblems } from '../../shared/errors/paypal-errors';
import { expectNoAxeViolations } from './helpers';
import { signUpNewUser } from './payments-helpers';

/**
 * PayPal settings and the missing-information modal (issue 6) against the local cloud with the
 * simulated PayPal: a new seller links PayPal through the simulated onboarding page, sees the
 * merchant id and the status flags, then unlinks through the modal. A seller without payouts sees
 * the missing-information modal once, on their second page; closing it keeps it away.
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

test('the missing-information modal shows once for a seller without payouts', async ({ page }) => {
  await signUpNewUser(page, 'Sam');
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
  await page.waitForTimeout(500);
  await expect(dialog).toHaveCount(0);
});
