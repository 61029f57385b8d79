import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, searchApi } from './helpers';

// Each content route with a phrase its hosted page asset must show (infra/content/assets).
const contentPages: { path: string; text: RegExp }[] = [
  { path: '/about', text: /Velo Exchange/ },
  { path: '/faq', text: /fee/i },
  { path: '/howto', text: /sell/i },
  { path: '/guide', text: /frame size/i },
  { path: '/contactus', text: /hello@veloexchange\.com/ },
  { path: '/ourstory', text: /Velo Exchange/ },
  { path: '/help', text: /FAQ/ },
  { path: '/p/safety-tips', text: /safe/i },
];

const legalTerms = [
  /10 ?%/,
  /5 days/,
  /3 hours/,
  /3 days/,
  /13/,
  /Canada/,
  /July 1st, 2021/,
  /USD/,
  /hello@veloexchange\.com/,
];

test.describe('content pages', () => {
  for (const { path, text } of contentPages) {
    test(`${path} renders its hosted page and passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('main')).toContainText(text);
      await expectNoAxeViolations(page);
    });
  }

  for (const path of ['/terms-of-service', '/privacy-policy']) {
    test(`${path} carries the stated terms`, async ({ page }) => {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByText('Last updated July 1st, 2021')).toBeVisible();
      if (path === '/terms-of-service') for (const term of legalTerms) await expect(main).toContainText(term);
      await expectNoAxeViolations(page);
    });
  }

  test('/faq#contact scrolls to the contact section', async ({ page }) => {
    await page.goto('/faq#contact');
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('an unknown /p/ page is a not-found page', async ({ page }) => {
    await page.goto('/p/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('on a phone the pages read top to bottom and pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ['/faq', '/terms-of-service']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('/preview resolves each kind of page from its asset path', () => {
  const kinds = [
    { assetPath: 'content/pages/terms-of-service.json', heading: /terms/i },
    { assetPath: 'content/pages/privacy-policy.json', heading: /privacy/i },
    { assetPath: 'content/pages/about.json', heading: /./ },
  ];
  for (const { assetPath, heading } of kinds) {
    test(assetPath, async ({ page }) => {
      await page.goto(`/preview?assetPath=${assetPath}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }

  test('the landing page', async ({ page }) => {
    await page.goto('/preview?assetPath=content/pages/landing-page.json');
    const hero = page.getByRole('region').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(hero.getByRole('link', { name: 'Buy' })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Sell' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('no asset path or an unknown one', async ({ page }) => {
    await page.goto('/preview');
    await expect(page.getByText('Give the page to preview')).toBeVisible();
    await page.goto('/preview?assetPath=content/pages/nothing-here.json');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be loaded');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  });
});

test.describe('the landing page sections', () => {
  test('hero, how it works, featured categories, recent listings, reviews, founder, join', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Buy', exact: true })).toHaveAttribute('href', '/s');
    await expect(main.getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute('href', '/l/new');
    for (const id of ['how-it-works', 'featured-categories', 'community-reviews', 'founder', 'join']) {
      await expect(main.locator(`#${id}`)).toBeVisible();
    }
    await expect(main.locator('#featured-categories').getByRole('link')).toHaveCount(4);
    await expect(main.getByRole('region', { name: 'Recently listed' })).toBeVisible();
  });
});

test.describe('head tags', () => {
  test('a crawler gets a listing page with its title and og:image in the HTML', async ({ request }) => {
    const [listing] = (await searchApi(request, '?perPage=1')).data;
    const response = await request.get(`/l/${listing?.slug}/${listing?.id}`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${listing?.title}`);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
    expect(html).toMatch(/<meta property="og:image:width" content="1200"/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"/);
  });

  test('the app sets title, description and canonical URL as you navigate', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle(/\| Velo Exchange$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/terms-of-service$/);
  });
});

test.describe('styleguide', () => {
  test('lists the components with live examples, and each path level works', async ({ page }) => {
    await page.goto('/styleguide');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/styleguide/c/tabs');
    await expect(page.getByRole('navigation').filter({ hasText: 'Pricing and stock' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/styleguide/c/buttons/primary/raw');
    await expect(page.getByRole('button').first()).toBeVisible();
    await page.goto('/styleguide/c/nothing-here');
    await expect(page.getByText(/No such component/)).toBeVisible();
    await expect(page.getByRole('link', { name: /styleguide/i }).first()).toBeVisible();
  });

  test('on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/styleguide/c/form-fields');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
