import { expect, test } from '@playwright/test';
import { verifyEmailToMessage } from '../../shared/config/verified-email';
import { expectNoAxeViolations } from './helpers';
import { codeFor } from './mail-helpers';
import { demoListing } from './order-helpers';
import { signUpNewUser } from './payments-helpers';

// Issue 25: an account whose address is not verified may not start an enquiry. The listing page
// says why and links to the verification page instead of "Contact the seller"; once verified, the
// contact action is there.
test('an unverified buyer gets why and the verification link instead of the contact form, at 375 px', async ({
  page,
}) => {
  const listing = await demoListing(page, 'SRAM XX1 Eagle AXS rear derailleur');
  const { email } = await signUpNewUser(page, 'Vic');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/l/${listing.slug}/${listing.id}`);
  const main = page.getByRole('main');
  await expect(main.getByText(verifyEmailToMessage)).toBeVisible();
  await expect(main.getByRole('button', { name: 'Contact the seller' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // By keyboard: the link goes to the verification page.
  const link = main.getByRole('link', { name: 'Verify your e-mail address' });
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByLabel('Verification code').fill(await codeFor(page.request, email, new Set()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();

  await page.goto(`/l/${listing.slug}/${listing.id}`);
  await expect(main.getByRole('button', { name: 'Contact the seller' })).toBeVisible();
  await expect(main.getByText(verifyEmailToMessage)).toHaveCount(0);
});
