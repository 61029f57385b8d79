import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { payoutCurrencyNote } from '../../shared/config/marketplace';
import { messages } from '../../shared/errors/catalogue';
import { NEW_LISTING_ID } from '../../shared/listings';
import { listingMessages, moneyInputMessages } from '../../shared/validation/messages';
import { expectNoAxeViolations, searchApi } from './helpers';
import { signUpNewUser } from './payments-helpers';
import { wizardNext } from './selling-helpers';

/**
 * The edit-listing wizard (§2, §5): a new seller opens /l/new, meets every tab's checks (exact
 * messages, focus on the first invalid field), fills the details, pricing, delivery, features and
 * policies of a draft, and finds them again after a reload. Each tab passes axe at desktop width
 * and at 375 px. Publishing is the photos tab's (another spec).
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field's accessible description holds `message` (hints come first). */
async function expectMessage(field: Locator, message: string) {
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

/** The first invalid field after a submit: it has the focus and says `message`. */
async function expectFirstInvalid(field: Locator, message: string) {
  await expect(field).toBeFocused();
  await expectMessage(field, message);
}

const signUp = (page: Page) => signUpNewUser(page, 'Sam', { missingInformationSeen: true });

/** axe at desktop width and at 375 px. */
async function expectAccessibleAtBothWidths(page: Page) {
  await expectNoAxeViolations(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoAxeViolations(page);
  if (size) await page.setViewportSize(size);
}

const steps = (page: Page) => page.getByRole('navigation', { name: 'Listing steps' });
const next = wizardNext;
const tabHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

test('a new seller fills the wizard tab by tab, with checks on each, and resumes the draft', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);

  // /l/new opens the details tab of a new listing; the other tabs wait for the draft.
  await page.goto('/l/new');
  await expect(page).toHaveURL(new RegExp(`/l/draft/${NEW_LISTING_ID}/new/details$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Create a listing' })).toBeVisible();
  await expect(tabHeading(page, 'Details')).toBeVisible();
  await expect(steps(page).getByRole('link')).toHaveCount(1);
  await expect(steps(page).getByText('Pricing')).toHaveAttribute('aria-disabled', 'true');
  await expectAccessibleAtBothWidths(page);

  // Details: every required field says what is missing; the first gets focus.
  await next(page);
  const title = page.getByLabel('Listing title');
  await expectFirstInvalid(title, listingMessages.titleRequired);
  await expectMessage(page.getByLabel('Description'), listingMessages.descriptionRequired);
  await expectMessage(page.getByLabel('Category'), listingMessages.categoryRequired);
  await expectMessage(page.getByLabel('Brand', { exact: true }), listingMessages.brandRequired);
  await expectMessage(page.getByLabel('Size', { exact: true }), listingMessages.sizeRequired);
  await expectMessage(page.getByLabel('Condition'), listingMessages.conditionRequired);
  await expect(page).toHaveURL(/\/new\/details$/);

  const listingTitle = `Wizard road bike ${randomUUID().slice(0, 6)}`;
  await title.fill(listingTitle);
  await page.getByLabel('Description').fill('Light aluminium road bike, serviced in spring.');
  // A category without bike fields shows none; a complete bike shows them all.
  await page.getByLabel('Category').selectOption({ label: 'Jerseys' });
  await expect(page.getByLabel('Groupset (optional)')).toHaveCount(0);
  await page.getByLabel('Category').selectOption({ label: 'Road bikes' });
  await page.getByLabel('Brand', { exact: true }).fill('Cannondale');
  await page.getByLabel('Size', { exact: true }).selectOption({ label: 'M' });
  await page.getByLabel('Condition').selectOption({ label: 'Used - good condition' });
  await page.getByLabel('Model year (optional)').fill('nineteen');
  await page.getByLabel('Groupset (optional)').fill('Shimano 105');
  await page.getByLabel('Frame size (optional)').selectOption({ label: 'M' });
  await page.getByLabel('Wheel size (optional)').selectOption({ label: '700c' });
  await next(page);
  await expectFirstInvalid(page.getByLabel('Model year (optional)'), listingMessages.yearInvalid);
  await page.getByLabel('Model year (optional)').fill('2019');
  await expectAccessibleAtBothWidths(page);
  await next(page);

  // The first save made the draft: the address is now the draft's pricing tab.
  await expect(page).toHaveURL(/\/l\/wizard-road-bike-[^/]+\/[0-9a-f-]{36}\/draft\/pricing$/);
  const draftBase = page.url().replace(/\/pricing$/, '');
  await expect(tabHeading(page, 'Pricing')).toBeVisible();
  await expect(steps(page).getByRole('link', { name: /Details/ })).toBeVisible();
  await expect(steps(page).getByText('Delivery')).toHaveAttribute('aria-disabled', 'true');

  // Pricing: the money input's rules and the required messages.
  const price = page.getByLabel('Price (USD)');
  await expect(page.getByText(payoutCurrencyNote)).toBeVisible();
  const stock = page.getByLabel('Stock');
  for (const [text, message] of [
    ['-5', moneyInputMessages.negative],
    ['abc', moneyInputMessages.invalid],
    ['12.3456', moneyInputMessages.notDivisible(2)],
    ['1.200', moneyInputMessages.thousandsSeparator],
    ['100000.01', listingMessages.priceTooHigh('$100,000')],
    ['', listingMessages.priceRequired],
  ] as const) {
    await price.fill(text);
    await next(page);
    await expectFirstInvalid(price, message);
    await expect(price).toHaveValue(text);
  }
  await price.fill('1249,99');
  await stock.fill('');
  await next(page);
  await expectFirstInvalid(stock, listingMessages.stockRequired);
  await stock.fill('2');
  await expectAccessibleAtBothWidths(page);
  await next(page);

  // Delivery: a method is needed; shipping needs its fees.
  await expect(page).toHaveURL(`${draftBase}/delivery`);
  await expect(tabHeading(page, 'Delivery')).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  await next(page);
  const pickup = page.getByLabel('Buyers can pick the item up');
  await expectFirstInvalid(pickup, listingMessages.deliveryMethodNotChosen);

  await page.getByLabel('I can ship the item').check();
  await next(page);
  const oneItem = page.getByLabel('Shipping fee for one item (USD)');
  const additional = page.getByLabel('Shipping fee for each additional item (USD)');
  await expectFirstInvalid(oneItem, listingMessages.shippingOneItemRequired);
  await expectMessage(additional, listingMessages.shippingAdditionalItemsRequired);
  await oneItem.fill('25');
  await additional.fill('-3');
  await next(page);
  await expectFirstInvalid(additional, moneyInputMessages.negative);
  await additional.fill('10,50');
  await pickup.check();
  await next(page);

  // Location: a place picked from the list; with pickup on, the street too.
  await expect(page).toHaveURL(`${draftBase}/location`);
  const address = page.getByRole('combobox', { name: 'City or town' });
  await next(page);
  await expectFirstInvalid(address, listingMessages.locationRequired);
  await address.fill('Toront');
  await expect(page.getByRole('option', { name: 'Toronto, Ontario, Canada' })).toBeVisible();
  await next(page);
  await expectFirstInvalid(address, listingMessages.locationNotRecognized);
  // Keyboard only: Down to the first place, Enter picks it (and does not submit the form).
  await address.fill('Toronto');
  await expect(page.getByRole('option', { name: 'Toronto, Ontario, Canada' })).toBeVisible();
  await address.press('ArrowDown');
  await address.press('Enter');
  await expect(page).toHaveURL(`${draftBase}/location`);
  await expect(address).toHaveValue('Toronto, Ontario, Canada');
  await page.getByLabel('Street and building for pickup (optional)').fill('12 King St W, unit 3');
  await expectAccessibleAtBothWidths(page);
  await next(page);

  // Features.
  await expect(page).toHaveURL(`${draftBase}/features`);
  await expect(page.getByRole('group', { name: 'Features' })).toBeVisible();
  await page.getByLabel('Disc brakes').check();
  await page.getByLabel('Original receipt').check();
  await expectAccessibleAtBothWidths(page);
  await next(page);

  // Policies.
  await expect(page).toHaveURL(`${draftBase}/policies`);
  await page.getByLabel('Rules (optional)').fill('Cash on pickup. Test rides with ID.');
  await page.getByLabel('Disclaimer (optional)').fill('Small scratch on the top tube.');
  await expectAccessibleAtBothWidths(page);
  await next(page);
  await expect(page).toHaveURL(`${draftBase}/photos`);

  // Resumable: after a reload every tab shows what was saved, and every saved tab can be opened.
  await page.goto(`${draftBase}/details`);
  await expect(page.getByLabel('Listing title')).toHaveValue(listingTitle);
  await expect(page.getByLabel('Category')).toHaveValue('roadBikes');
  await expect(page.getByLabel('Condition')).toHaveValue('usedGoodCondition');
  await expect(page.getByLabel('Model year (optional)')).toHaveValue('2019');
  await expect(page.getByLabel('Groupset (optional)')).toHaveValue('Shimano 105');
  await expect(page.getByLabel('Wheel size (optional)')).toHaveValue('700c');
  for (const name of ['Pricing', 'Delivery', 'Location', 'Features', 'Policies', 'Photos']) {
    await expect(steps(page).getByRole('link', { name: new RegExp(name) })).toBeVisible();
  }

  await steps(page)
    .getByRole('link', { name: /Pricing/ })
    .click();
  await expect(page.getByLabel('Price (USD)')).toHaveValue('1249.99');
  await expect(page.getByLabel('Stock')).toHaveValue('2');

  await page.goto(`${draftBase}/delivery`);
  await expect(page.getByLabel('Buyers can pick the item up')).toBeChecked();
  await expect(page.getByLabel('I can ship the item')).toBeChecked();
  await expect(page.getByLabel('Shipping fee for one item (USD)')).toHaveValue('25');
  await expect(page.getByLabel('Shipping fee for each additional item (USD)')).toHaveValue('10.50');
  await page.goto(`${draftBase}/location`);
  await expect(page.getByRole('combobox', { name: 'City or town' })).toHaveValue('Toronto, Ontario, Canada');
  await expect(page.getByLabel('Street and building for pickup (optional)')).toHaveValue(
    '12 King St W, unit 3',
  );

  await steps(page)
    .getByRole('link', { name: /Features/ })
    .click();
  await expect(page.getByLabel('Disc brakes')).toBeChecked();
  await expect(page.getByLabel('Original receipt')).toBeChecked();
  await expect(page.getByLabel('Tubeless ready')).not.toBeChecked();

  await steps(page)
    .getByRole('link', { name: /Policies/ })
    .click();
  await expect(page.getByLabel('Rules (optional)')).toHaveValue('Cash on pickup. Test rides with ID.');
  await expect(page.getByLabel('Disclaimer (optional)')).toHaveValue('Small scratch on the top tube.');

  // Stock is a compare-and-set: a second window that still shows the old stock is told it is out of
  // sync and gets the current stock, then can save.
  const other = await page.context().newPage();
  await other.goto(`${draftBase}/pricing`);
  await expect(other.getByLabel('Stock')).toHaveValue('2');
  await page.goto(`${draftBase}/pricing`);
  await page.getByLabel('Stock').fill('3');
  await next(page);
  await expect(page).toHaveURL(`${draftBase}/delivery`);
  await other.getByLabel('Stock').fill('5');
  await next(other);
  await expect(other.getByRole('alert').filter({ hasText: messages.stockOutOfSync })).toBeVisible();
  await expect(other.getByLabel('Stock')).toHaveValue('3');
  await expect(other).toHaveURL(`${draftBase}/pricing`);
  await other.getByLabel('Stock').fill('5');
  await next(other);
  await expect(other).toHaveURL(`${draftBase}/delivery`);
  await other.close();

  // Editing: every tab is open, the button saves and the page stays on the tab.
  const editBase = draftBase.replace(/\/draft$/, '/edit');
  await page.goto(`${editBase}/policies`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit listing' })).toBeVisible();
  await expect(steps(page).getByRole('link')).toHaveCount(7);
  await page.getByLabel('Rules (optional)').fill('Cash only.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes have been saved.')).toBeVisible();
  await expect(page).toHaveURL(`${editBase}/policies`);
  await page.reload();
  await expect(page.getByLabel('Rules (optional)')).toHaveValue('Cash only.');
  await page.goto(`${editBase}/pricing`);
  await expect(page.getByLabel('Stock')).toHaveValue('5');

  // An unknown tab or type is not found.
  await page.goto(`${draftBase}/availability-calendar`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto(draftBase.replace(/\/draft$/, '/preview/details'));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('someone else’s or a missing listing is not available; a new listing opens only its details', async ({
  page,
  request,
}) => {
  await signUp(page);
  await page.goto('/l/some-bike/11111111-2222-4333-8444-555555555555/edit/details');
  await expect(page.getByRole('heading', { level: 1, name: 'Listing not available' })).toBeVisible();
  await expectNoAxeViolations(page);
  // A published listing of someone else (a demo seller's) cannot be edited either.
  const [published] = (await searchApi(request)).data;
  expect(published).toBeDefined();
  await page.goto(`/l/${published!.slug}/${published!.id}/edit/details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Listing not available' })).toBeVisible();
  await page.goto(`/l/draft/${NEW_LISTING_ID}/new/pricing`);
  await expect(page).toHaveURL(new RegExp(`/l/draft/${NEW_LISTING_ID}/new/details$`));
});
