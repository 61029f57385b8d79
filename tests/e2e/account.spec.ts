import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { mintLimitedSessionTokens } from '../../infra/operator/limited-session';
import type { PublicUser } from '../../shared/api/types';
import { apiErrors, messages } from '../../shared/errors/catalogue';
import { loginMessages, newPasswordMessages, signupMessages } from '../../shared/validation/messages';
import { demoSeller, expectNoAxeViolations, listingCards, searchApi } from './helpers';
import { codeFor } from './mail-helpers';

/**
 * Accounts in Chromium against the local cloud: sign up → verify with the code from the
 * dev outbox → log out → an [auth] page sends to login and back → change the password → recover
 * it → edit the profile and the picture → the public profile shows them. Plus the spec's messages
 * on wrong input, keyboard use of the profile menu, and axe on every account page.
 */

/** A small valid PNG (a colour gradient), made here so the test needs no fixture file. */
function pngImage(width = 64, height = 64): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows[row + 1 + x * 3] = (x * 255) / width;
      rows[row + 2 + x * 3] = (y * 255) / height;
      rows[row + 3 + x * 3] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function accountMenuButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /Account menu/ });
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(accountMenuButton(page)).toBeVisible();
}

async function logOut(page: Page, baseURL: string | undefined) {
  await accountMenuButton(page).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  // Nothing of the session is left in the browser.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('Cognito')))).toEqual(
    [],
  );
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
}

test('sign up, verify, log in again, change and recover the password, edit the profile', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `rider-${randomUUID().slice(0, 8)}@test.example`;
  const firstPassword = 'First-pass-2026';
  const secondPassword = 'Second-pass-2026';
  const thirdPassword = 'Third-pass-2026';
  const seen = new Set<string>();

  // Sign up: afterwards the user is signed in and asked for the code from the e-mail.
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Cyclist');
  await page.getByLabel('Password').fill(firstPassword);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(email);

  // Verify with the code from the dev outbox.
  await page.getByLabel('Verification code').fill(await codeFor(request, email, seen));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeFocused();

  await logOut(page, baseURL);

  // An [auth] page sends the visitor to log in, and back afterwards.
  await page.goto('/account/contact-details');
  await expect(page).toHaveURL(/\/login\?from=\/account\/contact-details$/);
  await logIn(page, email, firstPassword);
  await expect(page).toHaveURL(/\/account\/contact-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact details' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);

  // The phone number is formatted as typed and kept without spaces.
  await page.getByLabel('Phone number (optional)').pressSequentially('5551234567');
  await expect(page.getByLabel('Phone number (optional)')).toHaveValue('555 1234567');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your contact details have been saved.')).toBeVisible();

  // Change the password.
  await page
    .getByRole('navigation', { name: 'Account settings' })
    .getByRole('link', { name: 'Password' })
    .click();
  await expect(page).toHaveURL(/\/account\/change-password$/);
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel('New password').fill(secondPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAccessibleDescription(messages.wrongPassword);
  await expect(page.getByLabel('New password')).toHaveValue(secondPassword);
  await page.getByLabel('Current password').fill(firstPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeFocused();

  await logOut(page, baseURL);

  // Forgot it: recover with a code from the outbox.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeFocused();
  await expect(page.getByRole('main')).toContainText(email);
  await page.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Code').fill(await codeFor(request, email, seen));
  await page.getByLabel('New password', { exact: true }).fill(thirdPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your password has been reset' })).toBeFocused();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secondPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
  await logIn(page, email, thirdPassword);
  await expect(page).toHaveURL(`${baseURL}/`);

  // Profile settings: bio and picture.
  await accountMenuButton(page).click();
  await page.getByRole('link', { name: 'Profile settings' }).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  const bio = `Commuter and weekend gravel rider. ${'Loves steel frames. '.repeat(10)}The end.`;
  await page.getByLabel('Bio (optional)').fill(bio);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();

  await page.getByLabel('Add a picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: pngImage(),
  });
  await expect(page.getByText('Your profile picture has been updated.')).toBeVisible({ timeout: 20_000 });
  const picture = page.getByRole('img', { name: 'Your profile picture' });
  await expect(picture).toHaveAttribute('src', /\/images\//);
  await expect(picture).toHaveJSProperty('naturalWidth', 240);
  // The top bar shows the new picture too.
  await expect(accountMenuButton(page).locator('img')).toHaveAttribute('src', /square-xsmall/);

  // The public profile shows the bio (cut at 170 characters) and the picture.
  await page.getByRole('link', { name: 'View your profile' }).click();
  await expect(page).toHaveURL(/\/u\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Robin C');
  const aside = page.getByRole('complementary', { name: 'About this user' });
  await expect(aside.locator('img')).toHaveAttribute('src', /\/images\//);
  await expect(aside).toContainText(bio.slice(0, 60));
  await expect(aside).not.toContainText('The end.');
  await aside.getByRole('button', { name: 'Show more' }).click();
  await expect(aside).toContainText('The end.');
  await expect(aside.getByRole('link', { name: 'Edit your profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText(
    'has no reviews as a seller yet.',
  );
});

/** The hint of every new-password field (web/src/forms/PasswordField.tsx). */
const newPasswordHint = 'At least 8 characters. Not one of the most common passwords.';

test.describe('wrong input shows the spec messages', () => {
  test('signup', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(signupMessages.emailRequired);
    await expect(page.getByLabel('First name')).toHaveAccessibleDescription(signupMessages.firstNameRequired);
    await expect(page.getByLabel('Last name')).toHaveAccessibleDescription(signupMessages.lastNameRequired);
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      `${newPasswordHint} ${signupMessages.passwordRequired}`,
    );
    // Focus goes to the first field with a problem.
    await expect(page.getByLabel('Email')).toBeFocused();
    await expectNoAxeViolations(page);

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('First name').fill('Maya');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(signupMessages.emailInvalid);
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      `${newPasswordHint} ${signupMessages.passwordTooShort}`,
    );

    // An address that already has an account: the server's answer, and what was typed stays.
    await page.getByLabel('Email').fill(demoSeller.email);
    await page.getByLabel('Last name').fill('Thompson');
    await page.getByLabel('Password').fill('Long-enough-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(messages.emailTaken);
    await expect(page.getByLabel('First name')).toHaveValue('Maya');
    await expect(page.getByLabel('Password')).toHaveValue('Long-enough-1');
  });

  test('signup refuses a common password under the field; the toggle shows what was typed', async ({
    page,
  }) => {
    await page.goto('/signup');
    const password = page.getByLabel('Password');
    await page.getByLabel('Email').fill(`common-${randomUUID().slice(0, 8)}@test.example`);
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill('Thompson');
    await password.fill('password');
    await password.blur();
    await expect(password).toHaveAccessibleDescription(`${newPasswordHint} ${newPasswordMessages.tooCommon}`);
    await expect(password).toHaveAttribute('type', 'password');

    // The toggle, by keyboard: the text shows, the button now offers to hide it.
    await page.getByRole('button', { name: 'Show password' }).focus();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('password');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
    await expectNoAxeViolations(page);

    // Sending it anyway: refused in place, nothing typed is lost, still on the sign-up page.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(password).toHaveAccessibleDescription(`${newPasswordHint} ${newPasswordMessages.tooCommon}`);
    await expect(password).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('Maya');
    await expect(page).toHaveURL(/\/signup$/);
    await password.fill('PASSWORD');
    await expect(password).toHaveAccessibleDescription(`${newPasswordHint} ${newPasswordMessages.tooCommon}`);
    await password.fill('Quiet-gravel-ride-7');
    await expect(password).toHaveAccessibleDescription(newPasswordHint);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('login', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(loginMessages.emailRequired);
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
      loginMessages.passwordRequired,
    );
    await page.getByLabel('Email').fill('maya@');
    await page.getByLabel('Email').blur();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(loginMessages.emailInvalid);

    await page.getByLabel('Email').fill(demoSeller.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText(messages.loginFailed);
    await expect(page.getByLabel('Email')).toHaveValue(demoSeller.email);
  });

  test('password recovery for an unknown address', async ({ page }) => {
    await page.goto('/recover-password');
    await page.getByLabel('Email').fill(`nobody-${randomUUID().slice(0, 8)}@test.example`);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(apiErrors['email-not-found'].title);
  });
});

test('a demo seller returns to the exact page, search and hash after logging in', async ({ page }) => {
  await page.goto('/profile-settings?tab=bio#details');
  await expect(page).toHaveURL(/\/login\?from=\/profile-settings%3Ftab%3Dbio%23details$/);
  // The signup tab keeps where the visitor was going.
  await expect(page.getByRole('link', { name: 'Sign up' }).first()).toHaveAttribute(
    'href',
    '/signup?from=/profile-settings%3Ftab%3Dbio%23details',
  );
  await logIn(page, demoSeller.email, demoSeller.password);
  await expect(page).toHaveURL(/\/profile-settings\?tab=bio#details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Maya');

  // A signed-in user on the login page goes straight on.
  await page.goto('/login?from=/account/change-password');
  await expect(page).toHaveURL(/\/account\/change-password$/);
  // /account opens the contact details.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/contact-details$/);
});

test('the profile menu works with the keyboard and closes on Escape', async ({ page }) => {
  await page.goto('/login');
  await logIn(page, demoSeller.email, demoSeller.password);
  const button = accountMenuButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('banner').getByRole('list', { name: 'Account' });
  await expect(menu.getByRole('link')).toHaveText(['Your listings', 'Profile settings', 'Account settings']);
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('link', { name: 'Your listings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile-settings$/);
});

test.describe('axe (WCAG 2 A and AA) finds no violations on the account pages', () => {
  for (const [path, heading] of [
    ['/login', 'Log in to Velo Exchange'],
    ['/signup', 'Create your account'],
    ['/recover-password', 'Forgot your password?'],
    ['/reset-password?email=someone%40test.example', 'Choose a new password'],
  ] as const) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectNoAxeViolations(page);
    });
  }

  test('signed-in pages', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/login');
    await logIn(page, demoSeller.email, demoSeller.password);
    for (const [path, heading] of [
      ['/verify-email', /Verify your email|Your email is verified/],
      ['/account/contact-details', 'Contact details'],
      ['/account/change-password', 'Password'],
      ['/account/payments', 'Payout details'],
      ['/account/paypal', 'PayPal'],
      ['/account/payment-methods', 'Payment methods'],
      ['/profile-settings', 'Profile settings'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectNoAxeViolations(page);
    }
    // The own profile page, and the open profile menu.
    await page.goto('/profile-settings');
    await page.getByRole('link', { name: 'View your profile' }).click();
    await expect(page.getByRole('link', { name: 'Edit your profile' })).toBeVisible();
    await accountMenuButton(page).click();
    await expectNoAxeViolations(page);
  });
});

/** A demo seller's user id, found through their listings. */
async function demoUserId(request: APIRequestContext, displayNamePrefix: string): Promise<string> {
  const { data } = await searchApi(request, '?perPage=24');
  for (const authorId of new Set(data.map((listing) => listing.authorId))) {
    const response = await request.get(`/api/users/${authorId}`);
    const user = ((await response.json()) as { data: PublicUser }).data;
    if (user.displayName.startsWith(displayNamePrefix)) return authorId;
  }
  throw new Error(`No demo seller named ${displayNamePrefix}…`);
}

test('a limited session shows the banner with a logout button everywhere but search', async ({
  page,
  request,
  baseURL,
}) => {
  // What `npm run operator -- limited-session <email>` does: tokens whose only scope is user:limited,
  // put where Amplify keeps its session.
  const config = (await (await request.get('/config.json')).json()) as {
    cognito: { userPoolId: string; clientId: string; endpoint: string };
  };
  const userId = await demoUserId(request, 'Maya');
  const now = new Date();
  const tokens = await mintLimitedSessionTokens({
    issuer: `${config.cognito.endpoint}/${config.cognito.userPoolId}`,
    clientId: config.cognito.clientId,
    user: { id: userId, username: userId, email: demoSeller.email, emailVerified: true },
    sessionId: randomUUID(),
    now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  await page.goto('/notfound');
  await page.evaluate(
    ({ prefix, username, accessToken, idToken }) => {
      localStorage.setItem(`${prefix}.LastAuthUser`, username);
      localStorage.setItem(`${prefix}.${username}.accessToken`, accessToken);
      localStorage.setItem(`${prefix}.${username}.idToken`, idToken);
      localStorage.setItem(`${prefix}.${username}.clockDrift`, '0');
    },
    { prefix: `CognitoIdentityServiceProvider.${config.cognito.clientId}`, username: userId, ...tokens },
  );

  const banner = page.getByRole('region', { name: 'Limited session' });
  await page.goto('/');
  await expect(banner).toBeVisible();
  await expect(accountMenuButton(page)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/s');
  await expect(
    listingCards(page, page.getByRole('region', { name: 'Search results' })).first(),
  ).toBeVisible();
  await expect(banner).toHaveCount(0);

  await page.goto(`/u/${userId}`);
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
});
