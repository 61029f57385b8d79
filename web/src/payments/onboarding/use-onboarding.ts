import { useEffect, useRef, useState } from 'react';
import type { StripeAccountView } from '../../../../shared/api/payments';
import { createStripeAccountLink, getStripeAccount } from '../../api/payments';
import { loadCurrentUser } from '../../auth/actions';
import { reportError } from '../../observability/errors';
import { type CardProvider, getCardProvider } from '../card-provider';
import { accountLinkUrls, returnKind, returnLinkType } from '../status-box';
import { errorText } from './error-text';
import type { LinkType } from './types';

export type Loaded =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; provider: CardProvider | null; account: StripeAccountView | null };

/**
 * The onboarding flow without its views: loads the card provider and the account (again on
 * `retry`), sends the user to the provider's hosted onboarding, goes straight back there when the
 * provider returned early (the failure URL), and reports a ready account once.
 */
export function useOnboarding({
  returnBasePath,
  returnURLType,
  onReady,
  provider: providerProp,
  navigate,
}: {
  returnBasePath: string;
  returnURLType: string | undefined;
  onReady: ((account: StripeAccountView) => void) | undefined;
  provider: CardProvider | null | undefined;
  navigate: (url: string) => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const kind = returnKind(returnURLType);
  const [redirect, setRedirect] = useState<{ inProgress: boolean; error?: string }>({ inProgress: false });
  const redirectStarted = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is the retry button's trigger
  useEffect(() => {
    let live = true;
    const providerLoad = providerProp !== undefined ? Promise.resolve(providerProp) : getCardProvider();
    const accountLoad = getStripeAccount().catch((error: unknown) => {
      reportError(error, 'fetch-stripe-account-failed');
      throw error;
    });
    Promise.all([providerLoad, accountLoad]).then(
      ([provider, account]) => {
        if (live) setLoaded({ state: 'ready', provider, account });
      },
      (error: unknown) => {
        if (live) setLoaded({ state: 'error', message: errorText(error, 'account') });
      },
    );
    return () => {
      live = false;
    };
  }, [providerProp, reload]);

  const goToProvider = async (linkType: LinkType) => {
    setRedirect({ inProgress: true });
    try {
      const url = await createStripeAccountLink({
        type: linkType,
        ...accountLinkUrls(window.location.origin, returnBasePath),
      });
      navigate(url);
    } catch (error) {
      reportError(error, 'get-stripe-account-link-failed');
      setRedirect({ inProgress: false, error: errorText(error, 'accountLink') });
    }
  };

  // Back early from the provider (failure URL): straight back to the provider with a new link.
  const account = loaded.state === 'ready' ? loaded.account : null;
  const ready = loaded.state === 'ready';
  useEffect(() => {
    // Without an account there is nothing to go back to: the form shows instead.
    if (!ready || !account || kind !== 'failure' || redirectStarted.current) return;
    redirectStarted.current = true;
    void goToProvider(returnLinkType(account));
  });

  const readyReported = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (account?.status === 'verificationSuccess' && readyReported.current !== account.stripeAccountId) {
      readyReported.current = account.stripeAccountId;
      // The gating fact (payoutReady) lives on the current user: load it again.
      void loadCurrentUser({ force: true }).catch(() => undefined);
      onReady?.(account);
    }
  }, [account, onReady]);

  /** A saved account replaces the loaded one (the provider stays). */
  const setAccount = (next: StripeAccountView) => {
    if (loaded.state === 'ready') setLoaded({ state: 'ready', provider: loaded.provider, account: next });
  };
  const retry = () => setReload((n) => n + 1);

  return { loaded, account, kind, redirect, goToProvider, setAccount, retry };
}
