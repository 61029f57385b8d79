import type { StripeAccountView } from '../../../shared/api/payments';
import { messages } from '../../../shared/errors/catalogue';
import type { CardProvider } from './card-provider';
import { ConnectedAccount } from './onboarding/ConnectedAccount';
import { PayoutForm } from './onboarding/PayoutForm';
import type { HeadingTag } from './onboarding/types';
import { useOnboarding } from './onboarding/use-onboarding';
import './stripe-onboarding.css';

/**
 * Stripe Connect onboarding (§2 StripePayoutPage, StripePayoutOnboardingPage and the listing
 * wizard's EditListingStripeOnboardingPage; §4 payout status box and bank token field; §8 payout
 * errors): the payout form (account type, country, the country's bank fields, tokens made in the
 * browser), then the status box with the account link to the provider's hosted onboarding, the
 * provider's way back (`${returnBasePath}/success` or `/failure`), and the connected state with
 * the saved country and the last digits of the bank account (which can be changed).
 * This module picks what to show; the flow (loading, links, the way back) is `use-onboarding.ts`
 * and each view is its own module in `onboarding/`.
 */
export interface StripeOnboardingProps {
  /** The path the provider returns to, without the return type: `/account/payments`, or the wizard's tab path. */
  returnBasePath: string;
  /** The `:returnURLType` of the current URL when the provider sent the user back (success, failure). */
  returnURLType?: string | undefined;
  /** Called when the account is ready for payouts (verificationSuccess), e.g. to continue the listing wizard. */
  onReady?: ((account: StripeAccountView) => void) | undefined;
  /** Heading level of the component's section headings (the page's title is one level above). Default 2. */
  headingLevel?: 2 | 3;
  /** For tests: the card provider client (null: publishable key missing); default from `/config.json`. */
  provider?: CardProvider | null;
  /** For tests: where the browser is sent (default `window.location.assign`). */
  navigate?: (url: string) => void;
}

export function StripeOnboarding({
  returnBasePath,
  returnURLType,
  onReady,
  headingLevel = 2,
  provider: providerProp,
  navigate = (url) => window.location.assign(url),
}: StripeOnboardingProps) {
  const { loaded, account, kind, redirect, goToProvider, setAccount, retry } = useOnboarding({
    returnBasePath,
    returnURLType,
    onReady,
    provider: providerProp,
    navigate,
  });

  const H = `h${headingLevel}` as HeadingTag;

  if (loaded.state === 'loading') {
    return (
      <p className="payout-loading" role="status">
        Loading payout details…
      </p>
    );
  }
  if (loaded.state === 'error') {
    return (
      <div className="notice notice-error" role="alert">
        <p>{loaded.message}</p>
        <button type="button" className="button button-secondary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (!loaded.provider) {
    return (
      <p className="notice notice-error" role="alert">
        {messages.missingPublishableKey}
      </p>
    );
  }
  const provider = loaded.provider;

  if (kind === 'failure' && account && !redirect.error) {
    return (
      <p className="payout-loading" role="status">
        <span className="button-spinner" aria-hidden="true" /> Taking you back to the payment processor…
      </p>
    );
  }

  return (
    <div className="stripe-onboarding">
      {kind === 'unknown' ? (
        <p className="form-error" role="alert">
          {messages.somethingWentWrong}
        </p>
      ) : null}
      {redirect.error ? (
        <p className="form-error" role="alert">
          {redirect.error}
        </p>
      ) : null}
      {account ? (
        <ConnectedAccount
          account={account}
          provider={provider}
          H={H}
          onSaved={setAccount}
          onLink={goToProvider}
          linkInProgress={redirect.inProgress}
        />
      ) : (
        <PayoutForm provider={provider} H={H} onSaved={setAccount} />
      )}
    </div>
  );
}
