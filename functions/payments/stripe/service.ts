/**
 * What the Stripe handlers share: the account summary stored on the user (and payoutReady), and
 * the provider's errors as the API's (§8 wording).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SavedCard, StripeAccountView } from '../../../shared/api/payments';
import { cardBrandFromProvider } from '../../../shared/config/card-brands';
import { cardErrorMessage } from '../../../shared/errors/card-errors';
import { messages, payoutProviderError } from '../../../shared/errors/catalogue';
import { payoutStatusOf } from '../../../shared/payouts';
import { getUser } from '../../accounts/repository';
import { payoutReadyOfRecord, type UserRecord } from '../../accounts/user-record';
import { dynamo, tableName } from '../../lib/aws';
import { ApiError } from '../../lib/errors';
import { keys } from '../../lib/table-design';
import { isConditionFailure, updateWithPut } from '../../lib/writes';
import { payoutAccountUpdatedPut } from '../../orders/finance/payout-account';
import { stripeErrorMeta } from './errors';
import { CardProcessorError, type ProviderAccount, type ProviderCard } from './port';

/** The business category of a bicycle marketplace on the card provider (spec: MCC 5734). */
export const businessMcc = '5734';

export function accountView(account: ProviderAccount): StripeAccountView {
  const status = payoutStatusOf(account);
  return {
    stripeAccountId: account.id,
    accountType: account.businessType,
    country: account.country,
    currency: account.currency,
    ...(account.bankAccountLast4 ? { bankAccountLast4: account.bankAccountLast4 } : {}),
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    transfersActive: account.transfersActive,
    requirementsDue: account.requirementsDue,
    ...(account.disabledReason ? { disabledReason: account.disabledReason } : {}),
    ...(status ? { status } : {}),
  };
}

export function savedCard(card: ProviderCard): SavedCard {
  return {
    stripePaymentMethodId: card.id,
    brand: cardBrandFromProvider(card.brand) ?? 'unknown',
    last4Digits: card.last4,
    expirationMonth: card.expMonth,
    expirationYear: card.expYear,
  };
}

/**
 * Stores the account summary and payoutReady on its user. `create`: only if the user has no
 * account yet (a concurrent second create gets 409); otherwise only if it is still this account.
 */
export async function storeAccount(
  userId: string,
  account: ProviderAccount,
  options: { create?: boolean } = {},
): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw new ApiError('not-found');
  const view = accountView(account);
  const now = new Date().toISOString();
  const payoutReady = payoutReadyOfRecord({ ...user, stripeAccount: view });
  // Finance event when the Stripe side of payout readiness flips (velo.finance PayoutAccountUpdated):
  // its outbox item goes in the same transaction as the change, so neither is written without the other.
  const wasReady = user.stripeAccount?.transfersActive === true;
  const event =
    wasReady !== view.transfersActive
      ? payoutAccountUpdatedPut({ userId, provider: 'stripe', payoutReady: view.transfersActive, at: now })
      : undefined;
  const updated = await updateWithPut<UserRecord>(
    {
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: 'SET #stripeAccount = :account, #payoutReady = :ready, #updatedAt = :now',
      // The readiness the flip was decided on is still the stored one: two updates racing on one
      // account record the flip once (the loser answers 409 and its webhook is retried).
      ConditionExpression: options.create
        ? 'attribute_exists(PK) AND attribute_not_exists(#stripeAccount)'
        : `attribute_exists(PK) AND #stripeAccount.#id = :id AND ${
            wasReady
              ? '#stripeAccount.#transfersActive = :wasReady'
              : '(attribute_not_exists(#stripeAccount.#transfersActive) OR #stripeAccount.#transfersActive = :wasReady)'
          }`,
      ExpressionAttributeNames: {
        '#stripeAccount': 'stripeAccount',
        '#payoutReady': 'payoutReady',
        '#updatedAt': 'updatedAt',
        ...(options.create ? {} : { '#id': 'stripeAccountId', '#transfersActive': 'transfersActive' }),
      },
      ExpressionAttributeValues: {
        ':account': { ...view, updatedAt: now },
        ':ready': payoutReady,
        ':now': now,
        ...(options.create ? {} : { ':id': account.id, ':wasReady': wasReady }),
      },
    },
    event?.put,
    { update: 'conflict' },
  );
  return updated;
}

/** Remembers whose a connected account is (webhooks name only the account). */
export async function rememberAccountOwner(accountId: string, userId: string): Promise<void> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.stripeAccountOwner(accountId), entity: 'stripe-account-owner', userId, accountId },
        ConditionExpression: 'attribute_not_exists(PK) OR userId = :userId',
        ExpressionAttributeValues: { ':userId': userId },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new ApiError('conflict');
    throw error;
  }
}

export async function accountOwner(accountId: string): Promise<string | undefined> {
  const result = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: keys.stripeAccountOwner(accountId) }),
  );
  return result.Item?.userId as string | undefined;
}

/**
 * A payout (account, account link) failure as the API's error (§8): per-field messages for bad
 * bank details (400 validation-invalid-params with `meta.fields`), the unsupported-country message,
 * the provider's message in `meta.stripeMessage` (and the title that quotes it), else the generic one.
 */
export function payoutError(error: unknown, kind: 'account' | 'accountLink'): never {
  if (!(error instanceof CardProcessorError)) throw error;
  const meta = { stripeMessage: error.message, ...(error.code ? { stripeCode: error.code } : {}) };
  if (error.options.fields) {
    const code =
      error.code === 'country_unsupported' ? 'validation-invalid-value' : 'validation-invalid-params';
    throw new ApiError(code, error.message, { ...meta, fields: error.options.fields });
  }
  if (error.type === 'invalid_request_error' || error.type === 'card_error') {
    throw new ApiError('validation-invalid-value', payoutProviderError(error.message), meta);
  }
  throw new ApiError(
    'server-error',
    kind === 'account' ? messages.payoutAccountFailed : messages.payoutAccountLinkFailed,
    meta,
  );
}

/** A card (customer, setup intent, payment method) failure: the card-error messages (§8). */
export function cardError(error: unknown): never {
  if (!(error instanceof CardProcessorError)) throw error;
  const meta = stripeErrorMeta(error);
  const title = cardErrorMessage({ type: error.type, ...(error.code ? { code: error.code } : {}) });
  if (error.options.statusCode === 404 || error.code === 'resource_missing') {
    throw new ApiError('not-found', title, meta);
  }
  if (error.type === 'invalid_request_error' || error.type === 'card_error') {
    throw new ApiError('validation-invalid-value', title, meta);
  }
  throw new ApiError('server-error', title, meta);
}
