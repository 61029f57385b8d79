import { expect, type Page, test } from '@playwright/test';
import type { PublicProfile } from '../../shared/api/account';
import { expectNoAxeViolations, searchApi } from './helpers';
import { apiAsUser } from './selling-helpers';

/**
 * The profile's "Contact" (issue 25): a visitor on a demo seller's profile is sent to log in and
 * comes back; by keyboard they open the chooser of her open listings, choose one, write the first
 * message in the listing page's contact modal and land in the conversation. At 375 px the chooser
 * passes axe and Escape gives the focus back. The seller (Claire) and the buyer (Lucas) are demo
 * users no other spec writes to, so the enquiry changes nothing another spec reads.
 */
test.describe.configure({ mode: 'serial' });

const buyer = { email: 'lucas.tremblay@velo.example', password: 'Velo-demo-2026!' };
const sellerName = 'Claire Dubois';
const chosenTitle = 'Thomson Elite setback seatpost – 27.2 x 330';

async function sellerId(page: Page): Promise<string> {
  const [hit] = (await searchApi(page.request, `?keywords=${encodeURIComponent('Thomson Elite setback')}`))
    .data;
  expect(hit?.title).toBe(chosenTitle);
  const response = await page.request.get(`/api/users/${hit?.authorId}`);
  const { data } = (await response.json()) as { data: PublicProfile };
  expect(data.displayName).toBe(sellerName);
  return data.id;
}

async function logInHere(page: Page) {
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const contactButton = (page: Page) =>
  page
    .getByRole('complementary', { name: 'About this user' })
    .getByRole('button', { name: `Contact ${sellerName}` });

test('a visitor logs in from the profile, chooses a listing by keyboard and lands in the conversation', async ({
  page,
}) => {
  const id = await sellerId(page);
  await page.goto(`/u/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: sellerName })).toBeVisible();

  // Signed out: to the login page, and back to the profile after logging in.
  await contactButton(page).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('from') === `/u/${id}`,
  );
  await logInHere(page);
  await expect(page).toHaveURL(`/u/${id}`);
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();

  // By keyboard: Enter opens the chooser with the focus on the first listing.
  await contactButton(page).focus();
  await page.keyboard.press('Enter');
  const chooser = page.getByRole('dialog', { name: `Contact ${sellerName}` });
  await expect(chooser).toBeVisible();
  const options = chooser.getByRole('listitem').getByRole('button');
  await expect(options.first()).toBeFocused();
  expect(await options.count()).toBeGreaterThanOrEqual(3);
  await expect(chooser.getByRole('button', { name: new RegExp(`^${chosenTitle}\\s*\\$`) })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Tab');
  await expect(options.nth(1)).toBeFocused();

  // Choosing a listing opens the listing page's contact modal for it, on the message.
  const option = chooser.getByRole('button', { name: new RegExp(`^${chosenTitle}`) });
  await option.focus();
  await page.keyboard.press('Enter');
  const contact = page.getByRole('dialog', { name: 'Contact the seller' });
  await expect(contact).toBeVisible();
  await expect(chooser).toHaveCount(0);
  await expect(contact.getByText(`Ask ${sellerName} about ${chosenTitle}.`, { exact: false })).toBeVisible();
  await expect(contact.getByLabel('Message')).toBeFocused();
  await expectNoAxeViolations(page);
  const question = 'Bonjour Claire! Is the seatpost clamp included, and does it fit a 27.2 frame?';
  await page.keyboard.type(question);
  await page.keyboard.press('Tab');
  await expect(contact.getByRole('button', { name: 'Send message' })).toBeFocused();
  await page.keyboard.press('Enter');

  // The enquiry on the chosen listing, with the message in it.
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\/details$/, { timeout: 30_000 });
  const main = page.getByRole('main');
  await expect(main.getByRole('status').getByText('Enquiry', { exact: true })).toBeVisible();
  await expect(main.getByText(question)).toBeVisible();
  await expect(main.getByText(chosenTitle).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('at 375 px the chooser passes axe, Escape closes it and your own profile has no Contact', async ({
  page,
}) => {
  const id = await sellerId(page);
  await page.goto('/login');
  await logInHere(page);
  await expect(page.getByRole('banner').getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/u/${id}`);
  await contactButton(page).click();
  const chooser = page.getByRole('dialog', { name: `Contact ${sellerName}` });
  await expect(chooser.getByRole('listitem').first()).toBeVisible();
  // Every listing row fits the phone: nothing wider than the screen.
  const widest = await chooser
    .getByRole('listitem')
    .evaluateAll((items) => Math.max(...items.map((item) => item.getBoundingClientRect().right)));
  expect(widest).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(chooser).toHaveCount(0);
  await expect(contactButton(page)).toBeFocused();

  // Lucas's own profile: "Edit your profile" and no Contact.
  const me = await apiAsUser<{ data: { id: string } }>(page, 'GET', '/me');
  expect(me.status).toBe(200);
  await page.goto(`/u/${me.body.data.id}`);
  const card = page.getByRole('complementary', { name: 'About this user' });
  await expect(card.getByRole('link', { name: 'Edit your profile' })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Contact/ })).toHaveCount(0);
});
