import { ApiRequestError } from './client';

/** The code of an API error, or the name of another error (Amplify errors carry Cognito's names). */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiRequestError) return error.code;
  if (error instanceof Error) return error.name;
  return undefined;
}

/** True when the request never got an answer (offline, blocked, DNS…). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 0;
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'NetworkError' || (error instanceof TypeError && /fetch|network/i.test(error.message))
  );
}
