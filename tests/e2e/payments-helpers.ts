import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { codeFor } from './mail-helpers';

/**
 * Signs up a new user on the signup page (as account.spec.ts does) and waits for the signed-in top
 * bar. With `missingInformationSeen`, a visit to the payout page then marks the missing-information
 * modal seen, so it stays out of the pages that follow (the edit-listing wizard); with `verified`,
 * the address is verified with the code from the dev outbox first.
 */
export async function signUpNewUser(
  page: Page,
  firstName = 'Robin',
  {
    missingInformationSeen = false,
    verified = false,
  }: { missingInformationSeen?: boolean; verified?: boolean } = {},
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
  if (verified) {
    // The sign-up lands on /verify-email: the code from the dev outbox (enquiries and messages
    // before payment need a verified address, issue 25).
    await expect(page).toHaveURL(/\/verify-email$/);
    await page.getByLabel('Verification code').fill(await codeFor(page.request, email, new Set()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();
  }
  if (missingInformationSeen) {
    const seen = page.waitForResponse(
      (response) => response.url().endsWith('/api/me') && response.request().method() === 'PATCH',
    );
    await page.goto('/account/payments');
    await seen;
  }
  return { email, password };
}
