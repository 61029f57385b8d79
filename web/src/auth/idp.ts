/**
 * A social sign-up waiting for confirmation (§2 ConfirmPage): after an identity provider (Google,
 * Facebook) answers with someone who has no account yet, the app keeps what the provider told
 * it here, and `/confirm` asks the person to check their name and e-mail. Without such a flow
 * `/confirm` goes to `/signup`. No provider is configured yet, so nothing writes this key today.
 */
export const idpFlowKey = 'velo.idpSignup';

export interface IdpFlow {
  idpId: string;
  idpToken: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

export function parseIdpFlow(raw: string | null): IdpFlow | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<IdpFlow>;
    return typeof value.idpId === 'string' &&
      value.idpId &&
      typeof value.idpToken === 'string' &&
      value.idpToken
      ? (value as IdpFlow)
      : null;
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
