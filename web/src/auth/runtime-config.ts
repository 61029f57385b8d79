import type { IdentityProviderName } from '../../../shared/api/account';
import type { PaymentsRuntimeConfig } from '../../../shared/api/payments';

/** `GET /config.json`: what the deployed (or local) stack tells the browser at run time. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  currency: string;
  cognito: {
    userPoolId: string;
    clientId: string;
    /** Only on the local cloud: cognito-local's address. */
    endpoint?: string;
    /** Only with social sign-in: the Cognito domain and the web client's OAuth settings. */
    oauth?: { domain: string; scopes: string[]; redirectSignIn: string; redirectSignOut: string };
  };
  /** The identity providers configured in Cognito (the social buttons); empty or absent: none. */
  idps?: IdentityProviderName[];
  /** Sentry's DSN for the browser (web/src/observability/errors.ts); absent: errors are only logged. */
  sentryDsn?: string;
  /** Marketing tracking (Klaviyo, web/src/observability/marketing.ts) is on; absent or false: off. */
  klaviyo?: boolean;
  /** Card provider and PayPal modes and public keys; absent: payments are not configured. */
  payments?: PaymentsRuntimeConfig;
  /** Amazon Location's style descriptor for the interactive maps (streets); absent: the offline basemap. */
  mapStyle?: string;
}

let pending: Promise<RuntimeConfig> | undefined;

export function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  const cognito = (value as { cognito?: Record<string, unknown> } | null)?.cognito;
  return (
    typeof cognito === 'object' &&
    cognito !== null &&
    typeof cognito.userPoolId === 'string' &&
    typeof cognito.clientId === 'string'
  );
}

/** Loads the runtime configuration once; a failure is retried on the next call. */
export function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  pending ??= fetchImpl('/config.json', { headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
      const config: unknown = await response.json();
      if (!isRuntimeConfig(config)) throw new Error('/config.json has no Cognito settings');
      return config;
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
