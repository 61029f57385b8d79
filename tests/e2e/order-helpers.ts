import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page } from '@playwright/test';
import type { Listing } from '../../shared/api/types';
import { demoSeller, logInAs, searchApi } from './helpers';
import { apiAsUser } from './selling-helpers';

/** The order journeys' shared steps: a demo listing by title, the checkout's forms, the seller's page. */

/** A demo listing found by its exact title (infra/local/seed/catalogue.ts). */
export async function demoListing(page: Page, title: string): Promise<Listing> {
  const results = await searchApi(page.request, `?keywords=${encodeURIComponent(title)}`);
  const found = results.data.find((listing) => listing.title === title);
  expect(found, `demo listing "${title}"`).toBeTruthy();
  const response = await page.request.get(`/api/listings/${found!.id}`);
  return ((await response.json()) as { data: Listing }).data;
}

/** The demo seller signed in, in a browser context of its own. */
export async function sellerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAs(page, demoSeller);
  return page;
}

/** The listing page's order panel: shipping (and quantity 1 if asked), then Buy now → the checkout. */
export async function startCheckout(page: Page, listing: Listing) {
  await page.goto(`/l/${listing.slug}/${listing.id}`);
  const panel = page.getByRole('region', { name: 'Buy this item' });
  await expect(panel.getByRole('button', { name: 'Buy now' })).toBeVisible();
  // Both methods on these demo listings: a choice to make.
  await panel.getByLabel('Delivery method').selectOption('shipping');
  const quantity = panel.getByLabel('Quantity');
  if (await quantity.count()) await quantity.selectOption('1');
  await panel.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

const street = { 'Street address': '1200 Marine Drive', 'Postal code': 'V7P 1T2', City: 'North Vancouver' };

async function fillAddress(page: Page, group: string) {
  const fields = page.getByRole('group', { name: group });
  for (const [label, value] of Object.entries(street)) await fields.getByLabel(label).fill(value);
  await fields.getByLabel('Country').selectOption('CA');
}

export async function fillShippingAddress(page: Page, name: string) {
  await page.getByRole('group', { name: 'Shipping address' }).getByLabel('Recipient name').fill(name);
  await fillAddress(page, 'Shipping address');
}

/**
 * The card holder, the billing address (asked for a pickup; a shipped order keeps "same as
 * shipping") and the simulated provider's success card (4242…).
 */
export async function fillCard(page: Page, holder: string) {
  await page.getByLabel("Card holder's name").fill(holder);
  if (await page.getByLabel('Billing address same as shipping').count()) {
    await expect(page.getByLabel('Billing address same as shipping')).toBeChecked();
  } else {
    await fillAddress(page, 'Billing address');
  }
  const card = page.getByRole('group', { name: 'New card' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry month (MM)').fill('12');
  await card.getByLabel('Expiry year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await card.getByLabel('CVC').fill('123');
}

/** Confirm and pay → the order page; answers the transaction id. */
export async function confirmAndPay(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/details$/, { timeout: 30_000 });
  return page.url().split('/order/')[1]!.split('/')[0]!;
}

/** The seller marks the sale shipped with the carrier and the tracking number. */
export async function markShipped(
  seller: Page,
  transactionId: string,
  trackingNumber: string,
  carrier = 'UPS',
) {
  await seller.goto(`/sale/${transactionId}/details`);
  const sale = seller.getByRole('main');
  await sale.getByLabel('Carrier').selectOption({ label: carrier });
  await sale.getByLabel('Tracking number').fill(trackingNumber);
  await sale.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(sale.getByRole('status').getByText('Shipped', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
}

/** The buyer marks the order received: a confirmation says what it releases, then "I received it". */
export async function markReceived(page: Page) {
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Mark received' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this order received?' });
  await expect(dialog.getByText(/^This releases \$[\d,]+ to the seller/)).toBeVisible();
  await dialog.getByRole('button', { name: 'I received it' }).click();
  await expect(main.getByText('Waiting for review').first()).toBeVisible({ timeout: 15_000 });
}

/**
 * An order started through the API as the signed-in buyer and never paid (pending payment), by
 * card: one for pickup unless `orderData` says otherwise. Answers the API's status and body.
 */
export function initiateUnpaidOrder(
  page: Page,
  listingId: string,
  orderData: Record<string, unknown> = { deliveryMethod: 'pickup', stockReservationQuantity: 1 },
) {
  return apiAsUser<{
    data: { transaction: { id: string } };
    errors: { code: string; title: string }[];
  }>(page, 'POST', '/initiate-privileged', {
    checkoutKey: randomUUID(),
    bodyParams: {
      transition: 'request-payment',
      params: { listingId, paymentMethod: 'card', ...orderData },
    },
  });
}
