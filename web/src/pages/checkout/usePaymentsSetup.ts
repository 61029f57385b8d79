import { useEffect, useState } from 'react';
import { loadRuntimeConfig } from '../../auth/runtime-config';
import { reportError } from '../../observability/errors';
import { type CardProvider, chooseCardProvider, getCardProvider } from '../../payments/card-provider';

/** How payments are set up in this deployment (`/config.json`). */
export interface PaymentsSetup {
  loaded: boolean;
  /** The card provider's browser client; null: live mode without a publishable key. */
  provider: CardProvider | null;
  cardMode: 'simulated' | 'live' | null;
  /** PayPal's mode, or null when PayPal is not configured. */
  paypalMode: 'simulated' | 'live' | null;
}

/** Loads the setup once; when it cannot be loaded (reported), there is no card provider and no PayPal. */
export function usePaymentsSetup(): PaymentsSetup {
  const [setup, setSetup] = useState<PaymentsSetup>({
    loaded: false,
    provider: null,
    cardMode: null,
    paypalMode: null,
  });
  useEffect(() => {
    let active = true;
    Promise.all([getCardProvider(), loadRuntimeConfig()]).then(
      ([provider, config]) => {
        const choice = chooseCardProvider(config.payments);
        if (active)
          setSetup({
            loaded: true,
            provider,
            cardMode: choice.ok ? choice.mode : null,
            paypalMode: config.payments?.paypal?.mode ?? null,
          });
      },
      (error: unknown) => {
        reportError(error, 'checkout-payments-config-failed');
        if (active) setSetup({ loaded: true, provider: null, cardMode: null, paypalMode: null });
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return setup;
}
