import { expect, test } from '@playwright/test';
import { enquiryMessages } from '../../shared/validation/messages';
import { demoSeller, expectNoAxeViolations, logInAs } from './helpers';
import { demoListing, fillCard } from './order-helpers';
import { signUpNewUser } from './payments-helpers';

/**
 * Issue 9's enquiry journey (runs with the other "after" specs: it buys demo stock). A new buyer
 * contacts the demo seller Maya about one of her items (not one order-journey buys); the enquiry
 * page shows the enquiry label; Maya finds it in her sales inbox and answers; the buyer sees the
 * answer, presses "Buy now" and pays by simulated card; the same transaction is then purchased,
 * with the conversation kept.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const title = 'SRAM XX1 Eagle AXS rear derailleur';

test('a buyer contacts the seller, the seller answers, the buyer buys from the enquiry', async ({
  page,
  browser,
}) => {
  const listing = await demoListing(page, title);
  await signUpNewUser(page, 'Quinn', { missingInformationSeen: true });
  await page.goto(`/l/${listing.slug}/${listing.id}`);

  // The contact modal: an empty message gets the spec's message, then a real one is sent.
  await page.getByRole('button', { name: 'Contact the seller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact the seller' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByText(enquiryMessages.messageRequired)).toBeVisible();
  await expect(dialog.getByLabel('Message')).toBeFocused();
  await expectNoAxeViolations(page);
  const question = 'Hi Maya! Does the battery still hold a full charge?';
  await dialog.getByLabel('Message').fill(question);
  await dialog.getByRole('button', { name: 'Send message' }).click();

  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/details$/, { timeout: 30_000 });
  const transactionId = page.url().split('/order/')[1]!.split('/')[0]!;
  const main = page.getByRole('main');
  await expect(main.getByRole('status').getByText('Enquiry', { exact: true })).toBeVisible();
  await expect(main.getByText(question)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Buy now' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The seller: the enquiry in the sales tab with its label; she answers on the sale page.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await logInAs(seller, demoSeller);
  await seller.goto('/inbox/sales');
  const row = seller
    .getByRole('listitem')
    .filter({ has: seller.getByRole('link', { name: new RegExp(title) }) });
  await expect(row.first()).toBeVisible({ timeout: 15_000 });
  await expect(row.first().getByText('Enquiry', { exact: true })).toBeVisible();
  await row
    .first()
    .getByRole('link', { name: new RegExp(title) })
    .click();
  await expect(seller).toHaveURL(new RegExp(`/sale/${transactionId}/details$`));
  const sale = seller.getByRole('main');
  await expect(sale.getByText(question)).toBeVisible();
  await expect(sale.getByRole('heading', { name: 'An enquiry about your listing' })).toBeVisible();
  await expect(sale.getByRole('link', { name: 'Buy now' })).toHaveCount(0);
  await expectNoAxeViolations(seller);
  const answer = 'Yes, it lasts a whole season. Happy to meet in Vancouver.';
  await sale.getByRole('textbox', { name: 'Your message' }).fill(answer);
  await sale.getByRole('button', { name: 'Send message' }).click();
  await expect(sale.getByText(answer)).toBeVisible();

  // The buyer: the answer, then Buy now → the checkout on this enquiry, card only.
  await page.reload();
  await expect(main.getByText(answer)).toBeVisible();
  await main.getByRole('link', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?transactionId=${transactionId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pay with' })).toHaveCount(0);
  await page.getByRole('group', { name: 'Delivery method' }).getByLabel('Pickup').check();
  await expect(page.getByRole('complementary').getByText(/Total/).first()).toBeVisible();
  await fillCard(page, 'Quinn Cyclist');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();

  // The same transaction, now purchased, with the conversation.
  await expect(page).toHaveURL(new RegExp(`/order/${transactionId}/details$`), { timeout: 30_000 });
  await expect(main.getByText('Waiting for delivery').first()).toBeVisible();
  await expect(main.getByText(question)).toBeVisible();
  await expect(main.getByText(answer)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Buy now' })).toHaveCount(0);

  await seller.reload();
  await expect(sale.getByText('Waiting for delivery').first()).toBeVisible();
  await expect(sale.getByText(question)).toBeVisible();
  await sellerContext.close();
});
