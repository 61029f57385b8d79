import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './helpers';
import {
  confirmAndPay,
  demoListing,
  fillCard,
  fillShippingAddress,
  markReceived,
  sellerPage,
  startCheckout,
} from './order-helpers';
import { signUpNewUser } from './payments-helpers';

/**
 * The order journey (runs after the other specs: it buys demo stock). A new buyer buys a seeded
 * bike by simulated card with shipping and a message; the seller sees the inbox dot, reads the
 * message and marks it shipped with a tracking number; the buyer marks it received; both pages
 * show the right labels and the seller's payout event exists. A second buyer pays with simulated
 * PayPal.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const bikeTitle = 'Santa Cruz Hightower C S – Large, Fox Performance';
const helmetTitle = 'POC Ventral Air MIPS helmet – L, new';

async function payoutEventOf(page: Page, transactionId: string) {
  const response = await page.request.get('/_dev/events.json');
  const { data } = (await response.json()) as {
    data: { 'detail-type': string; detail: { data: { transactionId?: string; amount?: unknown } } }[];
  };
  return data.find(
    (event) =>
      event['detail-type'] === 'PayoutDisbursed' && event.detail.data.transactionId === transactionId,
  );
}

test('a buyer pays by card with shipping and a message; the seller ships; the buyer receives', async ({
  page,
  browser,
}) => {
  const listing = await demoListing(page, bikeTitle);
  await signUpNewUser(page, 'Bea', { missingInformationSeen: true });
  await startCheckout(page, listing);

  // One delivery method chosen on the listing page; stock 1: no quantity to pick.
  await expect(page.getByLabel('Quantity')).toHaveCount(0);
  await fillShippingAddress(page, 'Bea Buyer');
  await expect(page.getByRole('complementary').getByText(/Total/).first()).toBeVisible();
  const message = 'Hi Maya! Could you pack the pedals in the box as well?';
  await page.getByLabel('Message (optional)').fill(message);

  await fillCard(page, 'Bea Buyer');
  await expectNoAxeViolations(page);
  const transactionId = await confirmAndPay(page);
  const main = page.getByRole('main');
  await expect(main.getByText('Waiting for the seller to ship').first()).toBeVisible();
  await expect(main.getByText(message)).toBeVisible();
  await expectNoAxeViolations(page);

  // The seller: the inbox dot, the sale, the message; shipped with a tracking number.
  const seller = await sellerPage(browser);
  const inboxLink = seller
    .getByRole('banner')
    .getByRole('link', { name: /^Inbox, \d+ sales? needs? your action$/ });
  await expect(inboxLink).toBeVisible({ timeout: 15_000 });
  await inboxLink.click();
  await expect(seller).toHaveURL(/\/inbox\/sales/);
  await expectNoAxeViolations(seller);
  await seller
    .getByRole('link', { name: new RegExp(listing.title.slice(0, 20)) })
    .first()
    .click();
  await expect(seller).toHaveURL(new RegExp(`/sale/${transactionId}/details$`));
  const sale = seller.getByRole('main');
  await expect(sale.getByText(message)).toBeVisible();
  await expectNoAxeViolations(seller);
  await sale.getByLabel('Carrier').selectOption({ label: 'Canada Post' });
  await sale.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await sale.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(sale.getByRole('status').getByText('Shipped', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(sale.getByText('1Z999AA10123456784').first()).toBeVisible();
  await sale.getByRole('textbox', { name: 'Your message' }).fill('Packed with the pedals. Enjoy!');
  await sale.getByRole('button', { name: 'Send message' }).click();
  await expect(sale.getByText('Packed with the pedals. Enjoy!')).toBeVisible();

  // The buyer: shipped, with the tracking number and the answer; marks it received.
  await page.reload();
  await expect(main.getByText('1Z999AA10123456784').first()).toBeVisible();
  await expect(main.getByText('Packed with the pedals. Enjoy!')).toBeVisible();
  await markReceived(page);

  await seller.reload();
  await expect(sale.getByText('Waiting for review').first()).toBeVisible();
  await expect.poll(() => payoutEventOf(page, transactionId), { timeout: 15_000 }).toBeTruthy();
  await seller.context().close();
});

test('a second buyer pays with simulated PayPal (checkout and order on a phone)', async ({
  page,
  browser,
}) => {
  const listing = await demoListing(page, helmetTitle);
  await signUpNewUser(page, 'Pat', { missingInformationSeen: true });
  await startCheckout(page, listing);
  await page.setViewportSize({ width: 375, height: 812 });
  await fillShippingAddress(page, 'Pat Payer');
  await page.getByRole('group', { name: 'Pay with' }).getByLabel('PayPal').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Approve with PayPal (simulated)' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/details$/, { timeout: 30_000 });
  const transactionId = page.url().split('/order/')[1]!.split('/')[0]!;
  const main = page.getByRole('main');
  await expect(main.getByText('Waiting for the seller to ship').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The buyer may mark it received before shipping (warned that it was not shipped): the PayPal
  // funds are disbursed first.
  await main.getByRole('button', { name: 'Mark received' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark this order received?' });
  await expect(dialog.getByText('The seller has not marked this order as shipped yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'I received it' }).click();
  await expect(main.getByText('Waiting for review').first()).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => payoutEventOf(page, transactionId), { timeout: 15_000 }).toBeTruthy();

  const seller = await sellerPage(browser);
  await seller.goto(`/sale/${transactionId}/details`);
  await expect(seller.getByRole('main').getByText('Waiting for review').first()).toBeVisible();
  await seller.context().close();
});
