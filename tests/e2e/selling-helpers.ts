import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';

/** What the selling specs share: the wizard's Next button, photo files, the API as the page's user, payout onboarding. */

export const wizardNextButton = (page: Page) => page.getByRole('button', { name: 'Next' });

/**
 * Submits the tab with its Next button. The button takes the focus first: leaving a field shows its
 * message, which moves the button down, and a click started before that move would miss it.
 */
export async function wizardNext(page: Page) {
  await wizardNextButton(page).focus();
  await wizardNextButton(page).click();
}

/** Small real images (JPEG, PNG, GIF) and two files that are not images, in a temporary folder. */
export async function testPhotoFiles() {
  const directory = mkdtempSync(join(tmpdir(), 'velo-photos-'));
  const solid = (width: number, height: number, r: number, g: number, b: number) =>
    sharp({ create: { width, height, channels: 3, background: { r, g, b } } });
  const files = {
    red: join(directory, 'red-frame.jpg'),
    blue: join(directory, 'blue-wheels.png'),
    green: join(directory, 'green-saddle.gif'),
    notes: join(directory, 'notes.txt'),
    fake: join(directory, 'not-really.png'),
  };
  await solid(640, 480, 200, 30, 30).jpeg().toFile(files.red);
  await solid(360, 540, 30, 60, 200).png().toFile(files.blue);
  await solid(300, 300, 30, 160, 60).gif().toFile(files.green);
  writeFileSync(files.notes, 'Frame size 56, serviced last spring.\n');
  writeFileSync(files.fake, 'This is text, not a PNG.\n'.repeat(20));
  return files;
}

/**
 * A draft's body with every field publishing needs but the photos (POST /api/own-listings): a road
 * bike in Berlin, picked up from the seller's street or shipped.
 */
export const publishableListing = {
  description: 'Steel endurance frame, 105 groupset, new tyres. Collect in Prenzlauer Berg or I ship.',
  category: 'roadBikes',
  brand: 'Canyon',
  size: 'm',
  condition: 'usedGoodCondition',
  price: { amount: 120_000, currency: 'USD' },
  pickupEnabled: true,
  shippingEnabled: true,
  shippingFee: {
    oneItem: { amount: 4_000, currency: 'USD' },
    additionalItems: { amount: 2_000, currency: 'USD' },
  },
  location: {
    address: 'Berlin, Germany',
    building: 'Kastanienallee 12, Hinterhaus',
    city: 'Berlin',
    region: 'Berlin',
    country: 'DE',
  },
  geolocation: { lat: 52.5387, lng: 13.4101 },
  // Rules pass the optional features and policies tabs of the wizard.
  rules: 'Pickup on weekday evenings or Saturdays. Test rides welcome.',
};

export interface Answer<T> {
  status: number;
  body: T;
}

/** Calls the API from the page with the signed-in user's access token (Amplify keeps it in localStorage). */
export function apiAsUser<T>(page: Page, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find(
        (name) => name.startsWith('CognitoIdentityServiceProvider.') && name.endsWith('.accessToken'),
      );
      const headers: Record<string, string> = {
        authorization: `Bearer ${key ? localStorage.getItem(key) : ''}`,
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`/api${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/**
 * Publishing without payout details shows the payout form in the photos tab: Canadian bank details,
 * then the simulated provider's hosted verification, which sends the seller back to the tab.
 */
export async function completePayoutOnboardingFromPhotosTab(page: Page) {
  await expect(page.getByRole('heading', { name: 'Add your payout details' })).toBeVisible();
  await page.getByLabel('Individual').check();
  await page.getByLabel('Country').selectOption('CA');
  await page.getByLabel('Transit number').fill('11000');
  await page.getByLabel('Institution number').fill('000');
  await page.getByLabel('Bank account number').fill('000123456789');
  const save = page.getByRole('button', { name: 'Save details' });
  await expect(save).toBeEnabled({ timeout: 15_000 });
  await save.click();
  await page.getByRole('button', { name: 'Complete verification' }).click({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/api\/simulated-stripe\/onboarding/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Submit verification' }).click();
}

/**
 * A draft made through the API with every field but the photos (`publishableListing`): one photo on
 * its photos tab, then Publish listing (payout onboarding may follow).
 */
export async function addPhotoAndPublish(page: Page, listing: { id: string; slug: string }) {
  await page.goto(`/l/${listing.slug}/${listing.id}/draft/photos`);
  await page.getByLabel('Add photos').setInputFiles([(await testPhotoFiles()).red]);
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1, {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Publish listing' }).click();
}

/**
 * After a publish that went live: the photos tab says "Your listing is live" (issue 24); its
 * "View your listing" link opens the public listing page.
 */
export async function openLiveListing(page: Page) {
  await expect(page.getByRole('heading', { name: 'Your listing is live' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'View your listing' }).click();
}
