import { randomUUID } from 'node:crypto';
import { keys } from '../../functions/lib/table-design';
import { type ApiRouteName, apiPath } from '../../shared/api/routes';
import { testCloud } from './accounts';
import {
  type Case,
  canadianBank,
  forbidden,
  notFound,
  onOwner,
  self,
  stripeToken,
  testCard,
  usBank,
  user,
} from './authorization-case-kit';
import { freshOwner, ownerSetupIntent } from './authorization-world';

/** The authorization matrix's cases of the Stripe and PayPal routes, simulated ones included (authorization-cases.ts). */
export const paymentCases = {
  stripeAccount: {
    auth: 'user',
    why: 'self: the caller’s connected account (the other user has none: null)',
    other: self(200),
    owner: 200,
    prepare: async (w) => onOwner(w, { method: 'GET', path: '/api/stripe/account' }),
  },
  createStripeAccount: {
    auth: 'user',
    why: 'self: the account is made for the caller; the other user has one already (409, before the tokens are used)',
    other: { status: 409, code: 'conflict' },
    owner: 201,
    prepare: async (w) => {
      const owner = await freshOwner(w);
      const body = {
        country: 'CA',
        accountType: 'individual',
        accountToken: await stripeToken(owner, {
          kind: 'account',
          businessType: 'individual',
          tosShownAndAccepted: true,
        }),
        bankAccountToken: await stripeToken(owner, canadianBank),
      };
      return { owner, call: { method: 'POST', path: '/api/stripe/account', body }, watch: [user(owner.id)] };
    },
  },
  updateStripeAccount: {
    auth: 'user',
    why: 'self: replaces the bank of the caller’s own connected account (a bank token is single-use: one per call)',
    other: self(200),
    owner: 200,
    prepare: async (w) => ({
      call: async () => ({
        method: 'PATCH',
        path: '/api/stripe/account',
        body: { bankAccountToken: await stripeToken(w.owner, usBank) },
      }),
      watch: [user(w.owner.id)],
    }),
  },
  createStripeAccountLink: {
    auth: 'user',
    why: 'self: a link for the caller’s own connected account',
    other: self(200),
    owner: 200,
    prepare: async (w) => {
      const site = testCloud().url;
      return onOwner(w, {
        method: 'POST',
        path: '/api/stripe/account-links',
        body: {
          type: 'account_onboarding',
          failureURL: `${site}/account/payments`,
          successURL: `${site}/account/payments`,
        },
      });
    },
  },
  createSetupIntent: {
    auth: 'user',
    why: 'self: on the caller’s own Stripe customer',
    other: self(201),
    owner: 201,
    prepare: async (w) => onOwner(w, { method: 'POST', path: '/api/stripe/setup-intents' }),
  },
  savePaymentMethod: {
    auth: 'user',
    why: 'the card must be attached to the caller’s customer: someone else’s card is 404',
    other: notFound,
    owner: 200,
    prepare: async (w) => {
      const { paymentMethodId } = await ownerSetupIntent(w.owner.account, true);
      return onOwner(
        w,
        { method: 'PUT', path: '/api/me/payment-method', body: { stripePaymentMethodId: paymentMethodId } },
        [keys.simulatedStripeObject(paymentMethodId!)],
      );
    },
  },
  deletePaymentMethod: {
    auth: 'user',
    why: 'self: forgets the caller’s own saved card (none: 204 as well)',
    other: self(204),
    owner: 204,
    prepare: async (w) => onOwner(w, { method: 'DELETE', path: '/api/me/payment-method' }),
  },
  stripeWebhook: {
    auth: 'public',
    why: 'public; its guard is the Stripe-Signature header: none is 400',
    answer: { status: 400 },
    prepare: async () => ({
      call: {
        method: 'POST',
        path: '/api/webhooks/stripe',
        body: { id: `evt_${randomUUID()}`, type: 'account.updated' },
      },
      watch: [],
    }),
  },
  simulatedStripeToken: {
    auth: 'user',
    why: 'self: a token names no user',
    other: self(201),
    owner: 201,
    prepare: async (w) =>
      onOwner(w, { method: 'POST', path: '/api/simulated-stripe/tokens', body: canadianBank }),
  },
  simulatedStripeConfirmSetupIntent: {
    auth: 'user',
    why: 'only the setup intent’s customer: anyone else 404',
    other: notFound,
    owner: 200,
    prepare: async (w) => {
      const { setupIntentId } = await ownerSetupIntent(w.owner.account, false);
      return onOwner(
        w,
        {
          method: 'POST',
          path: apiPath('simulatedStripeConfirmSetupIntent', { id: setupIntentId }),
          body: testCard,
        },
        [keys.simulatedStripeObject(setupIntentId)],
      );
    },
  },
  simulatedStripeOnboardingPage: {
    auth: 'public',
    why: 'public page; its guard is the account link id: an unknown link is a 404 page',
    answer: { status: 404, page: true },
    prepare: async () => ({
      call: {
        method: 'GET',
        path: `/api/simulated-stripe/onboarding?account=acct_${randomUUID()}&link=${randomUUID()}`,
      },
      watch: [],
    }),
  },
  simulatedStripeSubmitOnboarding: {
    auth: 'public',
    why: 'public form post; its guard is the account link id: an unknown link is a 404 page',
    answer: { status: 404, page: true },
    prepare: async () => ({
      call: {
        method: 'POST',
        path: '/api/simulated-stripe/onboarding',
        body: `account=acct_${randomUUID()}&link=${randomUUID()}&action=submit`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      watch: [],
    }),
  },
  paypalOnboardingLink: {
    auth: 'user',
    why: 'the tracking id must be the caller’s own: another’s is 403',
    other: forbidden,
    owner: 200,
    prepare: async (w) =>
      onOwner(w, {
        method: 'POST',
        path: '/api/get-paypal-onboarding-link',
        body: { trackingId: w.owner.id },
      }),
  },
  paypalMerchantId: {
    auth: 'user',
    why: 'the tracking id must be the caller’s own: another’s is 403',
    other: forbidden,
    owner: 200,
    prepare: async (w) =>
      onOwner(w, { method: 'POST', path: '/api/get-paypal-merchant-id', body: { trackingId: w.owner.id } }),
  },
  paypalOnboardingStatus: {
    auth: 'user',
    why: 'only the caller’s own merchant: another’s is 403',
    other: forbidden,
    owner: 200,
    prepare: async (w) =>
      onOwner(w, {
        method: 'POST',
        path: '/api/get-paypal-onboarding-status',
        body: { merchantId: w.ownerMerchantId, updateUserMaybe: true },
      }),
  },
  paypalOffboard: {
    auth: 'user',
    why: 'self: unlinks the caller’s own PayPal',
    other: self(200),
    owner: 200,
    ownerLast: true,
    prepare: async (w) => onOwner(w, { method: 'POST', path: '/api/paypal/offboard' }),
  },
  paypalWebhook: {
    auth: 'public',
    why: 'public; its guard is the signature headers: none is 400',
    answer: { status: 400 },
    prepare: async () => ({
      call: {
        method: 'POST',
        path: '/api/webhooks/paypal',
        body: { id: `WH-${randomUUID()}`, event_type: 'PAYMENT.CAPTURE.COMPLETED' },
      },
      watch: [],
    }),
  },
  simulatedPaypalOnboardingPage: {
    auth: 'public',
    why: 'public page; its guard is the onboarding link: an unknown one is a 400 page',
    answer: { status: 400, page: true },
    prepare: async () => ({
      call: {
        method: 'GET',
        path: `/api/simulated-paypal/onboarding?trackingId=${randomUUID()}&referral=${randomUUID()}`,
      },
      watch: [],
    }),
  },
  simulatedPaypalSubmitOnboarding: {
    auth: 'public',
    why: 'public form post; its guard is the onboarding link: an unknown one is a 400 page',
    answer: { status: 400, page: true },
    prepare: async () => ({
      call: {
        method: 'POST',
        path: '/api/simulated-paypal/onboarding',
        body: `trackingId=${randomUUID()}&referral=${randomUUID()}&action=agree`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      watch: [],
    }),
  },
} satisfies Partial<Record<ApiRouteName, Case>>;
