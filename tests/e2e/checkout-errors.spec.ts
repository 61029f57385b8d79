import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { OwnListing } from '../../shared/api/types';
import { cardErrorCodeMessages } from '../../shared/errors/card-errors';
import { addressMessages } from '../../shared/validation/messages';
import { expectNoAxeViolations } from './helpers';
import { signUpNewUser } from './payments-helpers';
import {
  apiAsUser,
  completePayoutOnboardingFromPhotosTab,
  openLiveListing,
  testPhotoFiles,
} from './selling-helpers';

/**
 * The checkout's failures (§5 and §8), on a listing of its own (no demo stock is bought):
 * a new seller lists a shipped-only bike and publishes it after the simulated payout onboarding;
 * a new buyer sends the checkout empty (the required-field messages, the focus on the first invalid
 * field, no axe violations), pays with the declined test card (the card-declined message, the
 * typed address and message kept), then with the 4242 card on the same page (the order page).
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

/** A new seller's published listing: shipping only, stock 1, one photo. */
async function publishedListingOfNewSeller(browser: Browser): Promise<{ id: string; slug: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = await testPhotoFiles();
  await signUpNewUser(page, 'Sol');
  const marker = `ce${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;
  const draftBody = {
    description: 'Aluminium road bike, Shimano 105, shipped in a bike box.',
    category: 'roadBikes',
    brand: 'Cannondale',
    size: 'm',
    condition: 'usedGoodCondition',
    price: { amount: 80_000, currency: 'USD' },
    pickupEnabled: false,
    shippingEnabled: true,
    shippingFee: {
      oneItem: { amount: 4_000, currency: 'USD' },
      additionalItems: { amount: 1_000, currency: 'USD' },
    },
    location: { address: '100 Queen St W, Toronto', city: 'Toronto', region: 'ON', country: 'CA' },
    geolocation: { lat: 43.6532, lng: -79.3832 },
    // The optional policies tab, saved: the wizard opens every step up to the photos.
    rules: 'Shipped within two days.',
  };
  const created = await apiAsUser<{ data: OwnListing }>(page, 'POST', '/own-listings', {
    ...draftBody,
    title: `Cannondale CAAD10 ${marker}`,
  });
  expect(created.status).toBe(201);
  const { id, slug } = created.body.data;

  await page.goto(`/l/${slug}/${id}/draft/photos`);
  await page.getByLabel('Add photos').setInputFiles(files.red);
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(page.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish listing' }).click();
  await completePayoutOnboardingFromPhotosTab(page);
  await openLiveListing(page);
  await expect(page).toHaveURL(new RegExp(`/l/[^/]+/${id}$`), { timeout: 30_000 });
  const published = await apiAsUser<{ data: OwnListing }>(page, 'GET', `/own-listings/${id}`);
  expect(published.body.data).toMatchObject({ state: 'published', currentStock: 1 });

  // A dear one of the same seller (payouts ready now): $12,000, more than PayPal takes.
  const dearDraft = await apiAsUser<{ data: OwnListing }>(page, 'POST', '/own-listings', {
    ...draftBody,
    title: `Custom titanium frame ${marker}`,
    price: { amount: 1_200_000, currency: 'USD' },
  });
  expect(dearDraft.status).toBe(201);
  await page.goto(`/l/${dearDraft.body.data.slug}/${dearDraft.body.data.id}/draft/photos`);
  await page.getByLabel('Add photos').setInputFiles(files.red);
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(page.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish listing' }).click();
  await openLiveListing(page);
  await expect(page).toHaveURL(new RegExp(`/l/[^/]+/${dearDraft.body.data.id}$`), { timeout: 30_000 });
  dear = { id: dearDraft.body.data.id, slug: dearDraft.body.data.slug };
  await context.close();
  return { id, slug: published.body.data.slug };
}

let dear: { id: string; slug: string };

let listing: { id: string; slug: string };

test.beforeAll(async ({ browser }) => {
  listing = await publishedListingOfNewSeller(browser);
});

/** The listing page's order panel → the checkout (one delivery method: nothing to choose). */
async function openCheckout(page: Page) {
  await page.goto(`/l/${listing.slug}/${listing.id}`);
  const panel = page.getByRole('region', { name: 'Buy this item' });
  await panel.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Delivery method:')).toBeVisible();
  await expect(page.getByLabel('Quantity')).toHaveCount(0);
  await expect(page.getByRole('complementary').getByText(/Total/).first()).toBeVisible();
}

const shippingGroup = (page: Page) => page.getByRole('group', { name: 'Shipping address' });
const billingGroup = (page: Page) => page.getByRole('group', { name: 'Billing address' });
const cardGroup = (page: Page) => page.getByRole('group', { name: 'New card' });

/** The message linked to a field (aria-describedby), as a screen reader announces it. */
async function expectFieldMessage(field: ReturnType<Page['getByLabel']>, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

test('sending the checkout empty shows the required-field messages and focuses the first invalid field', async ({
  page,
}) => {
  await signUpNewUser(page, 'Cora', { missingInformationSeen: true });
  await openCheckout(page);
  const shipping = shippingGroup(page);
  // The buyer's name comes prefilled as the recipient and the card holder: emptied, all is empty.
  await expect(shipping.getByLabel('Recipient name')).toHaveValue('Cora Cyclist');
  await expect(page.getByLabel("Card holder's name")).toHaveValue('Cora Cyclist');
  // The billing address is the shipping one at first; unchecked, it is asked too.
  const sameAsShipping = page.getByLabel('Billing address same as shipping');
  await expect(sameAsShipping).toBeChecked();
  await expect(billingGroup(page)).toHaveCount(0);
  await sameAsShipping.uncheck();
  await shipping.getByLabel('Recipient name').clear();
  await page.getByLabel("Card holder's name").clear();

  await page.getByRole('button', { name: 'Confirm and pay' }).click();

  await expect(shipping.getByLabel('Recipient name')).toBeFocused();
  await expectFieldMessage(shipping.getByLabel('Recipient name'), addressMessages.recipientNameRequired);
  await expectFieldMessage(shipping.getByLabel('Street address'), addressMessages.addressLine1Required);
  await expectFieldMessage(shipping.getByLabel('Postal code'), addressMessages.postalCodeRequired);
  await expectFieldMessage(shipping.getByLabel('City'), addressMessages.cityRequired);
  await expectFieldMessage(shipping.getByLabel('Country'), addressMessages.countryRequired);
  // Optional fields stay quiet.
  await expect(shipping.getByLabel('Apartment, suite, etc. (optional)')).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(shipping.getByLabel('Phone number (optional)')).not.toHaveAttribute('aria-invalid', 'true');

  const card = cardGroup(page);
  await expectFieldMessage(card.getByLabel('Card number'), 'Enter the card number.');
  await expectFieldMessage(card.getByLabel('Expiry month (MM)'), 'Enter the expiry month.');
  await expectFieldMessage(card.getByLabel('Expiry year (YYYY)'), 'Enter the expiry year.');
  await expectFieldMessage(card.getByLabel('CVC'), 'Enter the security code.');
  await expectFieldMessage(page.getByLabel("Card holder's name"), addressMessages.cardHolderNameRequired);

  const billing = billingGroup(page);
  await expectFieldMessage(billing.getByLabel('Street address'), addressMessages.addressLine1Required);
  await expectFieldMessage(billing.getByLabel('Postal code'), addressMessages.postalCodeRequired);
  await expectFieldMessage(billing.getByLabel('City'), addressMessages.cityRequired);
  await expectFieldMessage(billing.getByLabel('Country'), addressMessages.countryRequired);
  await expect(page.getByLabel('Message (optional)')).not.toHaveAttribute('aria-invalid', 'true');

  // Nothing was sent: no order, no progress.
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByRole('alert').filter({ hasText: cardErrorCodeMessages.card_declined })).toHaveCount(
    0,
  );

  // The messages with the page: no axe violations.
  await expectNoAxeViolations(page);

  // Fixing the first field moves the focus on to the next invalid one on the next send.
  await shipping.getByLabel('Recipient name').fill('Cora Cyclist');
  await expect(shipping.getByLabel('Recipient name')).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await expect(shipping.getByLabel('Street address')).toBeFocused();
});

test('a declined card shows the card-declined message and keeps what was typed; the 4242 card then pays', async ({
  page,
}) => {
  await signUpNewUser(page, 'Dev', { missingInformationSeen: true });
  await openCheckout(page);

  const shipping = shippingGroup(page);
  await shipping.getByLabel('Recipient name').fill('Dev Cyclist');
  await shipping.getByLabel('Street address').fill('1200 Marine Drive');
  await shipping.getByLabel('Apartment, suite, etc. (optional)').fill('Unit 4');
  await shipping.getByLabel('Postal code').fill('V7P 1T2');
  await shipping.getByLabel('City').fill('North Vancouver');
  await shipping.getByLabel('Country').selectOption('CA');
  await shipping.getByLabel('Phone number (optional)').fill('604 555 0199');
  const message = 'Hello! Could you ship it in the original box?';
  await page.getByLabel('Message (optional)').fill(message);

  const card = cardGroup(page);
  await card.getByLabel('Card number').fill('4000 0000 0000 0002');
  await card.getByLabel('Expiry month (MM)').fill('12');
  await card.getByLabel('Expiry year (YYYY)').fill(String(new Date().getFullYear() + 2));
  await card.getByLabel('CVC').fill('123');
  await page.getByLabel("Card holder's name").fill('Dev Cyclist');
  // The billing address stays "same as shipping": nothing more to type.
  await expect(page.getByLabel('Billing address same as shipping')).toBeChecked();

  const pay = page.getByRole('button', { name: 'Confirm and pay' });
  await pay.click();
  const declined = page.getByRole('alert').filter({ hasText: cardErrorCodeMessages.card_declined });
  await expect(declined).toBeVisible({ timeout: 30_000 });
  await expect(declined).toHaveText(cardErrorCodeMessages.card_declined);
  await expect(page).toHaveURL(/\/checkout\?/);

  // Everything typed is still there.
  await expect(shipping.getByLabel('Recipient name')).toHaveValue('Dev Cyclist');
  await expect(shipping.getByLabel('Street address')).toHaveValue('1200 Marine Drive');
  await expect(shipping.getByLabel('Apartment, suite, etc. (optional)')).toHaveValue('Unit 4');
  await expect(shipping.getByLabel('Postal code')).toHaveValue('V7P 1T2');
  await expect(shipping.getByLabel('City')).toHaveValue('North Vancouver');
  await expect(shipping.getByLabel('Country')).toHaveValue('CA');
  await expect(shipping.getByLabel('Phone number (optional)')).toHaveValue('604 555 0199');
  await expect(page.getByLabel('Message (optional)')).toHaveValue(message);
  await expect(page.getByLabel("Card holder's name")).toHaveValue('Dev Cyclist');
  await expect(card.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expectNoAxeViolations(page);

  // The working test card, on the same page.
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/details$/, { timeout: 30_000 });
  const main = page.getByRole('main');
  await expect(main.getByText('Waiting for the seller to ship').first()).toBeVisible();
  await expect(main.getByText(message)).toBeVisible();

  // The order's address is kept on the profile: the contact details page shows it (and edits it)...
  await page.goto('/account/contact-details');
  const saved = page.getByRole('form', { name: 'Shipping address' });
  await expect(saved.getByLabel('Street address')).toHaveValue('1200 Marine Drive');
  await expect(saved.getByLabel('Country')).toHaveValue('CA');
  await expectNoAxeViolations(page);

  // ...and the next checkout starts from it, on a phone: the item, its photo and total first.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/l/${dear.slug}/${dear.id}/checkout`);
  const next = shippingGroup(page);
  await expect(next.getByLabel('Recipient name')).toHaveValue('Dev Cyclist');
  await expect(next.getByLabel('Street address')).toHaveValue('1200 Marine Drive');
  await expect(next.getByLabel('Apartment, suite, etc. (optional)')).toHaveValue('Unit 4');
  await expect(next.getByLabel('City')).toHaveValue('North Vancouver');
  await expect(next.getByLabel('Country')).toHaveValue('CA');
  await expect(page.getByLabel('Billing address same as shipping')).toBeChecked();
  const summary = page.getByRole('complementary');
  await expect(summary.getByText('Total price')).toBeVisible();
  const summaryBox = await summary.boundingBox();
  const formBox = await page.getByRole('heading', { name: 'Your order' }).boundingBox();
  expect(summaryBox!.y + summaryBox!.height).toBeLessThan(formBox!.y);
  await expect(summary.locator('img')).toBeVisible();
  await expect(page.locator('.checkout-pay-row')).toContainText('Total $12,');
  await expect(page.getByRole('heading', { name: 'How you are protected' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a total above PayPal's maximum is paid by card, and the checkout says why in one line", async ({
  page,
}) => {
  await signUpNewUser(page, 'Tia', { missingInformationSeen: true });
  await page.goto(`/l/${dear.slug}/${dear.id}`);
  await page.getByRole('region', { name: 'Buy this item' }).getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(
    page.getByText('PayPal takes at most $10,000 in one payment, so this order is paid by card.'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('radio', { name: 'PayPal' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Confirm and pay' })).toBeEnabled();
  await expect(cardGroup(page).getByLabel('Card number')).toBeVisible();
  await expectNoAxeViolations(page);
});
