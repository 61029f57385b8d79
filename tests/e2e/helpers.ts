import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Listing, SearchPage } from '../../shared/api/types';

/** Listing cards: links that hold a heading (pagination links do not). */
export function listingCards(page: Page, scope = page.getByRole('main')) {
  return scope.getByRole('link').filter({ has: page.getByRole('heading') });
}

export function topBarSearchBox(page: Page) {
  return page.getByRole('banner').getByRole('searchbox', { name: 'Search listings' });
}

export async function searchApi(request: APIRequestContext, query = ''): Promise<SearchPage> {
  const response = await request.get(`/api/listings${query}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

export async function listingApi(request: APIRequestContext, id: string): Promise<Listing> {
  const response = await request.get(`/api/listings/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Listing }).data;
}

/** axe-core with the WCAG 2 A and AA rules: no violations at all (serious, critical or otherwise). */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const violations = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
  expect(violations).toEqual([]);
}

/** A seeded demo seller (infra/local/seed/catalogue.ts). */
export const demoSeller = { email: 'maya.thompson@velo.example', password: 'Velo-demo-2026!' };

/** Logs in on the login page as `account` and waits for the signed-in top bar. */
export async function logInAs(page: Page, account: { email: string; password: string } = demoSeller) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
}

/**
 * The page has loaded what it asks for and React has rendered what that data makes it show: the
 * network is idle (lazy chunks and API answers in) and two animation frames have passed (the commit
 * and the effects it schedules, which is when a modal decides to open). A positive signal to wait
 * for before asserting that something did not appear, instead of a fixed sleep.
 */
export async function renderedAfterLoad(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}
