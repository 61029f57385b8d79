/**
 * The simulated card provider: Stripe's behaviour without Stripe, for local runs, tests and
 * deployments without keys. State lives in the table (`SIMSTRIPE#<id>` items, conditional writes),
 * objects have Stripe's shapes (so the real adapter's mapping reads them), and it sends the same
 * webhooks (account.updated, setup_intent.succeeded), signed the way Stripe signs, to
 * `/api/webhooks/stripe`. Test cards and flows: docs/payments.md.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PayoutAccountType, SetupIntentView, SimulatedCardRequest } from '../../../shared/api/payments';
import { payoutCountry } from '../../../shared/config/payout-countries';
import { cardErrorMessage } from '../../../shared/errors/card-errors';
import { bankConnectionFailed, unsupportedCountry } from '../../../shared/errors/catalogue';
import {
  type BankAccountTokenParams,
  bankAccountTokenParams,
  bankFieldInlineNames,
  validateBankAccount,
} from '../../../shared/validation/payout';
import { dynamo, tableName } from '../../lib/aws';
import { keys } from '../../lib/table-design';
import { isConditionFailure } from '../../lib/writes';
import {
  type AccountLinkInput,
  type AccountObject,
  type CardProvider,
  CardProviderError,
  type CreateAccountInput,
  type ProviderAccount,
  type ProviderCard,
  type ProviderEvent,
  toProviderAccount,
} from './port';
import { signStripePayload, verifyStripeSignature } from './real';

/** The simulated provider's webhook signing secret (STRIPE_WEBHOOK_SECRET overrides it). */
export const simulatedWebhookSecret = 'whsec_simulated_velo_exchange';
export { simulatedPublishableKey } from './runtime-config';

/** What a new account still needs before it can be paid, by business type (Stripe's requirement names). */
export const simulatedRequirements: Record<PayoutAccountType, string[]> = {
  individual: [
    'individual.dob.day',
    'individual.dob.month',
    'individual.dob.year',
    'individual.first_name',
    'individual.last_name',
    'individual.verification.document',
  ],
  company: [
    'company.name',
    'company.tax_id',
    'representative.first_name',
    'representative.last_name',
    'representative.verification.document',
  ],
};

/** Test cards (docs/payments.md). */
export const testCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authenticationRequired: '4000002500003155',
  expired: '4000000000000069',
} as const;

/** Links to the simulated hosted onboarding stay valid this long (Stripe: a few minutes). */
const linkLifetimeSeconds = 300;

type SimObject =
  | (AccountObject & { object: 'account' })
  | { id: string; object: 'token'; kind: 'bank_account'; used: boolean; params: BankAccountTokenParams }
  | { id: string; object: 'token'; kind: 'account'; used: boolean; business_type: PayoutAccountType }
  | { id: string; object: 'customer'; email: string; metadata: Record<string, string> }
  | {
      id: string;
      object: 'setup_intent';
      customer: string;
      status: string;
      client_secret: string;
      payment_method?: string;
    }
  | {
      id: string;
      object: 'payment_method';
      customer: string | null;
      card: { brand: string; last4: string; exp_month: number; exp_year: number };
    }
  | {
      id: string;
      object: 'account_link';
      account: string;
      type: string;
      refresh_url: string;
      return_url: string;
      expires_at: number;
      used: boolean;
    };

type Of<K extends SimObject['object']> = Extract<SimObject, { object: K }>;

const newId = (prefix: string) => `${prefix}_sim${randomBytes(12).toString('hex')}`;

function noSuch(kind: string, id: string): CardProviderError {
  return new CardProviderError('invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    statusCode: 404,
  });
}

export interface SimulatedOptions {
  /** The site's origin: hosted onboarding links and webhook deliveries go there. */
  origin: string;
}

export class SimulatedCardProvider implements CardProvider {
  readonly mode = 'simulated' as const;
  constructor(private readonly options: SimulatedOptions) {}

  // ------------------------------------------------------------ storage

  private async get<K extends SimObject['object']>(kind: K, id: string): Promise<Of<K> | undefined> {
    if (!id) return undefined;
    const result = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.simulatedStripeObject(id), ConsistentRead: true }),
    );
    const data = result.Item?.data as SimObject | undefined;
    return data?.object === kind ? (data as Of<K>) : undefined;
  }

  private async require<K extends SimObject['object']>(kind: K, id: string, name: string): Promise<Of<K>> {
    const found = await this.get(kind, id);
    if (!found) throw noSuch(name, id);
    return found;
  }

  private async put(data: SimObject, options: { create?: boolean; expect?: Record<string, unknown> } = {}) {
    const conditions: string[] = [];
    const values: Record<string, unknown> = {};
    if (options.create) conditions.push('attribute_not_exists(PK)');
    for (const [name, value] of Object.entries(options.expect ?? {})) {
      conditions.push(`#data.#${name} = :${name}`);
      values[`:${name}`] = value;
    }
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.simulatedStripeObject(data.id), entity: 'simulated-stripe', data },
        ...(conditions.length
          ? {
              ConditionExpression: conditions.join(' AND '),
              ...(options.expect
                ? {
                    ExpressionAttributeNames: {
                      '#data': 'data',
                      ...Object.fromEntries(Object.keys(options.expect).map((name) => [`#${name}`, name])),
                    },
                    ExpressionAttributeValues: values,
                  }
                : {}),
            }
          : {}),
      }),
    );
  }

  /** Marks a one-time token used (one conditional write: a second use fails as in Stripe). */
  private async consumeToken<T extends Of<'token'>>(id: string, kind: T['kind']): Promise<T> {
    const token = await this.get('token', id);
    if (!token || token.kind !== kind) throw noSuch('token', id);
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.simulatedStripeObject(id),
          UpdateExpression: 'SET #data.#used = :true',
          ConditionExpression: '#data.#used = :false',
          ExpressionAttributeNames: { '#data': 'data', '#used': 'used' },
          ExpressionAttributeValues: { ':true': true, ':false': false },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) {
        throw new CardProviderError(
          'invalid_request_error',
          `You cannot use a Stripe token more than once: ${id}.`,
          {
            code: 'token_already_used',
          },
        );
      }
      throw error;
    }
    return token as T;
  }

  /** The object made earlier with this idempotency key, if any. */
  private async idempotent(key: string): Promise<string | undefined> {
    const result = await dynamo().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.simulatedStripeIdempotency(key),
        ConsistentRead: true,
      }),
    );
    return result.Item?.objectId as string | undefined;
  }

  private async remember(key: string, objectId: string): Promise<string> {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.simulatedStripeIdempotency(key), entity: 'simulated-stripe-key', objectId },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return objectId;
    } catch (error) {
      // A concurrent request with the same key won: answer with its object, as Stripe does.
      if (isConditionFailure(error)) return (await this.idempotent(key)) ?? objectId;
      throw error;
    }
  }

  // ------------------------------------------------------------ accounts

  async createAccount(input: CreateAccountInput): Promise<ProviderAccount> {
    const earlier = await this.idempotent(input.idempotencyKey);
    if (earlier) return toProviderAccount(await this.require('account', earlier, 'account'));
    const country = payoutCountry(input.country);
    if (!country) {
      throw new CardProviderError('invalid_request_error', unsupportedCountry(input.country), {
        code: 'country_unsupported',
        param: 'country',
      });
    }
    const accountToken = await this.consumeToken<Extract<Of<'token'>, { kind: 'account' }>>(
      input.accountToken,
      'account',
    );
    const bankToken = await this.consumeToken<Extract<Of<'token'>, { kind: 'bank_account' }>>(
      input.bankAccountToken,
      'bank_account',
    );
    if (bankToken.params.country !== country.code) {
      throw new CardProviderError(
        'invalid_request_error',
        `The bank account's country (${bankToken.params.country}) must be the account's country (${country.code}).`,
        { code: 'invalid_bank_account', param: 'external_account' },
      );
    }
    const account: Of<'account'> = {
      id: newId('acct'),
      object: 'account',
      country: country.code,
      default_currency: country.currency.toLowerCase(),
      business_type: accountToken.business_type,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
      requirements: {
        currently_due: simulatedRequirements[accountToken.business_type],
        past_due: [],
        errors: [],
        disabled_reason: 'requirements.past_due',
      },
      external_accounts: { data: [{ last4: bankToken.params.account_number.slice(-4) }] },
      metadata: { userId: input.userId, business_profile_url: input.businessProfileUrl, mcc: input.mcc },
    };
    await this.put(account, { create: true });
    const id = await this.remember(input.idempotencyKey, account.id);
    return toProviderAccount(id === account.id ? account : await this.require('account', id, 'account'));
  }

  async updateAccount(accountId: string, input: { bankAccountToken: string }): Promise<ProviderAccount> {
    const account = await this.require('account', accountId, 'account');
    const bankToken = await this.consumeToken<Extract<Of<'token'>, { kind: 'bank_account' }>>(
      input.bankAccountToken,
      'bank_account',
    );
    if (bankToken.params.country !== account.country) {
      throw new CardProviderError(
        'invalid_request_error',
        `The bank account's country (${bankToken.params.country}) must be the account's country (${account.country}).`,
        { code: 'invalid_bank_account', param: 'external_account' },
      );
    }
    const updated = {
      ...account,
      external_accounts: { data: [{ last4: bankToken.params.account_number.slice(-4) }] },
    };
    await this.put(updated);
    await this.deliver('account.updated', updated, account.id);
    return toProviderAccount(updated);
  }

  async fetchAccount(accountId: string): Promise<ProviderAccount> {
    return toProviderAccount(await this.require('account', accountId, 'account'));
  }

  async createAccountLink(input: AccountLinkInput): Promise<{ url: string }> {
    await this.require('account', input.accountId, 'account');
    const link: Of<'account_link'> = {
      id: newId('link'),
      object: 'account_link',
      account: input.accountId,
      type: input.type,
      refresh_url: input.failureURL,
      return_url: input.successURL,
      expires_at: Math.floor(Date.now() / 1000) + linkLifetimeSeconds,
      used: false,
    };
    await this.put(link, { create: true });
    const query = new URLSearchParams({ account: input.accountId, link: link.id });
    return { url: `${this.options.origin}/api/simulated-stripe/onboarding?${query}` };
  }

  /** The hosted onboarding page's link, if it is valid for the account (not used, not expired). */
  async onboardingLink(accountId: string, linkId: string): Promise<Of<'account_link'> | undefined> {
    const link = await this.get('account_link', linkId);
    if (!link || link.account !== accountId) return undefined;
    return link;
  }

  async accountObject(accountId: string): Promise<Of<'account'> | undefined> {
    return this.get('account', accountId);
  }

  /**
   * The hosted onboarding's "Submit verification": the link is used up (one conditional write),
   * every requirement is met, the capabilities become active, and account.updated is sent.
   */
  async completeOnboarding(accountId: string, linkId: string): Promise<Of<'account_link'>> {
    const link = await this.onboardingLink(accountId, linkId);
    if (!link) throw noSuch('account link', linkId);
    await this.consumeLink(link);
    const account = await this.require('account', accountId, 'account');
    const verified: Of<'account'> = {
      ...account,
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
      requirements: { currently_due: [], past_due: [], errors: [], disabled_reason: null },
    };
    await this.put(verified);
    await this.deliver('account.updated', verified, accountId);
    return link;
  }

  /** "Leave": the link is used up, nothing changes. */
  async leaveOnboarding(accountId: string, linkId: string): Promise<Of<'account_link'>> {
    const link = await this.onboardingLink(accountId, linkId);
    if (!link) throw noSuch('account link', linkId);
    await this.consumeLink(link);
    return link;
  }

  private async consumeLink(link: Of<'account_link'>): Promise<void> {
    const expired = link.expires_at < Date.now() / 1000;
    try {
      if (expired) throw new Error('expired');
      await this.put({ ...link, used: true }, { expect: { used: false } });
    } catch (error) {
      if (expired || isConditionFailure(error)) {
        throw new CardProviderError(
          'invalid_request_error',
          'This account link has expired or was already used.',
          {
            code: 'account_link_expired',
          },
        );
      }
      throw error;
    }
  }

  // ------------------------------------------------------------ tokens (Stripe.js stand-in)

  async createBankAccountToken(input: {
    country: string;
    currency: string;
    fields: Record<string, string>;
  }): Promise<{ id: string; params: BankAccountTokenParams }> {
    const errors = validateBankAccount(input.country, input.fields);
    const country = payoutCountry(input.country);
    if (!country || errors.country) {
      throw new CardProviderError('invalid_request_error', unsupportedCountry(input.country), {
        code: 'country_unsupported',
        param: 'country',
        fields: { country: unsupportedCountry(input.country) },
      });
    }
    if (input.currency.toUpperCase() !== country.currency) {
      const message = `Currency ${input.currency} is not supported for bank accounts in ${country.name}; use ${country.currency}.`;
      throw new CardProviderError('invalid_request_error', message, {
        code: 'invalid_currency',
        param: 'currency',
        fields: { currency: message },
      });
    }
    const fields = Object.fromEntries(
      Object.entries(errors).filter(([, message]) => Boolean(message)),
    ) as Record<string, string>;
    if (Object.keys(fields).length > 0) {
      throw new CardProviderError(
        'invalid_request_error',
        bankConnectionFailed(country.name, bankFieldInlineNames(country.code)),
        { code: 'invalid_bank_account', param: 'bank_account', fields },
      );
    }
    const params = bankAccountTokenParams(country.code, input.fields);
    const token: Of<'token'> = {
      id: newId('btok'),
      object: 'token',
      kind: 'bank_account',
      used: false,
      params,
    };
    await this.put(token, { create: true });
    return { id: token.id, params };
  }

  async createAccountToken(input: { businessType: PayoutAccountType; tosShownAndAccepted: boolean }) {
    if (input.businessType !== 'individual' && input.businessType !== 'company') {
      throw new CardProviderError(
        'invalid_request_error',
        'Invalid business_type: must be individual or company.',
        {
          code: 'parameter_invalid_empty',
          param: 'business_type',
          fields: { businessType: 'This field is required' },
        },
      );
    }
    if (input.tosShownAndAccepted !== true) {
      throw new CardProviderError('invalid_request_error', 'The terms of service must be accepted.', {
        code: 'parameter_missing',
        param: 'tos_shown_and_accepted',
        fields: { tosShownAndAccepted: 'The terms of service must be accepted.' },
      });
    }
    const token: Of<'token'> = {
      id: newId('ct'),
      object: 'token',
      kind: 'account',
      used: false,
      business_type: input.businessType,
    };
    await this.put(token, { create: true });
    return { id: token.id };
  }

  // ------------------------------------------------------------ customers and cards

  async createCustomer(input: {
    userId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ id: string }> {
    const earlier = await this.idempotent(input.idempotencyKey);
    if (earlier) return { id: earlier };
    const customer: Of<'customer'> = {
      id: newId('cus'),
      object: 'customer',
      email: input.email,
      metadata: { userId: input.userId },
    };
    await this.put(customer, { create: true });
    return { id: await this.remember(input.idempotencyKey, customer.id) };
  }

  async createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<SetupIntentView> {
    await this.require('customer', input.customerId, 'customer');
    const earlier = await this.idempotent(input.idempotencyKey);
    if (earlier) {
      const intent = await this.require('setup_intent', earlier, 'setup intent');
      return { setupIntentId: intent.id, clientSecret: intent.client_secret };
    }
    const id = newId('seti');
    const intent: Of<'setup_intent'> = {
      id,
      object: 'setup_intent',
      customer: input.customerId,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    };
    await this.put(intent, { create: true });
    await this.remember(input.idempotencyKey, id);
    return { setupIntentId: intent.id, clientSecret: intent.client_secret };
  }

  /** The customer a setup intent belongs to (the confirm route checks it is the caller's). */
  async setupIntentCustomer(setupIntentId: string): Promise<string | undefined> {
    return (await this.get('setup_intent', setupIntentId))?.customer;
  }

  /**
   * Confirms a setup intent with a test card (Stripe.js's confirmCardSetup stand-in). Declines and
   * invalid cards throw CardProviderError card_error with Stripe's codes; the authentication card
   * answers requires_action until confirmed again with `authenticate: true`.
   */
  async confirmSetupIntent(
    setupIntentId: string,
    card: SimulatedCardRequest,
    now: Date = new Date(),
  ): Promise<{ paymentMethodId?: string; status: string }> {
    const intent = await this.require('setup_intent', setupIntentId, 'setup intent');
    if (intent.status === 'succeeded') {
      throw new CardProviderError('invalid_request_error', 'This SetupIntent has already succeeded.', {
        code: 'setup_intent_unexpected_state',
        setupIntent: { id: intent.id, status: intent.status },
      });
    }
    const fail = async (code: string, declineStatus = 'requires_payment_method') => {
      await this.put({ ...intent, status: declineStatus });
      return new CardProviderError('card_error', cardErrorMessage({ type: 'card_error', code }), {
        code,
        statusCode: 402,
        setupIntent: { id: intent.id, status: declineStatus },
      });
    };
    const number = String(card.number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number)) throw await fail('incomplete_number');
    if (!luhn(number)) throw await fail('incorrect_number');
    const expMonth = Number(card.expMonth);
    const expYear = Number(card.expYear) < 100 ? 2000 + Number(card.expYear) : Number(card.expYear);
    if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
      throw await fail('invalid_expiry_month');
    if (!Number.isInteger(expYear)) throw await fail('invalid_expiry_year');
    const year = now.getUTCFullYear();
    if (expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1)) {
      throw await fail('invalid_expiry_year_past');
    }
    if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) throw await fail('invalid_cvc');
    if (number === testCards.declined) throw await fail('card_declined');
    if (number === testCards.expired) throw await fail('expired_card');
    if (number === testCards.authenticationRequired && card.authenticate !== true) {
      await this.put({ ...intent, status: 'requires_action' });
      return { status: 'requires_action' };
    }
    const method: Of<'payment_method'> = {
      id: newId('pm'),
      object: 'payment_method',
      customer: intent.customer,
      card: { brand: brandOf(number), last4: number.slice(-4), exp_month: expMonth, exp_year: expYear },
    };
    await this.put(method, { create: true });
    const succeeded = { ...intent, status: 'succeeded', payment_method: method.id };
    await this.put(succeeded);
    await this.deliver('setup_intent.succeeded', succeeded);
    return { paymentMethodId: method.id, status: 'succeeded' };
  }

  async fetchPaymentMethod(paymentMethodId: string): Promise<ProviderCard> {
    return toCard(await this.require('payment_method', paymentMethodId, 'PaymentMethod'));
  }

  async attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<ProviderCard> {
    const method = await this.require('payment_method', paymentMethodId, 'PaymentMethod');
    if (method.customer === customerId) return toCard(method);
    if (method.customer) {
      throw new CardProviderError(
        'invalid_request_error',
        'The payment method is attached to another customer.',
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    await this.require('customer', customerId, 'customer');
    const attached = { ...method, customer: customerId };
    await this.put(attached);
    return toCard(attached);
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    const method = await this.require('payment_method', paymentMethodId, 'PaymentMethod');
    if (!method.customer) {
      throw new CardProviderError(
        'invalid_request_error',
        'The payment method is not attached to a customer.',
        {
          code: 'payment_method_unexpected_state',
        },
      );
    }
    await this.put({ ...method, customer: null });
  }

  // ------------------------------------------------------------ webhooks

  private secret(): string {
    return process.env.STRIPE_WEBHOOK_SECRET || simulatedWebhookSecret;
  }

  verifyWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
    return verifyStripeSignature(rawBody, signature, this.secret());
  }

  /** Sends a Stripe-shaped event, signed as Stripe signs, to the webhook route (awaited; failures logged). */
  async deliver(type: string, object: SimObject, account?: string): Promise<void> {
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      ...(account ? { account } : {}),
      data: { object },
    });
    const url = process.env.STRIPE_SIMULATED_WEBHOOK_URL || `${this.options.origin}/api/webhooks/stripe`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripePayload(payload, this.secret()),
        },
        body: payload,
      });
      if (!response.ok)
        console.warn(JSON.stringify({ simulatedStripe: 'webhook-failed', type, status: response.status }));
    } catch (error) {
      console.warn(
        JSON.stringify({ simulatedStripe: 'webhook-unreachable', type, url, error: String(error) }),
      );
    }
  }
}

function toCard(method: Of<'payment_method'>): ProviderCard {
  return {
    id: method.id,
    ...(method.customer ? { customerId: method.customer } : {}),
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
  };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's brand names by number prefix. */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^(36|30|38)/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}
