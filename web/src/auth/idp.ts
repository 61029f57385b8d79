import type { IdentityProviderName } from '../../../shared/api/account';
import { safeFrom } from './from';
import type { RuntimeConfig } from './runtime-config';

/**
 * Social sign-in (§2: social buttons only when configured). The deployed stack lists the Cognito
 * identity providers it set up in `/config.json` (`idps`, with `cognito.oauth`); the local cloud's
 * list is empty (cognito-local has no federation), so no buttons show there.
 */
const knownProviders: readonly IdentityProviderName[] = ['Google', 'Facebook'];

/** The social buttons to show: the configured providers this app knows, and only with OAuth settings. */
export function socialProviders(
  config: Pick<RuntimeConfig, 'idps' | 'cognito'> | undefined,
): IdentityProviderName[] {
  if (!config?.cognito?.oauth || !Array.isArray(config.idps)) return [];
  return knownProviders.filter((name) => config.idps?.includes(name));
}

/**
 * A social sign-in under way in this tab: written before the redirect to the provider, read on
 * `/confirm` (the OAuth callback), where the app creates the profile (POST
 * /api/auth/create-user-with-idp) and asks for the names only if the provider gave none.
 * Without such a flow `/confirm` goes to `/signup`.
 */
export const idpFlowKey = 'velo.idpSignIn';

export interface IdpFlow {
  provider: IdentityProviderName;
  /** Where the visitor was going (the `from` of /login or /signup). */
  from?: string;
}

export function parseIdpFlow(raw: string | null): IdpFlow | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<IdpFlow>;
    if (!value.provider || !knownProviders.includes(value.provider)) return null;
    const from = safeFrom(value.from);
    return { provider: value.provider, ...(from ? { from } : {}) };
  } catch {
    return null;
  }
}

export function readIdpFlow(): IdpFlow | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : parseIdpFlow(sessionStorage.getItem(idpFlowKey));
  } catch {
    return null;
  }
}

export function writeIdpFlow(flow: IdpFlow | null): void {
  try {
    if (flow) sessionStorage.setItem(idpFlowKey, JSON.stringify(flow));
    else sessionStorage.removeItem(idpFlowKey);
  } catch {
    // Storage blocked: /confirm will send the visitor to /signup.
  }
}
