import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, listingCards, searchApi } from './helpers';

/**
 * Issue 22's journeys at a phone's and a desktop's width: the map view with price markers and
 * "Search this area"; "Near me" with the browser's position in London; a place search for München.
 */
const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const mapMarkers = (page: Page) => page.getByRole('list', { name: 'Results on the map' }).getByRole('button');
const london = { latitude: 51.5072, longitude: -0.1276 };

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    test('the map shows the results as markers; "Search this area" searches the box in view', async ({
      page,
      request,
    }) => {
      const everything = await searchApi(request);
      await page.goto('/s');
      await expect(listingCards(page, results(page)).first()).toBeVisible();
      await page.getByRole('navigation', { name: 'Results view' }).getByRole('link', { name: 'Map' }).click();
      await expect(page).toHaveURL(/\/s\?view=map$/);
      const map = page.getByRole('region', { name: 'Map of the results' });
      await expect(map.locator('canvas')).toBeVisible();
      await expect(map.locator('[data-ready]')).toBeAttached();
      await expect(mapMarkers(page).first()).toBeVisible();
      await expectNoAxeViolations(page);

      // Zoom into the first group (or take the first marker) until single price markers show.
      const cluster = page.locator('.map-cluster').first();
      if (await cluster.count()) await cluster.click();
      const marker = page.locator('.map-marker').first();
      await expect(marker).toBeVisible();
      await marker.click();
      const card = page.getByRole('region', { name: 'Listing on the map' });
      await expect(card.getByRole('link')).toHaveAttribute('href', /^\/l\//);
      await page.keyboard.press('Escape');
      await expect(card).toHaveCount(0);

      // The map moved: "Search this area" writes the box in view, and the results are those in it.
      const searchArea = page.getByRole('button', { name: 'Search this area' });
      await expect(searchArea).toBeVisible();
      await searchArea.click();
      await expect(page).toHaveURL(/[?&]bounds=-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+/);
      const bounds = new URL(page.url()).searchParams.get('bounds')!;
      const inArea = await searchApi(request, `?bounds=${bounds}`);
      expect(inArea.meta.totalItems).toBeLessThan(everything.meta.totalItems);
      await expect(results(page).getByRole('status')).toHaveText(
        new RegExp(`^${inArea.meta.totalItems} results?`),
      );
      await expect(page.getByRole('button', { name: 'Remove filter In the map area' })).toBeVisible();
    });

    test('"Near me" in London puts the nearest listing first, with its distance', async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width, height: width < 768 ? 812 : 900 },
        geolocation: london,
        permissions: ['geolocation'],
      });
      const page = await context.newPage();
      try {
        const nearest = await searchApi(page.request, '?origin=51.51,-0.13&perPage=1');
        await page.goto('/s');
        await page.getByRole('button', { name: 'Near me' }).click();
        await expect(page).toHaveURL(/[?&]origin=51\.51,-0\.13/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Near you');
        const first = listingCards(page, results(page)).first();
        await expect(first.getByRole('heading')).toHaveText(nearest.data[0]!.title);
        await expect(first).toContainText(/London · (Under 1|\d+) km away/);
        const sort = page.getByLabel('Sort by');
        await expect(sort).toHaveValue('');
        await expectNoAxeViolations(page);
        // Nearest first is the default order, not a sort: choosing Newest adds one, choosing it back removes it.
        await sort.selectOption({ label: 'Newest' });
        await expect(page).toHaveURL(/[?&]sort=createdAt/);
        await sort.selectOption({ label: 'Nearest first' });
        await expect(page).not.toHaveURL(/sort=/);
        await expect(page).toHaveURL(/[?&]origin=51\.51,-0\.13/);
      } finally {
        await context.close();
      }
    });

    test('a place search for München shows the listings around Munich first', async ({ page }) => {
      await page.goto('/');
      // The desktop's top bar has the form; a phone opens it from the top bar's search button.
      const form =
        width < 768
          ? await (async () => {
              await page
                .getByRole('banner')
                .getByRole('button', { name: /search/i })
                .click();
              return page.getByRole('dialog');
            })()
          : page.getByRole('banner');
      // A plain box in the first load, the combobox once the form has the focus.
      await form.locator('input[name="address"]').click();
      const place = form.getByRole('combobox', { name: 'Location' });
      await expect(place).toBeFocused();
      await place.fill('München');
      await page.getByRole('option', { name: 'München, Bavaria, Germany', exact: true }).click();
      await form.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/[?&]origin=48\.\d+,11\.\d+/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Near München, Bavaria, Germany');
      const cards = listingCards(page, results(page));
      await expect(cards.first()).toContainText(/Munich · (Under 1|\d+) km away/);
      await expect(cards).toHaveCount(3);
      await page.getByRole('navigation', { name: 'Results view' }).getByRole('link', { name: 'Map' }).click();
      await expect(mapMarkers(page).first()).toBeVisible();
    });
  });
}

test('"Near me" without permission says so and what to do instead', async ({ page }) => {
  await page.goto('/s');
  await page.getByRole('button', { name: 'Near me' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Location access is turned off for this site/);
  await expect(page).toHaveURL(/\/s$/);
});

test('on a phone, a place that is not found says so and keeps what was typed', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /search/i })
    .click();
  const sheet = page.getByRole('dialog');
  await sheet.getByLabel('Keywords').fill('gravel');
  await sheet.locator('input[name="address"]').click();
  await page.keyboard.type('Xyzzyq');
  await expect(sheet.getByRole('status')).toHaveText('No places found');
  // The tap reaches the button although the place box's list closes as it loses the focus.
  await sheet.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(sheet.getByRole('alert')).toHaveText(
    'No places found for “Xyzzyq”. Try a city or region name.',
  );
  await expect(sheet.getByLabel('Keywords')).toHaveValue('gravel');
  await expect(sheet.getByRole('combobox', { name: 'Location' })).toHaveValue('Xyzzyq');
  await expect(page).not.toHaveURL(/\/s\?/);
  await expectNoAxeViolations(page);
});
