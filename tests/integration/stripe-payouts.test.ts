import { beforeAll, describe, expect, it } from 'vitest';
import { getUser } from '../../functions/accounts/repository';
import { signStripePayload } from '../../functions/payments/stripe/real';
import { simulatedWebhookSecret, testCards } from '../../functions/payments/stripe/simulated';
import { LocalEventBus } from '../../infra/local/event-bus';
import { bankConnectionFailed } from '../../shared/errors/catalogue';
import { bankFieldInlineNames } from '../../shared/validation/payout';
import { api, errorOf, signUp, type TestAccount, testCloud } from './accounts';
import { eventually } from './cloud-env';

// Payouts and the saved card against the simulated Stripe (no STRIPE_SECRET_KEY in the local cloud):
// tokens, account, hosted onboarding, the webhook it sends, and the current user's payments.

let url: string;
beforeAll(() => {
  url = testCloud().url;
});

const goodCanadianBank = { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' };

async function token(account: TestAccount, body: unknown) {
  return api('POST', '/api/simulated-stripe/tokens', { token: account.accessToken, body });
}

async function connectedSeller() {
  const seller = await signUp({ firstName: 'Paula', lastName: 'Payout' });
  const bank = await token(seller, {
    kind: 'bank_account',
    country: 'CA',
    currency: 'CAD',
    fields: goodCanadianBank,
  });
  expect(bank.status).toBe(201);
  const person = await token(seller, {
    kind: 'account',
    businessType: 'individual',
    tosShownAndAccepted: true,
  });
  expect(person.status).toBe(201);
  const created = await api('POST', '/api/stripe/account', {
    token: seller.accessToken,
    body: {
      country: 'CA',
      accountType: 'individual',
      accountToken: person.body.data.id,
      bankAccountToken: bank.body.data.id,
    },
  });
  expect(created.status).toBe(201);
  return { seller, account: created.body.data };
}

async function postWebhook(payload: string, signature: string) {
  const response = await fetch(`${url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: response.status, body: await response.json() };
}

describe('payout account (simulated Stripe Connect)', () => {
  it('refuses bad Canadian bank fields with the message of each field', async () => {
    const seller = await signUp();
    const response = await token(seller, {
      kind: 'bank_account',
      country: 'CA',
      currency: 'CAD',
      fields: { transitNumber: '12', institutionNumber: ' ', accountNumber: '12ab' },
    });
    expect(response.status).toBe(400);
    const error = errorOf(response.body);
    expect(error.code).toBe('validation-invalid-params');
    expect(error.title).toBe(
      bankConnectionFailed('Canada', ['transit number', 'institution number', 'account number']),
    );
    expect(error.meta?.fields).toEqual({
      transitNumber: 'Transit number must be 5 digits.',
      institutionNumber: 'Institution number is required',
      accountNumber: 'Bank account number must be 7 to 12 digits.',
    });
    const unsupported = await token(seller, {
      kind: 'bank_account',
      country: 'BR',
      currency: 'BRL',
      fields: {},
    });
    expect(unsupported.status).toBe(400);
    expect(errorOf(unsupported.body)).toMatchObject({
      code: 'validation-invalid-value',
      title: 'Country not supported: BR',
    });
  });

  it('creates the account, onboards through the hosted page and its webhook, and the seller is ready for payouts', async () => {
    const { seller, account } = await connectedSeller();
    expect(account).toMatchObject({
      accountType: 'individual',
      country: 'CA',
      currency: 'CAD',
      bankAccountLast4: '6789',
      transfersActive: false,
      status: 'verificationNeeded',
    });
    expect(account.requirementsDue).toContain('individual.verification.document');
    const stored = await getUser(seller.user.id);
    expect(stored?.stripeAccount?.stripeAccountId).toBe(account.stripeAccountId);
    expect(stored?.payoutReady).toBe(false);

    const again = await api('POST', '/api/stripe/account', {
      token: seller.accessToken,
      body: { country: 'CA', accountType: 'individual', accountToken: 'ct_x', bankAccountToken: 'btok_x' },
    });
    expect(again.status).toBe(409);

    const offSite = await api('POST', '/api/stripe/account-links', {
      token: seller.accessToken,
      body: {
        type: 'account_onboarding',
        failureURL: 'https://evil.example/x',
        successURL: `${url}/account/payments/success`,
      },
    });
    expect(offSite.status).toBe(400);
    expect(errorOf(offSite.body).meta?.fields).toHaveProperty('failureURL');

    const link = await api('POST', '/api/stripe/account-links', {
      token: seller.accessToken,
      body: {
        type: 'account_onboarding',
        failureURL: `${url}/account/payments/failure`,
        successURL: `${url}/account/payments/success`,
      },
    });
    expect(link.status).toBe(200);
    const linkUrl = new URL(link.body.data.url);
    expect(linkUrl.origin).toBe(url);
    const page = await fetch(linkUrl);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('Submit verification');
    expect(pageHtml).toContain('Leave');

    const submitted = await fetch(`${url}/api/simulated-stripe/onboarding`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        account: linkUrl.searchParams.get('account')!,
        link: linkUrl.searchParams.get('link')!,
        action: 'submit',
      }).toString(),
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(`${url}/account/payments/success`);

    // The simulated provider sent account.updated to the webhook, which stored the fresh account.
    const me = await api('GET', '/api/me', { token: seller.accessToken });
    expect(me.body.data.payments).toMatchObject({
      payoutReady: true,
      stripeConnected: true,
      stripeAccount: {
        stripeAccountId: account.stripeAccountId,
        transfersActive: true,
        status: 'verificationSuccess',
        requirementsDue: [],
      },
      seenMissingInformation: false,
    });
    // The finance event of the flip to ready (velo.finance PayoutAccountUpdated, provider stripe),
    // published from the finance outbox by its stream consumer.
    const payoutEventsNow = () =>
      new LocalEventBus(`${testCloud().dataDir}/events.ndjson`)
        .events()
        .filter(
          (event) =>
            event['detail-type'] === 'PayoutAccountUpdated' &&
            (event.detail as { data?: { userId?: string } }).data?.userId === seller.user.id,
        );
    const payoutEvents = await eventually(async () => {
      const found = payoutEventsNow();
      return found.length > 0 ? found : undefined;
    });
    expect(payoutEvents.map((event) => (event.detail as { data: unknown }).data)).toEqual([
      expect.objectContaining({ provider: 'stripe', payoutReady: true }),
    ]);
    const shown = await api('GET', '/api/stripe/account', { token: seller.accessToken });
    expect(shown.body.data).toMatchObject({ status: 'verificationSuccess', bankAccountLast4: '6789' });

    // A used link cannot be submitted again.
    const reused = await fetch(`${url}/api/simulated-stripe/onboarding`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        account: linkUrl.searchParams.get('account')!,
        link: linkUrl.searchParams.get('link')!,
        action: 'submit',
      }).toString(),
    });
    expect(reused.status).toBe(410);
  });

  it('leaving the hosted onboarding returns to the failure URL and changes nothing', async () => {
    const { seller } = await connectedSeller();
    const link = await api('POST', '/api/stripe/account-links', {
      token: seller.accessToken,
      body: {
        type: 'account_onboarding',
        failureURL: `${url}/account/payments/failure`,
        successURL: `${url}/account/payments/success`,
      },
    });
    const linkUrl = new URL(link.body.data.url);
    const left = await fetch(`${url}/api/simulated-stripe/onboarding`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `account=${linkUrl.searchParams.get('account')}&link=${linkUrl.searchParams.get('link')}&action=leave`,
    });
    expect(left.status).toBe(303);
    expect(left.headers.get('location')).toBe(`${url}/account/payments/failure`);
    expect((await getUser(seller.user.id))?.payoutReady).toBe(false);
  });
});

/** Per country: bad fields with their exact messages (shared/validation/payout.ts), and good ones. */
const bankCases: {
  country: string;
  name: string;
  currency: string;
  bad: Record<string, string>;
  messages: Record<string, string>;
  good: Record<string, string>;
}[] = [
  {
    country: 'US',
    name: 'United States',
    currency: 'USD',
    // Nine digits, but the ABA checksum fails.
    bad: { routingNumber: '123456789', accountNumber: '000123456789' },
    messages: { routingNumber: 'Routing number is not valid.' },
    good: { routingNumber: '110000000', accountNumber: '000123456789' },
  },
  {
    country: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    bad: { sortCode: '10-88', accountNumber: '00012345' },
    messages: { sortCode: 'Sort code must be 6 digits.' },
    good: { sortCode: '10-88-00', accountNumber: '00012345' },
  },
  {
    country: 'DE',
    name: 'Germany',
    currency: 'EUR',
    // The right shape and length; the mod-97 check digits do not match.
    bad: { iban: 'DE89 3704 0044 0532 0130 01' },
    messages: { iban: 'Bank account number (IBAN) is not valid.' },
    good: { iban: 'DE89 3704 0044 0532 0130 00' },
  },
  {
    country: 'AU',
    name: 'Australia',
    currency: 'AUD',
    bad: { bsb: '11000', accountNumber: '000123456' },
    messages: { bsb: 'BSB must be 6 digits.' },
    good: { bsb: '110000', accountNumber: '000123456' },
  },
  {
    country: 'NZ',
    name: 'New Zealand',
    currency: 'NZD',
    bad: { accountNumber: '11-0000-0000' },
    messages: { accountNumber: 'Bank account number must be 15 or 16 digits.' },
    // Written with dashes: accepted once they are removed.
    good: { accountNumber: '11-0000-0000000-010' },
  },
  {
    country: 'JP',
    name: 'Japan',
    currency: 'JPY',
    bad: {
      bankName: ' ',
      bankCode: '11',
      branchCode: '000',
      accountNumber: '0001234',
      accountOwnerName: 'Jenny Rosen',
    },
    messages: {
      bankName: 'Bank name is required',
      branchName: 'Branch name is required',
      bankCode: 'Bank code must be 4 digits.',
    },
    good: {
      bankName: 'Mizuho Bank',
      branchName: 'Tokyo',
      bankCode: '1100',
      branchCode: '000',
      accountNumber: '0001234',
      accountOwnerName: 'Jenny Rosen',
    },
  },
];

describe('POST /api/simulated-stripe/tokens: bank fields per country', () => {
  let seller: TestAccount;
  beforeAll(async () => {
    seller = await signUp({ firstName: 'Bianca', lastName: 'Bank' });
  });

  it.each(bankCases)('$country: bad fields get their messages, good ones a token', async (bankCase) => {
    const bad = await token(seller, {
      kind: 'bank_account',
      country: bankCase.country,
      currency: bankCase.currency,
      fields: bankCase.bad,
    });
    expect(bad.status).toBe(400);
    const error = errorOf(bad.body);
    expect(error.code).toBe('validation-invalid-params');
    expect(error.title).toBe(bankConnectionFailed(bankCase.name, bankFieldInlineNames(bankCase.country)));
    expect(error.meta?.fields).toEqual(bankCase.messages);

    const good = await token(seller, {
      kind: 'bank_account',
      country: bankCase.country,
      currency: bankCase.currency,
      fields: bankCase.good,
    });
    expect(good.status).toBe(201);
    expect(good.body.data.id).toMatch(/^btok_/);
  });

  it('names the fields in the title as the spec words it (US: routing and account number; IBAN: account number)', () => {
    expect(bankConnectionFailed('United States', bankFieldInlineNames('US'))).toBe(
      'Could not connect account number. Please double-check that your routing number and account number are valid in United States',
    );
    expect(bankConnectionFailed('Germany', bankFieldInlineNames('DE'))).toBe(
      'Could not connect account number. Please double-check that your account number is valid in Germany',
    );
  });

  it('NZ: an account number written with spaces is accepted too', async () => {
    const spaced = await token(seller, {
      kind: 'bank_account',
      country: 'NZ',
      currency: 'NZD',
      fields: { accountNumber: '11 0000 0000000 010' },
    });
    expect(spaced.status).toBe(201);
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('refuses a wrong signature with 400', async () => {
    const payload = JSON.stringify({
      id: 'evt_wrong',
      object: 'event',
      type: 'account.updated',
      data: { object: { id: 'acct_x' } },
    });
    const wrong = await postWebhook(payload, signStripePayload(payload, 'whsec_not_the_secret'));
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong.body)).toMatchObject({
      code: 'validation-invalid-value',
      title: 'The webhook signature is not valid.',
    });
    const missing = await fetch(`${url}/api/webhooks/stripe`, { method: 'POST', body: payload });
    expect(missing.status).toBe(400);
  });

  it('handles the same event once: a replay answers 200 and changes nothing', async () => {
    const { seller, account } = await connectedSeller();
    const payload = JSON.stringify({
      id: `evt_test_${account.stripeAccountId}`,
      object: 'event',
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: account.stripeAccountId, object: 'account' } },
    });
    const before = await getUser(seller.user.id);
    const first = await postWebhook(payload, signStripePayload(payload, simulatedWebhookSecret));
    expect(first).toEqual({ status: 200, body: { received: true } });
    const afterFirst = await getUser(seller.user.id);
    expect(afterFirst?.stripeAccount?.updatedAt).not.toBe(before?.stripeAccount?.updatedAt);

    const second = await postWebhook(payload, signStripePayload(payload, simulatedWebhookSecret));
    expect(second).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const afterSecond = await getUser(seller.user.id);
    expect(afterSecond?.stripeAccount?.updatedAt).toBe(afterFirst?.stripeAccount?.updatedAt);
    expect(afterSecond?.updatedAt).toBe(afterFirst?.updatedAt);
  });
});

describe('saved card (simulated setup intents)', () => {
  async function setupIntent(account: TestAccount) {
    const response = await api('POST', '/api/stripe/setup-intents', { token: account.accessToken });
    expect(response.status).toBe(201);
    expect(response.body.data.clientSecret).toMatch(/_secret_/);
    return response.body.data.setupIntentId as string;
  }
  const card = (number: string) => ({
    number,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
  });
  const confirm = (account: TestAccount, id: string, body: unknown) =>
    api('POST', `/api/simulated-stripe/setup-intents/${id}/confirm`, { token: account.accessToken, body });

  it('saves, shows, replaces and deletes the default card; a declined card is 402 card_declined', async () => {
    const buyer = await signUp({ firstName: 'Carl', lastName: 'Card' });
    const declinedIntent = await setupIntent(buyer);
    const declined = await confirm(buyer, declinedIntent, card(testCards.declined));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'The card was declined.',
    });
    const expired = await confirm(buyer, declinedIntent, card(testCards.expired));
    expect(expired.body.error.code).toBe('expired_card');

    const needsAuth = await confirm(buyer, declinedIntent, card(testCards.authenticationRequired));
    expect(needsAuth.body.data).toEqual({ status: 'requires_action' });

    const intent = await setupIntent(buyer);
    const confirmed = await confirm(buyer, intent, card(testCards.success));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.status).toBe('succeeded');
    const saved = await api('PUT', '/api/me/payment-method', {
      token: buyer.accessToken,
      body: { stripePaymentMethodId: confirmed.body.data.paymentMethodId },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ brand: 'visa', last4Digits: '4242' });
    let me = await api('GET', '/api/me', { token: buyer.accessToken });
    expect(me.body.data.payments.defaultPaymentMethod).toMatchObject({ brand: 'visa', last4Digits: '4242' });
    expect(me.body.data.payments.payoutReady).toBe(false);

    // Someone else cannot confirm the buyer's setup intent or save the buyer's card.
    const other = await signUp();
    await setupIntent(other);
    expect((await confirm(other, intent, card(testCards.success))).status).toBe(404);
    const stolen = await api('PUT', '/api/me/payment-method', {
      token: other.accessToken,
      body: { stripePaymentMethodId: confirmed.body.data.paymentMethodId },
    });
    expect(stolen.status).toBe(404);

    const replacement = await setupIntent(buyer);
    const mastercard = await confirm(buyer, replacement, card('5555555555554444'));
    const replaced = await api('PUT', '/api/me/payment-method', {
      token: buyer.accessToken,
      body: { stripePaymentMethodId: mastercard.body.data.paymentMethodId },
    });
    expect(replaced.body.data).toMatchObject({ brand: 'mastercard', last4Digits: '4444' });

    const deleted = await api('DELETE', '/api/me/payment-method', { token: buyer.accessToken });
    expect(deleted.status).toBe(204);
    me = await api('GET', '/api/me', { token: buyer.accessToken });
    expect(me.body.data.payments.defaultPaymentMethod).toBeUndefined();
  });
});

describe('PATCH /api/me seenMissingInformation', () => {
  it('marks the missing-information modal seen; nothing else is accepted', async () => {
    const user = await signUp();
    const seen = await api('PATCH', '/api/me', {
      token: user.accessToken,
      body: { seenMissingInformation: true },
    });
    expect(seen.status).toBe(200);
    expect(seen.body.data.payments.seenMissingInformation).toBe(true);
    const cleared = await api('PATCH', '/api/me', {
      token: user.accessToken,
      body: { seenMissingInformation: false },
    });
    expect(cleared.status).toBe(400);
  });
});
