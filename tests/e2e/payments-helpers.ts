import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

/** Signs up a new user on the signup page (as account.spec.ts does) and waits for the signed-in top bar. */
export async function signUpNewUser(
  page: Page,
  firstName = 'Robin',
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
  return { email, password };
}
