import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOnboarding } from '../../functions/payments/paypal/simulated-signature';
import { api, signUp, type TestAccount, testCloud } from './accounts';

// The site's origin comes from configuration (SITE_ORIGIN: the gateway's own URL here), never from
// a header: every answer below is asked for with Host, X-Forwarded-Host, Origin, Forwarded and
// x-velo-viewer-origin naming a host the caller runs, and every URL in it must still be on the site.
// That host is a real server, so a webhook the simulated provider posted there would be seen.

let site: string;
let port: number;
let attacker: { origin: string; host: string; hits: string[]; server: Server };

beforeAll(async () => {
  site = new URL(testCloud().url).origin;
  port = Number(new URL(site).port);
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  attacker = { origin: `http://${host}`, host, hits, server };
});

afterAll(async () => {
  await new Promise<void>((resolve) => attacker.server.close(() => resolve()));
});

/** Every header a caller could use to name another site. */
function spoofedHeaders(): Record<string, string> {
  return {
    host: attacker.host,
    'x-forwarded-host': attacker.host,
    'x-forwarded-proto': 'http',
    forwarded: `host=${attacker.host};proto=http`,
    origin: attacker.origin,
    'x-velo-viewer-origin': attacker.origin,
  };
}

interface Answer {
  status: number;
  location: string | undefined;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked by each test
  json: () => any;
}

/** A request to the gateway with the spoofed headers (node:http: fetch will not send another Host). */
function spoofed(
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<Answer> {
  const body =
    options.json !== undefined
      ? JSON.stringify(options.json)
      : options.form
        ? new URLSearchParams(options.form).toString()
        : undefined;
  const headers: Record<string, string> = {
    ...spoofedHeaders(),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
  };
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, setHost: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            text,
            json: () => JSON.parse(text),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Every absolute URL in an answer (body and Location). */
function urlsIn(answer: Answer): string[] {
  const text = `${answer.location ?? ''} ${answer.text.replaceAll('\\/', '/')}`;
  return [...text.matchAll(/https?:\/\/[^\s"'<>\\]+/g)].map((match) => match[0]);
}

function expectOnSite(answer: Answer): void {
  expect(answer.text).not.toContain(attacker.host);
  expect(answer.location ?? '').not.toContain(attacker.host);
  for (const url of urlsIn(answer)) {
    // &amp; and friends of HTML attributes do not change the origin.
    expect(new URL(url.replaceAll('&amp;', '&')).origin, url).toBe(site);
  }
}

async function token(account: TestAccount, body: unknown) {
  const answer = await api('POST', '/api/simulated-stripe/tokens', { token: account.accessToken, body });
  expect(answer.status).toBe(201);
  return answer.body.data.id as string;
}

/** A seller with a simulated Stripe account that still needs verification. */
async function stripeSeller(): Promise<TestAccount> {
  const seller = await signUp();
  const bankAccountToken = await token(seller, {
    kind: 'bank_account',
    country: 'CA',
    currency: 'CAD',
    fields: { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' },
  });
  const accountToken = await token(seller, {
    kind: 'account',
    businessType: 'individual',
    tosShownAndAccepted: true,
  });
  const created = await spoofed('POST', '/api/stripe/account', {
    token: seller.accessToken,
    json: { country: 'CA', accountType: 'individual', accountToken, bankAccountToken },
  });
  expect(created.status).toBe(201);
  return seller;
}

describe('Stripe onboarding with spoofed host headers', () => {
  it('refuses return URLs on the host the headers name (400 with both fields)', async () => {
    const seller = await stripeSeller();
    const answer = await spoofed('POST', '/api/stripe/account-links', {
      token: seller.accessToken,
      json: {
        type: 'account_onboarding',
        failureURL: `${attacker.origin}/account/payments/failure`,
        successURL: `${attacker.origin}/account/payments/success`,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.json().errors[0]).toMatchObject({
      code: 'validation-invalid-params',
      meta: {
        fields: { failureURL: 'Must be a URL on this site.', successURL: 'Must be a URL on this site.' },
      },
    });
  });

  it('links, pages, redirects and the webhook stay on the configured origin', async () => {
    const seller = await stripeSeller();
    const link = await spoofed('POST', '/api/stripe/account-links', {
      token: seller.accessToken,
      json: {
        type: 'account_onboarding',
        failureURL: `${site}/account/payments/failure`,
        successURL: `${site}/account/payments/success`,
      },
    });
    expect(link.status).toBe(200);
    expectOnSite(link);
    const linkUrl = new URL(link.json().data.url);
    expect(linkUrl.origin).toBe(site);

    const page = await spoofed('GET', `${linkUrl.pathname}${linkUrl.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Submit verification');
    expectOnSite(page);

    const submitted = await spoofed('POST', '/api/simulated-stripe/onboarding', {
      form: {
        account: linkUrl.searchParams.get('account')!,
        link: linkUrl.searchParams.get('link')!,
        action: 'submit',
      },
    });
    expect(submitted.status).toBe(303);
    expect(submitted.location).toBe(`${site}/account/payments/success`);

    // account.updated went to the configured API (the account is stored verified), not to the caller's host.
    const me = await api('GET', '/api/me', { token: seller.accessToken });
    expect(me.body.data.payments).toMatchObject({
      payoutReady: true,
      stripeAccount: { transfersActive: true, status: 'verificationSuccess' },
    });
    expect(attacker.hits).toEqual([]);

    // The used link's page sends the seller back to the site too.
    const used = await spoofed('GET', `${linkUrl.pathname}${linkUrl.search}`);
    expect(used.status).toBe(410);
    expectOnSite(used);
    expect(used.text).toContain(`href="${site}/account/payments/failure"`);
  });

  it("posts the hosted page's webhook to the configured API, not to the host the headers name", async () => {
    const seller = await stripeSeller();
    const link = await api('POST', '/api/stripe/account-links', {
      token: seller.accessToken,
      body: {
        type: 'account_onboarding',
        failureURL: `${site}/account/payments/failure`,
        successURL: `${site}/account/payments/success`,
      },
    });
    const linkUrl = new URL(link.body.data.url);
    const submitted = await spoofed('POST', '/api/simulated-stripe/onboarding', {
      form: {
        account: linkUrl.searchParams.get('account')!,
        link: linkUrl.searchParams.get('link')!,
        action: 'submit',
      },
    });
    expect(submitted.status).toBe(303);
    expect(submitted.location).toBe(`${site}/account/payments/success`);
    expect(attacker.hits).toEqual([]);
    const me = await api('GET', '/api/me', { token: seller.accessToken });
    expect(me.body.data.payments).toMatchObject({
      payoutReady: true,
      stripeAccount: { transfersActive: true },
    });
  });

  it('"Leave" returns to the failure URL on the configured origin', async () => {
    const seller = await stripeSeller();
    const link = await api('POST', '/api/stripe/account-links', {
      token: seller.accessToken,
      body: {
        type: 'account_update',
        failureURL: `${site}/account/payments/failure`,
        successURL: `${site}/account/payments/success`,
      },
    });
    const linkUrl = new URL(link.body.data.url);
    const left = await spoofed('POST', '/api/simulated-stripe/onboarding', {
      form: {
        account: linkUrl.searchParams.get('account')!,
        link: linkUrl.searchParams.get('link')!,
        action: 'leave',
      },
    });
    expect(left.status).toBe(303);
    expect(left.location).toBe(`${site}/account/payments/failure`);
  });
});

describe('PayPal onboarding with spoofed host headers', () => {
  async function actionUrl(account: TestAccount, returnUrl?: string): Promise<URL> {
    const answer = await spoofed('POST', '/api/get-paypal-onboarding-link', {
      token: account.accessToken,
      json: { trackingId: account.user.id, ...(returnUrl ? { returnUrl } : {}) },
    });
    expect(answer.status).toBe(200);
    expectOnSite(answer);
    const links = answer.json().links as { rel: string; href: string }[];
    return new URL(links.find((link) => link.rel === 'action_url')!.href);
  }

  it('makes the link, the page and both ways back on the configured origin', async () => {
    const account = await signUp();
    const link = await actionUrl(account);
    expect(link.origin).toBe(site);
    // Only a path travels in the link; its origin is the configured one.
    expect(link.searchParams.get('returnUrl')).toBe('/account/paypal?returnURLType=success');

    const page = await spoofed('GET', `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Agree and connect');
    expectOnSite(page);

    const cancelled = await spoofed('POST', '/api/simulated-paypal/onboarding', {
      form: { ...Object.fromEntries(link.searchParams), action: 'cancel' },
    });
    expect(cancelled.status).toBe(303);
    expect(new URL(cancelled.location!).origin).toBe(site);
    expectOnSite(cancelled);

    const agreed = await spoofed('POST', '/api/simulated-paypal/onboarding', {
      form: { ...Object.fromEntries(link.searchParams), action: 'agree' },
    });
    expect(agreed.status).toBe(303);
    const back = new URL(agreed.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`${site}/account/paypal`);
    expect(back.searchParams.get('permissionsGranted')).toBe('true');
    expect(attacker.hits).toEqual([]);
  });

  it('accepts a return path or a URL on the site, and refuses every other (400)', async () => {
    const account = await signUp();
    const custom = await actionUrl(account, '/account/payments?from=paypal');
    expect(custom.searchParams.get('returnUrl')).toBe('/account/payments?from=paypal');
    const absolute = await actionUrl(account, `${site}/account/paypal`);
    expect(absolute.searchParams.get('returnUrl')).toBe('/account/paypal');
    for (const returnUrl of [
      `${attacker.origin}/account/paypal`,
      `//${attacker.host}/account/paypal`,
      `/\\${attacker.host}/account/paypal`,
      `${site}@${attacker.host}/account/paypal`,
      'javascript:alert(1)',
    ]) {
      const answer = await spoofed('POST', '/api/get-paypal-onboarding-link', {
        token: account.accessToken,
        json: { trackingId: account.user.id, returnUrl },
      });
      expect(answer.status, returnUrl).toBe(400);
      expect(answer.json().errors[0]).toMatchObject({
        code: 'validation-invalid-params',
        title: 'The return URL must be on this site.',
      });
    }
  });

  it('honours a signed link only until it expires, and never an unsigned change', async () => {
    const account = await signUp();
    const link = await actionUrl(account);
    const fields = Object.fromEntries(link.searchParams);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = {
      trackingId: account.user.id,
      returnUrl: '/account/paypal',
      expires: String(past),
      sig: signOnboarding({ trackingId: account.user.id, returnPath: '/account/paypal', expires: past }),
    };
    const query = (values: Record<string, string>) =>
      `/api/simulated-paypal/onboarding?${new URLSearchParams(values)}`;
    expect((await spoofed('GET', query(expired))).status).toBe(410);
    const late = await spoofed('POST', '/api/simulated-paypal/onboarding', {
      form: { ...expired, action: 'agree' },
    });
    expect(late.status).toBe(410);
    expect(late.location).toBeUndefined();

    // A longer life, another return path, or a link of the old kind without expiry: not signed.
    const tampered = [
      { ...fields, expires: String(Number(fields.expires) + 86_400) },
      { ...fields, returnUrl: `//${attacker.host}/account/paypal` },
      { ...fields, returnUrl: `${attacker.origin}/account/paypal` },
      Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'expires')),
    ];
    for (const values of tampered) {
      expect((await spoofed('GET', query(values))).status).toBe(400);
      const posted = await spoofed('POST', '/api/simulated-paypal/onboarding', {
        form: { ...values, action: 'agree' },
      });
      expect(posted.status).toBe(400);
      expect(posted.location).toBeUndefined();
    }
  });
});

describe('head renderer with spoofed host headers', () => {
  it('writes canonical and social image URLs on the configured origin', async () => {
    const page = await spoofed('GET', '/about');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<link rel="canonical" href="${site}/about" />`);
    expectOnSite(page);
  });
});
