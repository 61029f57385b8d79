import { expect, type Page, test } from '@playwright/test';
import { apiErrors } from '../../shared/errors/catalogue';
import { expectNoAxeViolations, listingApi } from './helpers';
import { expectMail } from './mail-helpers';
import { demoListing, initiateUnpaidOrder } from './order-helpers';
import { signUpNewUser } from './payments-helpers';
import { apiAsUser } from './selling-helpers';

/**
 * Issue 24: an order pending payment (a card authentication abandoned: initiated, never confirmed)
 * offers its buyer "Cancel payment". The buyer reads what to do and by when, confirms, and sees the
 * order as "Payment expired"; the listing's stock comes back, and the mail says they canceled it. On a desktop the order moved on before
 * the click (canceled in another tab): the catalogue's message, and the order reloaded as it is.
 * One order per viewport, each on a demo listing no other spec buys (stock above 1).
 */
test.describe.configure({ mode: 'serial' });

/**
 * A new buyer (no payout prompt), and an order of one `title` for pickup, initiated and never paid;
 * then the page at `viewport` (the sign-up helper waits for the desktop top bar's account menu).
 */
async function pendingOrder(page: Page, title: string, viewport: { width: number; height: number }) {
  const { email } = await signUpNewUser(page, 'Nora', { missingInformationSeen: true });
  await page.setViewportSize(viewport);
  const listing = await demoListing(page, title);
  const initiated = await initiateUnpaidOrder(page, listing.id);
  expect(initiated.status, JSON.stringify(initiated.body)).toBe(201);
  // The reserved item is off the listing while the payment is pending.
  expect((await listingApi(page.request, listing.id)).currentStock).toBe(listing.currentStock - 1);
  return { id: initiated.body.data.transaction.id, listing, email };
}

/** The order page says it waits for the payment, what to do, and by when. */
async function expectPendingPage(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('status').getByText('Pending payment', { exact: true })).toBeVisible();
  await expect(
    main.getByText('Finish it in the checkout if it is still open, or cancel it here.'),
  ).toBeVisible();
  await expect(main.locator('.tx-payment-due')).toContainText(
    /^Complete the payment by .+, or cancel it now/,
  );
  await expect(main.locator('.tx-payment-due time')).toHaveAttribute('datetime', /Z$/);
}

async function expectExpiredAndStockBack(page: Page, listing: { id: string; currentStock: number }) {
  const main = page.getByRole('main');
  await expect(main.getByRole('status').getByText('Payment expired', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(main.getByText('Nothing was charged.', { exact: false })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Cancel payment' })).toHaveCount(0);
  await expect
    .poll(async () => (await listingApi(page.request, listing.id)).currentStock, { timeout: 10_000 })
    .toBe(listing.currentStock);
}

test.describe('phone', () => {
  test('the buyer cancels the payment by keyboard: asked first, progress, then payment expired and the stock back', async ({
    page,
  }) => {
    const { id, listing, email } = await pendingOrder(page, 'Maxxis Assegai 29x2.5 EXO+ 3C MaxxGrip – new', {
      width: 375,
      height: 812,
    });
    await page.goto(`/order/${id}/details`);
    await expectPendingPage(page);
    await expectNoAxeViolations(page);

    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Cancel payment' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await expect(dialog.getByText('You have not been charged.')).toBeVisible();
    // "Keep order" is focused first: Enter by mistake keeps the order.
    await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel payment' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectExpiredAndStockBack(page, listing);
    await expectNoAxeViolations(page);
    // The mail says who ended it, not that the time ran out.
    await expectMail(page.request, email, `Your order was not completed: ${listing.title}`, [
      `You canceled the payment for ${listing.title}, so the order was canceled.`,
      'You have not been charged.',
    ]);
  });
});

test.describe('desktop', () => {
  test("the order moved on before the click: the catalogue's message over the order as it is now", async ({
    page,
  }) => {
    const { id, listing } = await pendingOrder(page, 'Odyssey Path Pro 20x2.4 BMX tires – pair', {
      width: 1280,
      height: 900,
    });
    await page.goto(`/order/${id}/details`);
    await expectPendingPage(page);
    await expectNoAxeViolations(page);

    // Canceled meanwhile elsewhere (another tab): the page still shows the version it loaded.
    const elsewhere = await apiAsUser(page, 'POST', `/transactions/${id}/transition`, {
      transition: 'cancel-payment',
    });
    expect(elsewhere.status).toBe(200);

    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Cancel payment' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel this payment?' })
      .getByRole('button', { name: 'Cancel payment' })
      .click();
    const refusal = main
      .getByRole('alert')
      .filter({ hasText: apiErrors['transaction-invalid-transition'].title });
    await expect(refusal).toBeVisible({ timeout: 15_000 });
    await expect(refusal).toBeFocused();
    await expectExpiredAndStockBack(page, listing);
    await expectNoAxeViolations(page);
  });
});
