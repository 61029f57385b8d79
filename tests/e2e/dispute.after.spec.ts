import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './helpers';
import {
  confirmAndPay,
  demoListing,
  fillCard,
  fillShippingAddress,
  markShipped,
  sellerPage,
  startCheckout,
} from './order-helpers';
import { signUpNewUser } from './payments-helpers';

/**
 * Issue 25 on a phone (375 px): a buyer reports a problem with a shipped order, choosing the reason
 * from the list, writing details and adding two photos; the form says what happens next and by
 * when, and refuses a report without a reason. Both the order page and the seller's sale page then
 * show the reason, the details, the photos (through their private links) and the date by which
 * the marketplace decides. Runs with the "after" specs (it buys a demo item).
 */
test.setTimeout(180_000);

const helmetTitle = 'POC Ventral Air MIPS helmet – L, new';
const phone = { width: 375, height: 812 };

/** A small PNG made here (no image files in the repository, no ImageMagick). */
function png(red: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 60, b: 60 } } })
    .png()
    .toBuffer();
}

/** Every image in `scope` has loaded (a broken or refused link has no natural width). */
async function expectImagesLoaded(page: Page, selector: string, count: number) {
  const images = page.locator(selector);
  await expect(images).toHaveCount(count);
  for (let index = 0; index < count; index++) {
    await expect
      .poll(() =>
        images.nth(index).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      )
      .toBe(64);
  }
}

async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
}

test('a buyer reports a damaged item with two photos on a phone; both pages say what happens next and by when', async ({
  browser,
  page,
}) => {
  await signUpNewUser(page, 'Dita', { missingInformationSeen: true });
  const listing = await demoListing(page, helmetTitle);
  await startCheckout(page, listing);
  await fillShippingAddress(page, 'Dita Buyer');
  await fillCard(page, 'Dita Buyer');
  const transactionId = await confirmAndPay(page);
  const seller = await sellerPage(browser);
  await markShipped(seller, transactionId, `1Z${Date.now()}`);

  await page.setViewportSize(phone);
  await page.reload();
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Report a problem' }).click();
  const form = main.getByRole('form', { name: 'Report a problem' });
  await expect(form.getByRole('group', { name: 'What went wrong?' })).toBeVisible();
  await expect(form.getByText('What happens next')).toBeVisible();
  await expect(
    form.getByText(/If it has not decided by .+, the order is canceled and you are refunded in full\./),
  ).toBeVisible();

  // Without a reason: the spec's message, on the reasons, and focus goes there.
  await form.getByRole('button', { name: 'Report a problem' }).click();
  await expect(form.getByText('You need to specify a reason')).toBeVisible();
  await expect(form.getByLabel('I did not receive the item')).toBeFocused();

  // By keyboard: the reason, the details, then two photos.
  await form.getByLabel('The item arrived damaged').check();
  await form.getByLabel('Details (optional)').fill('The shell is cracked above the left ear.');
  await form.getByLabel('Photos (optional)').setInputFiles([
    { name: 'crack.png', mimeType: 'image/png', buffer: await png(200) },
    { name: 'box.png', mimeType: 'image/png', buffer: await png(90) },
  ]);
  await expect(form.getByText('Uploaded', { exact: true })).toHaveCount(2, { timeout: 15_000 });
  await expectImagesLoaded(page, '.tx-dispute-form .tx-dispute-photos img', 2);
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/e2e/dispute-form-375.png', fullPage: true });

  await form.getByRole('button', { name: 'Report a problem' }).click();
  await expect(main.getByRole('status').getByText('Problem reported', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  const reported = main.getByRole('region', { name: 'The problem you reported' });
  await expect(reported.getByText('The item arrived damaged')).toBeVisible();
  await expect(reported.getByText('The shell is cracked above the left ear.')).toBeVisible();
  await expect(reported.getByText(/If it has not decided by .+, the order is canceled/)).toBeVisible();
  await expectImagesLoaded(page, '.tx-dispute .tx-dispute-photos img', 2);
  await expectNoSideScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: 'test-results/e2e/dispute-order-375.png', fullPage: true });

  // The seller's sale page, on a phone too.
  await seller.setViewportSize(phone);
  await seller.goto(`/sale/${transactionId}/details`);
  const sale = seller.getByRole('main').getByRole('region', { name: 'The problem the buyer reported' });
  await expect(sale.getByText('The item arrived damaged')).toBeVisible();
  await expect(sale.getByText(/You are not paid while the marketplace looks at the problem/)).toBeVisible();
  await expectImagesLoaded(seller, '.tx-dispute .tx-dispute-photos img', 2);
  await expectNoAxeViolations(seller);
  await seller.context().close();
});
