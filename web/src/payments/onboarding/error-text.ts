import { messages, payoutErrorMessage } from '../../../../shared/errors/catalogue';
import { ApiRequestError } from '../../api/client';
import { isNetworkError } from '../../api/errors';

/** The §8 payout message for a failed account or account-link call (a lost connection says so). */
export function errorText(error: unknown, kind: 'account' | 'accountLink'): string {
  if (isNetworkError(error)) return messages.topbarNetworkError;
  if (error instanceof ApiRequestError)
    return payoutErrorMessage({ apiErrors: error.body?.errors ?? [] }, kind);
  return payoutErrorMessage(undefined, kind);
}
