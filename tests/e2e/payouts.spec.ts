import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { payoutCurrencyNote } from '../../shared/config/marketplace';
import { messages } from '../../shared/errors/catalogue';
import { expectNoAxeViolations } from './helpers';

/**
 * Payout details (§2 StripePayoutPage and StripePayoutOnboardingPage) in Chromium against
 * the local cloud with the simulated card provider: a new seller fills in Canadian bank details,
 * sees a field message after leaving a bad field, saves, completes verification on the simulated
 * hosted onboarding page, comes back ready for payouts, and after a reload sees the saved country
 * and the last digits of the bank account.
 */

async function signUp(page: Page): Promise<string> {
  const email = `payout-${randomUUID().slice(0, 8)}@test.example`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Seller');
  await page.getByLabel('Password').fill(`Payout-${randomUUID().slice(0, 8)}-2026`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  return email;
}

test('a new seller connects a Canadian bank account and becomes ready for payouts', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);

  await page.goto('/account/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payout details' })).toBeVisible();
  await expect(page.getByText(payoutCurrencyNote)).toBeVisible();
  const save = page.getByRole('button', { name: 'Save details' });
  await expect(save).toBeDisabled();

  await page.getByLabel('Individual').check();
  await page.getByLabel('Country').selectOption('CA');
  const transit = page.getByLabel('Transit number');
  await expect(transit).toHaveAttribute('placeholder', 'Type in transit number…');
  await expectNoAxeViolations(page);

  // A bad transit number: its message shows once the field is left.
  await transit.fill('1100');
  await expect(transit).not.toHaveAttribute('aria-invalid', 'true');
  await transit.press('Tab');
  await expect(transit).toHaveAccessibleDescription('Transit number must be 5 digits.');
  await expect(save).toBeDisabled();

  // Whitespace is stripped as typed.
  await transit.fill('11 000');
  await expect(transit).toHaveValue('11000');
  await expect(transit).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Institution number').fill('000');
  await page.getByLabel('Bank account number').fill('000123456789');

  // The bank-account token is requested 1 s after the last edit; then the form can be sent.
  await expect(save).toBeEnabled({ timeout: 15_000 });
  await save.click();

  const needed = page.getByRole('heading', { name: 'Payout details: more information needed' });
  await expect(needed).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('main')).toContainText('Canada');
  await page.getByRole('button', { name: 'Complete verification' }).click();

  // Leaving the provider early (the failure URL) sends the user straight back with a new link.
  await expect(page).toHaveURL(/\/api\/simulated-stripe\/onboarding/, { timeout: 15_000 });
  const firstLink = page.url();
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname.startsWith('/api/simulated-stripe/onboarding') && url.href !== firstLink,
    {
      timeout: 15_000,
    },
  );

  // The simulated provider's hosted onboarding, then back to the success URL.
  await page.getByRole('button', { name: 'Submit verification' }).click();
  await expect(page).toHaveURL(/\/account\/payments\/success$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Your account is ready for payouts' })).toBeVisible({
    timeout: 15_000,
  });

  // After a reload: the saved country and the last digits of the bank account.
  await page.goto('/account/payments');
  await expect(page.getByRole('heading', { name: 'Your account is ready for payouts' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Bank account' });
  await expect(details).toContainText('Canada');
  await expect(details).toContainText('6789');
  await expect(page.getByRole('button', { name: 'Change bank account' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Changing the bank account: the bank fields of the saved country, then the new last digits.
  await page.getByRole('button', { name: 'Change bank account' }).click();
  await expect(page.getByLabel('Transit number')).toBeVisible();
  await expect(page.getByLabel('Country')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Change bank account' })).toBeFocused();
  await page.getByRole('button', { name: 'Change bank account' }).click();
  await page.getByLabel('Transit number').fill('22000');
  await page.getByLabel('Institution number').fill('001');
  await page.getByLabel('Bank account number').fill('0009876543');
  const saveBank = page.getByRole('button', { name: 'Save bank account' });
  await expect(saveBank).toBeEnabled({ timeout: 15_000 });
  await saveBank.click();
  await expect(page.getByText('Your bank account has been changed.')).toBeVisible({ timeout: 15_000 });
  await expect(details).toContainText('6543');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Bank account' })).toContainText('6543');
});

test('an unknown return type from the provider shows an error', async ({ page }) => {
  await signUp(page);
  await page.goto('/account/payments/elsewhere');
  await expect(page.getByRole('alert')).toContainText('Something went wrong');
  await expect(page.getByRole('button', { name: 'Save details' })).toBeVisible();
});

test('without a publishable key the form is hidden behind the missing-key message', async ({ page }) => {
  await signUp(page);
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const { payments: _payments, ...config } = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: config });
  });
  await page.goto('/account/payments');
  await expect(page.getByRole('alert')).toContainText(messages.missingPublishableKey);
  await expect(page.getByRole('button', { name: 'Save details' })).toHaveCount(0);
});
