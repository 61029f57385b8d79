import { expect, type Page, test } from '@playwright/test';
import { siteSettings } from '../../shared/config/site';
import { demoSeller, expectNoAxeViolations, logInAs } from './helpers';

const phone = { width: 375, height: 740 };

function mobileMenuDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Menu' });
}

test.describe('desktop top bar', () => {
  test('signed out: logo, search, blog, shop now, sell, log in and sign up', async ({ page }) => {
    await page.goto('/about');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', siteSettings.blogUrl);
    await expect(banner.getByRole('link', { name: 'Sell' })).toHaveAttribute('href', '/l/new');
    await expect(banner.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Inbox' })).toHaveCount(0);
    await banner.getByRole('link', { name: 'Shop now' }).click();
    await expect(page).toHaveURL(/\/s$/);
    await banner.getByRole('link', { name: 'Velo Exchange' }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('signed in: inbox and the profile menu with its four items', async ({ page }) => {
    await logInAs(page);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/inbox');
    await banner.getByRole('button', { name: /Account menu/ }).click();
    const menu = banner.getByRole('list', { name: 'Account' });
    await expect(menu.getByRole('link', { name: 'Your listings' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Profile settings' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Account settings' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    // A vertical list: each item under the one before, at the same left edge.
    const boxes = await Promise.all(
      ['Your listings', 'Profile settings', 'Account settings'].map(
        async (name) => (await menu.getByRole('link', { name }).boundingBox())!,
      ),
    );
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.y).toBeGreaterThanOrEqual(boxes[i - 1]!.y + boxes[i - 1]!.height);
      expect(boxes[i]!.x).toBe(boxes[0]!.x);
    }
  });
});

test.describe('mobile top bar and modals (375 px)', () => {
  test.use({ viewport: phone });

  test('menu button, logo and search button; the desktop bar is hidden', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Search' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Shop now' })).toBeHidden();
  });

  test('the menu opens with ?mobilemenu=open, closes on Escape and with the back button', async ({
    page,
  }) => {
    await page.goto('/s?keywords=trek');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page).toHaveURL(/[?&]mobilemenu=open/);
    const menu = mobileMenuDialog(page);
    await expect(menu.getByText('Welcome to Velo Exchange')).toBeVisible();
    for (const name of ['Sign up', 'Log in', 'Sell', 'Buy now']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/s\?keywords=trek$/);

    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/s\?keywords=trek$/);
  });

  test('a link to ?mobilemenu=open opens it; focus leaving it closes it', async ({ page }) => {
    await page.goto('/about?mobilemenu=open');
    const menu = mobileMenuDialog(page);
    await expect(menu).toBeVisible();
    await page.getByRole('main').focus();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('signed in, the menu greets by first name and offers the account links', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await logInAs(page, demoSeller);
    await page.setViewportSize(phone);
    await page.goto('/?mobilemenu=open');
    const menu = mobileMenuDialog(page);
    await expect(menu.getByText('Hello, Maya')).toBeVisible();
    for (const name of [
      'Shop now',
      'Blog',
      'Inbox',
      'Your listings',
      'Profile settings',
      'Account settings',
      'Sell',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
    await menu.getByRole('link', { name: 'Profile settings' }).click();
    await expect(page).toHaveURL(/\/profile-settings$/);
    await expect(menu).toBeHidden();
  });

  test('the search modal opens with ?mobilesearch=open and searching closes it', async ({ page }) => {
    await page.goto('/?mobilesearch=open');
    const dialog = page.getByRole('dialog', { name: 'Search listings' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('trek');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/s\?keywords=trek$/);
    await expect(dialog).toBeHidden();
    await page.goto('/?mobilesearch=open');
    // Escape reaches the modal only once it is open and holds the focus (a slow load would lose it).
    await expect(dialog.getByRole('searchbox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('cookie consent', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the bar shows until accepted, then stays away after a reload', async ({ page, context }) => {
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Cookies' });
    await expect(bar).toBeVisible();
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: 'Accept' }).click();
    await expect(bar).toBeHidden();
    // The page writes the cookie at once; the browser's cookie store may show it a moment later.
    const consentCookie = async () => (await context.cookies()).find((c) => c.name === 'euCookiesAccepted');
    await expect.poll(async () => (await consentCookie())?.value).toBe('1');
    const cookie = await consentCookie();
    expect(cookie?.path).toBe('/');
    // We ask for 10 years (unit-tested in shell.test.ts); Chromium caps every cookie at 400 days.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(399);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar).toBeHidden();
  });
});

test.describe('cookie consent on a phone', () => {
  test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 812 } });

  test('one line at the top of the page, never over the buy bar', async ({ page, request }) => {
    const search = (await (await request.get('/api/listings?perPage=1')).json()) as {
      data: { id: string; slug: string }[];
    };
    const listing = search.data[0]!;
    await page.goto(`/l/${listing.slug}/${listing.id}`);
    const bar = page.getByRole('region', { name: 'Cookies' });
    await expect(bar).toBeVisible();
    const box = (await bar.boundingBox())!;
    // At most 15 % of the screen; one line of text beside the button.
    expect(box.height).toBeLessThanOrEqual(812 * 0.15);
    expect(box.height).toBeLessThan(56);
    expect(box.y).toBe(0);
    const buyBar = page.locator('.order-bar');
    await expect(buyBar).toBeVisible();
    const buy = (await buyBar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(buy.y);
    await expectNoAxeViolations(page);
    await bar.getByRole('button', { name: 'Accept' }).click();
    await expect(bar).toBeHidden();
  });
});

test.describe('footer', () => {
  test('groups with their links; every internal link resolves to a page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['Velo Exchange', 'Help', 'Legal', 'Follow us']) {
      await expect(footer.getByRole('heading', { name })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', siteSettings.blogUrl);
    await expect(footer.getByRole('link', { name: 'Facebook' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Twitter' })).toHaveCount(
      siteSettings.social.twitter ? 1 : 0,
    );
    const hrefs = await footer
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    const internal = hrefs.filter((href) => href.startsWith('/'));
    expect(internal).toEqual(
      expect.arrayContaining([
        '/howto',
        '/about',
        '/faq',
        '/guide',
        '/faq#contact',
        '/terms-of-service',
        '/privacy-policy',
      ]),
    );
    for (const href of internal) {
      await page.goto(href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/not found|could not be loaded/i);
    }
  });

  test('the hosted translations are merged over the bundled copy', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText('passed from rider to rider');
  });
});

test.describe('manage tabs', () => {
  test('profile and account settings share the tabs; the current one is marked and in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await logInAs(page);
    await page.setViewportSize({ width: 800, height: 800 });
    await page.goto('/account/change-password');
    const tabs = page.getByRole('navigation', { name: 'Your account' });
    await expect(tabs.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(tabs.getByRole('link', { name: 'Account settings' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Password' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
    await tabs.getByRole('link', { name: 'Profile settings' }).click();
    await expect(page).toHaveURL(/\/profile-settings$/);
    await expect(
      page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Profile settings' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

test('when the site copy cannot load, the top bar shows the network error and retrying recovers', async ({
  page,
}) => {
  let fail = true;
  await page.route('**/api/assets/latest/content/translations.json', (route) =>
    fail ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/');
  const alert = page.getByRole('banner').getByRole('alert');
  await expect(alert).toHaveText(/Please check your network connection and try again/);
  // The page itself still works, with the bundled English.
  await expect(page.getByRole('contentinfo')).toContainText('from riders to riders');
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByRole('contentinfo')).toContainText('passed from rider to rider');
});
