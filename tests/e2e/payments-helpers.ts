import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/**
 * Signs up a new user on the signup page (as account.spec.ts does) and waits for the signed-in top
 * bar. With `missingInformationSeen`, a visit to the payout page then marks the missing-information
 * modal seen, so it stays out of the pages that follow (the edit-listing wizard).
 */
export async function signUpNewUser(
  page: Page,
  firstName = 'Robin',
  { missingInformationSeen = false }: { missingInformationSeen?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = `pay-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Velo-${randomUUID().slice(0, 8)}-2026!`;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Cyclist');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
  if (missingInformationSeen) {
    const seen = page.waitForResponse(
      (response) => response.url().endsWith('/api/me') && response.request().method() === 'PATCH',
    );
    await page.goto('/account/payments');
    await seen;
  }
  return { email, password };
}
