import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { apiErrors } from '../../shared/errors/catalogue';
import { expectNoAxeViolations, searchApi } from './helpers';
import { codeFor } from './mail-helpers';

/**
 * Issue 25, "No one can make us mail others without limit", as a buyer meets it on a phone: a
 * second "Contact" on the same listing goes into the open enquiry, and the day's eleventh enquiry
 * is refused in the contact modal with the spec's too-many-requests message, the text kept.
 */
test.use({ viewport: { width: 375, height: 812 } });

const password = 'Limits-pass-2026';

async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)!;
      if (key.endsWith('.accessToken')) return localStorage.getItem(key);
    }
    return null;
  });
  expect(token).toBeTruthy();
  return token!;
}

async function contact(page: Page, listing: { slug: string; id: string }, text: string) {
  await page.goto(`/l/${listing.slug}/${listing.id}`);
  await page.getByRole('button', { name: 'Contact the seller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact the seller' });
  await dialog.getByLabel('Message').fill(text);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  return dialog;
}

test('a second Contact goes into the open enquiry; the eleventh enquiry of the day is refused, its text kept', async ({
  page,
  request,
}) => {
  const email = `limits-${randomUUID().slice(0, 8)}@test.example`;
  const signup = await request.post('/api/auth/signup', {
    data: { email, password, firstName: 'Lima', lastName: 'Buyer' },
  });
  expect(signup.status()).toBe(201);
  // On a phone the account menu is behind the menu button: wait for the page after the login.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // A verified buyer, as only they may enquire (issue 25): the sign-up's code from the dev outbox.
  const token = await accessToken(page);
  const verified = await request.post('/api/auth/verify-email', {
    headers: { authorization: `Bearer ${token}` },
    data: { verificationToken: await codeFor(request, email, new Set()) },
  });
  expect(verified.status()).toBe(200);
  const listings = (await searchApi(request, '?perPage=24')).data;
  expect(listings.length).toBeGreaterThanOrEqual(11);

  await contact(page, listings[0]!, 'Is it still available?');
  await expect(page).toHaveURL(/\/order\/[^/]+\/details$/);
  const conversation = page.url();
  await contact(page, listings[0]!, 'Can I pick it up on Saturday?');
  await expect(page).toHaveURL(conversation);
  await expect(page.getByText('Can I pick it up on Saturday?')).toBeVisible();
  await expect(page.getByText('Is it still available?').first()).toBeVisible();

  // Nine more enquiries today, as the API sees them.
  for (const listing of listings.slice(1, 10)) {
    const answer = await request.post('/api/transactions', {
      headers: { authorization: `Bearer ${token}` },
      data: { transition: 'enquire', params: { listingId: listing.id } },
    });
    expect(answer.status()).toBe(201);
  }

  const dialog = await contact(page, listings[10]!, 'Eleventh question of the day');
  await expect(dialog.getByRole('alert')).toHaveText(apiErrors['too-many-requests'].title);
  await expect(dialog.getByLabel('Message')).toHaveValue('Eleventh question of the day');
  await expect(page).toHaveURL(new RegExp(listings[10]!.id));
  await expectNoAxeViolations(page);
});
