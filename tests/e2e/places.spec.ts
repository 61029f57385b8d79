import { expect, test } from '@playwright/test';
import type { Place } from '../../shared/maps';
import { demoSeller, expectNoAxeViolations, logInAs } from './helpers';
import { apiAsUser } from './selling-helpers';

/**
 * The gazetteer answers for the payout countries. Someone in London gets London, United
 * Kingdom first (not London, Ontario), in the places answer and in the location tab's list, by
 * keyboard; "Wien" offers Wien, Austria.
 */
test('London is London, United Kingdom first; a native name is offered as typed', async ({ page }) => {
  const answer = await page.request.get('/api/places?q=London');
  expect(answer.status()).toBe(200);
  const places = ((await answer.json()) as { data: Place[] }).data;
  expect(places.slice(0, 2).map((place) => place.address)).toEqual([
    'London, United Kingdom',
    'London, Ontario, Canada',
  ]);

  await logInAs(page, demoSeller);
  const created = await apiAsUser<{ data: { id: string; slug: string } }>(page, 'POST', '/own-listings', {
    title: 'Places e2e draft',
  });
  expect(created.status).toBe(201);
  const { id, slug } = created.body.data;
  try {
    // The edit address opens every tab of a draft (the wizard opens only up to the first unsaved one).
    await page.goto(`/l/${slug}/${id}/edit/location`);
    const place = page.getByRole('combobox', { name: 'City or town' });
    await place.fill('London');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toHaveText('London, United Kingdom');
    await place.press('ArrowDown');
    await place.press('Enter');
    await expect(place).toHaveValue('London, United Kingdom');
    await place.fill('Wien');
    await expect(options.first()).toHaveText('Wien, Austria');
    await expectNoAxeViolations(page);
  } finally {
    await apiAsUser(page, 'DELETE', `/own-listings/${id}`);
  }
});
