import { expect, type Page, test } from '@playwright/test';
import { cardErrorCodeMessages } from '../../shared/errors/card-errors';
import { expectNoAxeViolations } from './helpers';
import { signUpNewUser } from './payments-helpers';

/**
 * Payment methods against the local cloud with the simulated card provider: a new buyer
 * saves the success test card, sees it, replaces it with a Mastercard, deletes it through the
 * confirmation modal; a declined card shows the spec's message and keeps what was typed.
 */

async function fillCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry month (MM)').fill('04');
  await form.getByLabel('Expiry year (YYYY)').fill(String(new Date().getUTCFullYear() + 3));
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Postal code (optional)').fill('94110');
  return form;
}

test('a buyer saves a card, replaces it and deletes it', async ({ page }) => {
  await signUpNewUser(page);
  await page.goto('/account/payment-methods');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No saved card' })).toBeVisible();
  await expectNoAxeViolations(page);

  const form = await fillCard(page, '4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Save card' }).click();
  const saved = page.getByRole('region', { name: 'Your saved card' });
  await expect(saved.getByText('Visa •••• 4242', { exact: true })).toBeVisible();
  await expect(saved.getByRole('img', { name: 'Visa' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Keep Visa •••• 4242 as the default/ })).toBeChecked();
  await expectNoAxeViolations(page);

  // Replace it with a Mastercard.
  await page.getByRole('radio', { name: 'Replace the card' }).check();
  const replace = await fillCard(page, '5555 5555 5555 4444');
  await replace.getByRole('button', { name: 'Save new card' }).click();
  await expect(saved.getByText('Mastercard •••• 4444', { exact: true })).toBeVisible();
  await expect(saved.getByRole('img', { name: 'Mastercard' })).toBeVisible();

  // It is kept: a reload shows it from the current user.
  await page.reload();
  await expect(page.getByText('Mastercard •••• 4444', { exact: true })).toBeVisible();

  // Delete through the confirmation modal: Cancel keeps it, Delete card removes it.
  await page.getByRole('button', { name: 'Delete card' }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete the saved card?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Mastercard •••• 4444', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete card' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete the saved card?' });
  await dialog.getByRole('button', { name: 'Delete card' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No saved card' })).toBeVisible();
  await expect(page.getByText('Mastercard •••• 4444')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No saved card' })).toBeVisible();
});

test('a declined card shows the spec message and keeps what was typed', async ({ page }) => {
  await signUpNewUser(page, 'Dana');
  await page.goto('/account/payment-methods');
  const form = await fillCard(page, '4000 0000 0000 0002');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(form.getByRole('alert')).toHaveText(cardErrorCodeMessages.card_declined);
  await expect(form.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await expect(form.getByLabel('CVC')).toHaveValue('123');
  await expect(form.getByLabel('Postal code (optional)')).toHaveValue('94110');
  await expectNoAxeViolations(page);

  // The same form then saves a good card.
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText('Visa •••• 4242', { exact: true })).toBeVisible();
});
