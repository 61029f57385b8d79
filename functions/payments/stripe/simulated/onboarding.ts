/**
 * Stripe's hosted onboarding, simulated: an account link opens the simulated onboarding page
 * (`/api/simulated-stripe/onboarding`), whose "Submit verification" meets every requirement and
 * sends account.updated; each link works once and only for a few minutes.
 */

import { isConditionFailure } from '../../../lib/writes';
import { type AccountLinkInput, CardProcessorError } from '../port';
import { newId, type Of } from './objects';
import { getObject, noSuch, putObject, requireObject } from './store';
import type { Deliver, Origin } from './webhooks';

/** Links to the simulated hosted onboarding stay valid this long (Stripe: a few minutes). */
const linkLifetimeSeconds = 300;

export async function createAccountLink(origin: Origin, input: AccountLinkInput): Promise<{ url: string }> {
  await requireObject('account', input.accountId, 'account');
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
  await putObject(link, { create: true });
  const query = new URLSearchParams({ account: input.accountId, link: link.id });
  return { url: `${origin()}/api/simulated-stripe/onboarding?${query}` };
}

/** The hosted onboarding page's link, if it is valid for the account (not used, not expired). */
export async function onboardingLink(
  accountId: string,
  linkId: string,
): Promise<Of<'account_link'> | undefined> {
  const link = await getObject('account_link', linkId);
  if (!link || link.account !== accountId) return undefined;
  return link;
}

/** The account as stored, in Stripe's shape (the simulated onboarding page shows it). */
export async function accountObject(accountId: string): Promise<Of<'account'> | undefined> {
  return getObject('account', accountId);
}

/**
 * The hosted onboarding's "Submit verification": the link is used up (one conditional write),
 * every requirement is met, the capabilities become active, and account.updated is sent.
 */
export async function completeOnboarding(
  deliver: Deliver,
  accountId: string,
  linkId: string,
): Promise<Of<'account_link'>> {
  const link = await onboardingLink(accountId, linkId);
  if (!link) throw noSuch('account link', linkId);
  await consumeLink(link);
  const account = await requireObject('account', accountId, 'account');
  const verified: Of<'account'> = {
    ...account,
    payouts_enabled: true,
    details_submitted: true,
    // The requested capabilities become active; a recipient account never takes charges itself.
    charges_enabled: account.capabilities?.card_payments !== undefined,
    capabilities: Object.fromEntries(Object.keys(account.capabilities ?? {}).map((name) => [name, 'active'])),
    requirements: { currently_due: [], past_due: [], errors: [], disabled_reason: null },
  };
  await putObject(verified);
  await deliver('account.updated', verified, accountId);
  return link;
}

/** "Leave": the link is used up, nothing changes. */
export async function leaveOnboarding(accountId: string, linkId: string): Promise<Of<'account_link'>> {
  const link = await onboardingLink(accountId, linkId);
  if (!link) throw noSuch('account link', linkId);
  await consumeLink(link);
  return link;
}

async function consumeLink(link: Of<'account_link'>): Promise<void> {
  const expired = link.expires_at < Date.now() / 1000;
  try {
    if (expired) throw new Error('expired');
    await putObject({ ...link, used: true }, { expect: { used: false } });
  } catch (error) {
    if (expired || isConditionFailure(error)) {
      throw new CardProcessorError(
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
