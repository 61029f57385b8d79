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
import { chargeLimits } from '../../../shared/config/charge-limits';
import { connectedAccountSetup, payoutCountry } from '../../../shared/config/payout-countries';
import { cardErrorMessage } from '../../../shared/errors/card-errors';
import { bankConnectionFailed, unsupportedCountry } from '../../../shared/errors/catalogue';
import { formatMoneyExact } from '../../../shared/money';
import {
  type BankAccountTokenParams,
  bankAccountTokenParams,
  bankFieldInlineNames,
  validateBankAccount,
} from '../../../shared/validation/payout';
import { dynamo, tableName } from '../../lib/aws';
import { log } from '../../lib/logger';
import { secretValue } from '../../lib/secrets';
import { siteOrigin } from '../../lib/site-origin';
import { keys } from '../../lib/table-design';
import { isConditionFailure } from '../../lib/writes';
import {
  type AccountLinkInput,
  type AccountObject,
  type CardProvider,
  CardProviderError,
  type CreateAccountInput,
  type CreatePaymentIntentInput,
  type CreateTransferInput,
  type PaymentIntentStatus,
  type ProviderAccount,
  type ProviderCard,
  type ProviderEvent,
  type ProviderPaymentIntent,
  type ProviderRefund,
  type ProviderTransfer,
  type SimulatedPaymentConfirmation,
  toProviderAccount,
  toProviderPaymentIntent,
  toProviderRefund,
  toProviderTransfer,
} from './port';
import { signStripePayload, verifyStripeSignature } from './signature';

/** The simulated provider's development webhook signing secret (a deployment's STRIPE_WEBHOOK_SECRET replaces it). */
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
      object: 'payment_intent';
      amount: number;
      /** Lower case, as Stripe. */
      currency: string;
      status: PaymentIntentStatus;
      client_secret: string;
      capture_method: 'manual';
      customer: string | null;
      payment_method: string | null;
      latest_charge: string | null;
      amount_received: number;
      amount_refunded: number;
      setup_future_usage: 'off_session' | null;
      transfer_group: string;
      metadata: Record<string, string>;
      last_payment_error: { type: string; code: string; message: string } | null;
      cancellation_reason: string | null;
      /** The idempotency keys of the capture, the cancellation and the refund (a retry answers the same). */
      sim_capture_key?: string;
      sim_cancel_key?: string;
      sim_refund?: { key: string; id: string };
    }
  | {
      id: string;
      object: 'charge';
      amount: number;
      currency: string;
      payment_intent: string;
      transfer_group: string;
    }
  | {
      id: string;
      object: 'refund';
      amount: number;
      currency: string;
      payment_intent: string;
      charge: string;
      status: string;
    }
  | {
      id: string;
      object: 'transfer';
      amount: number;
      currency: string;
      destination: string;
      source_transaction: string;
      transfer_group: string;
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

const cardUsd = chargeLimits.card.USD ?? { minimumMinor: 50, maximumMinor: 99_999_999 };

/**
 * Stripe's minimum charge amounts (minor units) and how its error shows them
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). Other currencies: 50.
 */
export const minimumChargeAmounts: Record<string, { amount: number; shown: string }> = {
  // The marketplace's own currency comes from the one home of its bounds (shared/config/charge-limits).
  usd: {
    amount: cardUsd.minimumMinor,
    shown: formatMoneyExact({ amount: cardUsd.minimumMinor, currency: 'USD' }),
  },
  aed: { amount: 200, shown: 'د.إ2.00' },
  aud: { amount: 50, shown: '$0.50' },
  bgn: { amount: 100, shown: 'лв1.00' },
  brl: { amount: 50, shown: 'R$0.50' },
  cad: { amount: 50, shown: '$0.50' },
  chf: { amount: 50, shown: 'CHF0.50' },
  czk: { amount: 1500, shown: 'Kč15.00' },
  dkk: { amount: 250, shown: 'kr.2.50' },
  eur: { amount: 50, shown: '€0.50' },
  gbp: { amount: 30, shown: '£0.30' },
  hkd: { amount: 400, shown: '$4.00' },
  huf: { amount: 17500, shown: 'Ft175.00' },
  inr: { amount: 50, shown: '₹0.50' },
  jpy: { amount: 50, shown: '¥50' },
  mxn: { amount: 1000, shown: '$10.00' },
  myr: { amount: 200, shown: 'RM2.00' },
  nok: { amount: 300, shown: 'kr3.00' },
  nzd: { amount: 50, shown: '$0.50' },
  pln: { amount: 200, shown: 'zł2.00' },
  ron: { amount: 200, shown: 'lei2.00' },
  sek: { amount: 300, shown: 'kr3.00' },
  sgd: { amount: 50, shown: '$0.50' },
  thb: { amount: 1000, shown: '฿10.00' },
};

/** Stripe's answer to an amount below the currency's minimum ("Amount must be at least $0.50 usd"). */
export function amountTooSmall(currency: string): CardProviderError {
  const lower = currency.toLowerCase();
  const minimum = minimumChargeAmounts[lower] ?? { amount: 50, shown: '0.50' };
  return new CardProviderError('invalid_request_error', `Amount must be at least ${minimum.shown} ${lower}`, {
    code: 'amount_too_small',
    param: 'amount',
    statusCode: 400,
  });
}

/**
 * Stripe's largest charge: eight digits of minor units in every currency ($999,999.99 in USD), the
 * marketplace's configured card maximum for USD.
 */
export function maximumChargeAmount(currency: string): number {
  return currency.toLowerCase() === 'usd' ? cardUsd.maximumMinor : 99_999_999;
}

/** Stripe's answer to an amount above the maximum ("Amount must be no more than $999,999.99"). */
export function amountTooLarge(currency: string): CardProviderError {
  const upper = currency.toUpperCase();
  const shown =
    upper === 'USD'
      ? formatMoneyExact({ amount: maximumChargeAmount(currency), currency: upper })
      : `${maximumChargeAmount(currency)} ${currency.toLowerCase()} minor units`;
  return new CardProviderError('invalid_request_error', `Amount must be no more than ${shown}`, {
    code: 'amount_too_large',
    param: 'amount',
    statusCode: 400,
  });
}

function unexpectedState(
  intent: { id: string; status: string },
  action: string,
  statuses: string,
): CardProviderError {
  return new CardProviderError(
    'invalid_request_error',
    `This PaymentIntent's ${action} could not be performed because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be ${statuses}.`,
    {
      code: 'payment_intent_unexpected_state',
      statusCode: 400,
      paymentIntent: { id: intent.id, status: intent.status },
    },
  );
}

/** Why a typed test card is refused (a Stripe card error code), or its parsed details. */
function checkCard(
  card: { number?: string; expMonth?: number; expYear?: number; cvc?: string },
  now: Date,
): { code: string } | { number: string; expMonth: number; expYear: number } {
  const number = String(card.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { code: 'incomplete_number' };
  if (!luhn(number)) return { code: 'incorrect_number' };
  const expMonth = Number(card.expMonth);
  const expYear = Number(card.expYear) < 100 ? 2000 + Number(card.expYear) : Number(card.expYear);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return { code: 'invalid_expiry_month' };
  if (!Number.isInteger(expYear)) return { code: 'invalid_expiry_year' };
  const year = now.getUTCFullYear();
  if (expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1)) {
    return { code: 'invalid_expiry_year_past' };
  }
  if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) return { code: 'invalid_cvc' };
  if (number === testCards.declined) return { code: 'card_declined' };
  if (number === testCards.expired) return { code: 'expired_card' };
  return { number, expMonth, expYear };
}

function noSuch(kind: string, id: string): CardProviderError {
  return new CardProviderError('invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    statusCode: 404,
  });
}

export interface SimulatedOptions {
  /** Where hosted onboarding links and webhook deliveries go; default the configured site origin. */
  origin?: string;
}

export class SimulatedCardProvider implements CardProvider {
  readonly mode = 'simulated' as const;
  constructor(private readonly options: SimulatedOptions = {}) {}

  /** Read when used, not when made: the configuration, never a request, names the site. */
  private origin(): string {
    return this.options.origin ?? siteOrigin();
  }

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

  /**
   * Stripe's idempotency keys: a request with a key seen before gets the object it made; otherwise
   * `create` checks, makes and stores the object, then the key remembers it. Of two requests racing
   * with one key, both may make an object, but both answer the one the key kept, as Stripe does (the
   * other stays behind unreferenced). Not `recordOnce`: that one answers "done before" with nothing,
   * and a Stripe retry must get the object back (docs/decisions.md, "Record once").
   */
  private async idempotently<K extends SimObject['object']>(
    key: string,
    kind: K,
    name: string,
    create: () => Promise<Of<K>>,
  ): Promise<Of<K>> {
    const earlier = await this.idempotent(key);
    if (earlier) return this.require(kind, earlier, name);
    const made = await create();
    await this.put(made, { create: true });
    const kept = await this.remember(key, made.id);
    return kept === made.id ? made : this.require(kind, kept, name);
  }

  // ------------------------------------------------------------ accounts

  async createAccount(input: CreateAccountInput): Promise<ProviderAccount> {
    const account = await this.idempotently(input.idempotencyKey, 'account', 'account', () =>
      this.newAccount(input),
    );
    return toProviderAccount(account);
  }

  private async newAccount(input: CreateAccountInput): Promise<Of<'account'>> {
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
    const setup = connectedAccountSetup(country.code);
    const account: Of<'account'> = {
      id: newId('acct'),
      object: 'account',
      country: country.code,
      default_currency: country.currency.toLowerCase(),
      business_type: accountToken.business_type,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      // What a real account asks for in its country (connectedAccountSetup).
      capabilities: Object.fromEntries(setup.capabilities.map((name) => [name, 'inactive'])),
      tos_acceptance: { service_agreement: setup.serviceAgreement },
      requirements: {
        currently_due: simulatedRequirements[accountToken.business_type],
        past_due: [],
        errors: [],
        disabled_reason: 'requirements.past_due',
      },
      external_accounts: { data: [{ last4: bankToken.params.account_number.slice(-4) }] },
      metadata: { userId: input.userId, business_profile_url: input.businessProfileUrl, mcc: input.mcc },
    };
    return account;
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
    return { url: `${this.origin()}/api/simulated-stripe/onboarding?${query}` };
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
      payouts_enabled: true,
      details_submitted: true,
      // The requested capabilities become active; a recipient account never takes charges itself.
      charges_enabled: account.capabilities?.card_payments !== undefined,
      capabilities: Object.fromEntries(
        Object.keys(account.capabilities ?? {}).map((name) => [name, 'active']),
      ),
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
    const customer = await this.idempotently(input.idempotencyKey, 'customer', 'customer', async () => ({
      id: newId('cus'),
      object: 'customer',
      email: input.email,
      metadata: { userId: input.userId },
    }));
    return { id: customer.id };
  }

  async createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<SetupIntentView> {
    await this.require('customer', input.customerId, 'customer');
    const intent = await this.idempotently(input.idempotencyKey, 'setup_intent', 'setup intent', async () => {
      const id = newId('seti');
      return {
        id,
        object: 'setup_intent',
        customer: input.customerId,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      };
    });
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
    const checked = checkCard(card, now);
    if ('code' in checked) throw await fail(checked.code);
    const { number, expMonth, expYear } = checked;
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

  // ------------------------------------------------------------ payment intents (orders)

  async createPaymentIntent(input: CreatePaymentIntentInput): Promise<ProviderPaymentIntent> {
    const intent = await this.idempotently(input.idempotencyKey, 'payment_intent', 'payment_intent', () =>
      this.newPaymentIntent(input),
    );
    return toProviderPaymentIntent(intent);
  }

  private async newPaymentIntent(input: CreatePaymentIntentInput): Promise<Of<'payment_intent'>> {
    const currency = input.currency.toLowerCase();
    requirePositiveAmount(input.amount);
    if (!/^[a-z]{3}$/.test(currency)) {
      throw new CardProviderError('invalid_request_error', `Invalid currency: ${currency}.`, {
        code: 'parameter_invalid_string',
        param: 'currency',
        statusCode: 400,
      });
    }
    if (input.amount < (minimumChargeAmounts[currency]?.amount ?? 50)) throw amountTooSmall(currency);
    if (input.amount > maximumChargeAmount(currency)) throw amountTooLarge(currency);
    if (input.customerId) await this.require('customer', input.customerId, 'customer');
    if (input.paymentMethodId) {
      const method = await this.require('payment_method', input.paymentMethodId, 'PaymentMethod');
      if (method.customer && method.customer !== input.customerId) {
        throw new CardProviderError(
          'invalid_request_error',
          'The provided PaymentMethod belongs to another Customer.',
          { code: 'payment_method_unexpected_state', param: 'payment_method', statusCode: 400 },
        );
      }
    }
    const id = newId('pi');
    const intent: Of<'payment_intent'> = {
      id,
      object: 'payment_intent',
      amount: input.amount,
      currency,
      status: input.paymentMethodId ? 'requires_confirmation' : 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      capture_method: 'manual',
      customer: input.customerId ?? null,
      payment_method: input.paymentMethodId ?? null,
      latest_charge: null,
      amount_received: 0,
      amount_refunded: 0,
      setup_future_usage: input.setupFutureUsage ? 'off_session' : null,
      transfer_group: input.transferGroup,
      metadata: { ...input.metadata },
      last_payment_error: null,
      cancellation_reason: null,
    };
    return intent;
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<ProviderPaymentIntent> {
    return toProviderPaymentIntent(await this.require('payment_intent', paymentIntentId, 'payment_intent'));
  }

  /** The user a PaymentIntent was made for (`metadata.customerUserId`): the confirm route's owner check. */
  async paymentIntentOwner(paymentIntentId: string): Promise<string | undefined> {
    return (await this.get('payment_intent', paymentIntentId))?.metadata.customerUserId;
  }

  /**
   * Confirms a PaymentIntent (Stripe.js's confirmCardPayment stand-in) with a saved card or a typed
   * test card. Capture is manual, so success is `requires_capture` with a charge. Declines throw
   * card_error (the intent goes back to requires_payment_method, so it can be retried); the
   * authentication card answers requires_action until confirmed again with `authenticate: true`.
   */
  async confirmPaymentIntent(
    paymentIntentId: string,
    confirmation: SimulatedPaymentConfirmation,
    now: Date = new Date(),
  ): Promise<ProviderPaymentIntent> {
    const intent = await this.require('payment_intent', paymentIntentId, 'payment_intent');
    const confirmable: PaymentIntentStatus[] = [
      'requires_payment_method',
      'requires_confirmation',
      'requires_action',
    ];
    if (!confirmable.includes(intent.status)) {
      throw new CardProviderError(
        'invalid_request_error',
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        {
          code: 'payment_intent_unexpected_state',
          statusCode: 400,
          paymentIntent: { id: intent.id, status: intent.status },
        },
      );
    }
    const typed = Boolean(confirmation.number);
    const savedId =
      confirmation.paymentMethodId ?? (typed ? undefined : (intent.payment_method ?? undefined));
    let method: Of<'payment_method'>;
    if (savedId) {
      method = await this.require('payment_method', savedId, 'PaymentMethod');
      if (method.customer && method.customer !== intent.customer) {
        throw new CardProviderError(
          'invalid_request_error',
          'The provided PaymentMethod belongs to another Customer.',
          { code: 'payment_method_unexpected_state', param: 'payment_method', statusCode: 400 },
        );
      }
    } else {
      const checked = checkCard(confirmation, now);
      if ('code' in checked) {
        const message = cardErrorMessage({ type: 'card_error', code: checked.code });
        await this.put({
          ...intent,
          status: 'requires_payment_method',
          last_payment_error: { type: 'card_error', code: checked.code, message },
        });
        throw new CardProviderError('card_error', message, {
          code: checked.code,
          statusCode: 402,
          paymentIntent: { id: intent.id, status: 'requires_payment_method' },
        });
      }
      if (checked.number === testCards.authenticationRequired && confirmation.authenticate !== true) {
        const waiting = { ...intent, status: 'requires_action' as const, last_payment_error: null };
        await this.put(waiting);
        return toProviderPaymentIntent(waiting);
      }
      method = {
        id: newId('pm'),
        object: 'payment_method',
        // setup_future_usage attaches the new card to the customer, as Stripe does.
        customer: intent.setup_future_usage && intent.customer ? intent.customer : null,
        card: {
          brand: brandOf(checked.number),
          last4: checked.number.slice(-4),
          exp_month: checked.expMonth,
          exp_year: checked.expYear,
        },
      };
      await this.put(method, { create: true });
    }
    const charge: Of<'charge'> = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      transfer_group: intent.transfer_group,
    };
    await this.put(charge, { create: true });
    const authorised: Of<'payment_intent'> = {
      ...intent,
      status: 'requires_capture',
      payment_method: method.id,
      latest_charge: charge.id,
      last_payment_error: null,
    };
    try {
      await this.put(authorised, { expect: { status: intent.status } });
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // A concurrent confirmation won: answer with the intent as it is now.
      return this.retrievePaymentIntent(intent.id);
    }
    return toProviderPaymentIntent(authorised);
  }

  async capturePaymentIntent(
    paymentIntentId: string,
    idempotencyKey: string,
  ): Promise<ProviderPaymentIntent> {
    for (;;) {
      const intent = await this.require('payment_intent', paymentIntentId, 'payment_intent');
      if (intent.sim_capture_key === idempotencyKey) return toProviderPaymentIntent(intent);
      if (intent.status !== 'requires_capture')
        throw unexpectedState(intent, 'capture', 'captured: requires_capture');
      const captured: Of<'payment_intent'> = {
        ...intent,
        status: 'succeeded',
        amount_received: intent.amount,
        sim_capture_key: idempotencyKey,
      };
      try {
        await this.put(captured, { expect: { status: 'requires_capture' } });
        return toProviderPaymentIntent(captured);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Someone else moved it: read again (the same key answers the same; anything else refuses).
      }
    }
  }

  async cancelPaymentIntent(paymentIntentId: string, idempotencyKey: string): Promise<ProviderPaymentIntent> {
    const cancelable: PaymentIntentStatus[] = [
      'requires_payment_method',
      'requires_confirmation',
      'requires_action',
      'requires_capture',
      'processing',
    ];
    for (;;) {
      const intent = await this.require('payment_intent', paymentIntentId, 'payment_intent');
      if (intent.sim_cancel_key === idempotencyKey) return toProviderPaymentIntent(intent);
      if (!cancelable.includes(intent.status)) {
        throw new CardProviderError(
          'invalid_request_error',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          {
            code: 'payment_intent_unexpected_state',
            statusCode: 400,
            paymentIntent: { id: intent.id, status: intent.status },
          },
        );
      }
      const canceled: Of<'payment_intent'> = {
        ...intent,
        status: 'canceled',
        cancellation_reason: 'requested_by_customer',
        sim_cancel_key: idempotencyKey,
      };
      try {
        await this.put(canceled, { expect: { status: intent.status } });
        return toProviderPaymentIntent(canceled);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    }
  }

  async refundPayment(input: { paymentIntentId: string; idempotencyKey: string }): Promise<ProviderRefund> {
    for (;;) {
      const intent = await this.require('payment_intent', input.paymentIntentId, 'payment_intent');
      if (intent.sim_refund?.key === input.idempotencyKey) {
        return toProviderRefund(await this.require('refund', intent.sim_refund.id, 'refund'));
      }
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw new CardProviderError(
          'invalid_request_error',
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          {
            code: 'charge_not_refundable',
            statusCode: 400,
            paymentIntent: { id: intent.id, status: intent.status },
          },
        );
      }
      if (intent.amount_refunded >= intent.amount_received) {
        throw new CardProviderError(
          'invalid_request_error',
          `Charge ${intent.latest_charge} has already been refunded.`,
          { code: 'charge_already_refunded', statusCode: 400 },
        );
      }
      const refund: Of<'refund'> = {
        id: newId('re'),
        object: 'refund',
        amount: intent.amount_received - intent.amount_refunded,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
      };
      await this.put(refund, { create: true });
      try {
        await this.put(
          {
            ...intent,
            amount_refunded: intent.amount_received,
            sim_refund: { key: input.idempotencyKey, id: refund.id },
          },
          { expect: { amount_refunded: intent.amount_refunded } },
        );
        return toProviderRefund(refund);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // A concurrent refund won (its refund object stays, unreferenced): read again.
      }
    }
  }

  async createTransfer(input: CreateTransferInput): Promise<ProviderTransfer> {
    const transfer = await this.idempotently(input.idempotencyKey, 'transfer', 'transfer', () =>
      this.newTransfer(input),
    );
    return toProviderTransfer(transfer);
  }

  private async newTransfer(input: CreateTransferInput): Promise<Of<'transfer'>> {
    const currency = input.currency.toLowerCase();
    requirePositiveAmount(input.amount);
    const account = await this.require('account', input.destination, 'account');
    if (account.capabilities?.transfers !== 'active') {
      throw new CardProviderError(
        'invalid_request_error',
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination', statusCode: 400 },
      );
    }
    const charge = await this.require('charge', input.sourceTransaction, 'charge');
    const intent = await this.require('payment_intent', charge.payment_intent, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw new CardProviderError(
        'invalid_request_error',
        `The charge ${charge.id} has not been captured; a transfer can only be funded by a captured charge.`,
        { code: 'charge_not_captured', param: 'source_transaction', statusCode: 400 },
      );
    }
    if (currency !== charge.currency) {
      throw new CardProviderError(
        'invalid_request_error',
        `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency}).`,
        { code: 'parameter_invalid_string', param: 'currency', statusCode: 400 },
      );
    }
    if (input.amount > intent.amount_received - intent.amount_refunded) {
      throw new CardProviderError(
        'invalid_request_error',
        `The transfer amount (${input.amount}) exceeds the source transaction's available amount (${intent.amount_received - intent.amount_refunded}).`,
        { code: 'balance_insufficient', param: 'amount', statusCode: 400 },
      );
    }
    const transfer: Of<'transfer'> = {
      id: newId('tr'),
      object: 'transfer',
      amount: input.amount,
      currency,
      destination: input.destination,
      source_transaction: charge.id,
      transfer_group: input.transferGroup,
    };
    return transfer;
  }

  /** A transfer as stored (Stripe's shape: destination, source_transaction, transfer_group), for tests. */
  async transferObject(transferId: string): Promise<Of<'transfer'> | undefined> {
    return this.get('transfer', transferId);
  }

  // ------------------------------------------------------------ webhooks

  private secret(): string {
    return secretValue('STRIPE_WEBHOOK_SECRET') || simulatedWebhookSecret;
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
    const url = process.env.STRIPE_SIMULATED_WEBHOOK_URL || `${this.origin()}/api/webhooks/stripe`;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signStripePayload(payload, this.secret()),
        },
        body: payload,
      });
      if (!response.ok) log.warn('simulated Stripe webhook failed', { type, status: response.status });
    } catch (error) {
      log.warn('simulated Stripe webhook unreachable', { type, url, error });
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

/** Stripe's refusal of an amount that is not a whole number of minor units of at least 1. */
function requirePositiveAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount < 1) {
    throw new CardProviderError('invalid_request_error', 'This value must be greater than or equal to 1.', {
      code: 'parameter_invalid_integer',
      param: 'amount',
      statusCode: 400,
    });
  }
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
