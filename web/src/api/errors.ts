import { FORM_ERROR } from 'final-form';
import { apiErrors, messages } from '../../../shared/errors/catalogue';
import { ApiRequestError } from './client';
import { errorCode, isNetworkError } from './error-kinds';

// Re-exported: the forms import everything from here; pages without a form import error-kinds.ts,
// which does not pull final-form into their first load.
/**
 * From a failed call to the messages a form shows (react-final-form submission errors): field
 * messages from the answer's `meta.fields` (400 `validation-invalid-params`, and the API's other
 * field-specific answers), the spec's message for known error codes (on a field or for the whole
 * form), and a fallback. The form keeps what the user typed; only the messages change.
 */
export { errorCode, FORM_ERROR, isNetworkError };

export interface ErrorRule {
  message: string;
  /** Show it on this field instead of above the form. */
  field?: string;
}

export interface SubmitErrorOptions {
  /** The form's field names: `meta.fields` messages for them are shown on the fields. */
  fields?: readonly string[];
  /** Messages by API error code (or Amplify/Cognito error name). */
  codes?: Record<string, ErrorRule | string>;
  /** For anything else. Default: the generic "something went wrong". */
  fallback?: string;
}

export type SubmitErrors = Record<string, string>;

/** `meta.fields` of a validation answer: `{ fieldName: message }`. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const fields = error.firstError?.meta?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The daily limits (issue 25: enquiries, messages, e-mail changes, password resets, sign-ups) answer
 * 429 with these codes; every form shows the catalogue's message for them unless it has its own.
 */
const limitMessages: Record<string, string> = {
  'too-many-requests': apiErrors['too-many-requests'].title,
  'email-too-many-verification-requests': apiErrors['email-too-many-verification-requests'].title,
};

/** The spec's too-many-requests message of a refused call, if it was one. */
export function limitMessage(error: unknown): string | undefined {
  const code = errorCode(error);
  return code ? limitMessages[code] : undefined;
}

/** One message for a failed call (for places without fields: buttons, banners). */
export function errorMessage(error: unknown, options: Omit<SubmitErrorOptions, 'fields'> = {}): string {
  const code = errorCode(error);
  const rule = code ? (options.codes?.[code] ?? limitMessages[code]) : undefined;
  if (rule) return typeof rule === 'string' ? rule : rule.message;
  if (isNetworkError(error)) return messages.topbarNetworkError;
  return options.fallback ?? messages.somethingWentWrong;
}

/**
 * The submission errors of a failed call, in this order: the server's messages for the form's own
 * fields (`meta.fields`), the rule for the error's code, then the fallback. Field messages for
 * fields the form does not have are shown above the form.
 */
export function submitErrors(error: unknown, options: SubmitErrorOptions = {}): SubmitErrors {
  const known = new Set(options.fields ?? []);
  const fieldErrors: SubmitErrors = {};
  const others: string[] = [];
  for (const [field, message] of Object.entries(apiFieldErrors(error))) {
    if (known.has(field)) fieldErrors[field] = message;
    else others.push(message);
  }
  if (Object.keys(fieldErrors).length) {
    return others.length ? { ...fieldErrors, [FORM_ERROR]: others[0]! } : fieldErrors;
  }
  const code = errorCode(error);
  const rule = code ? (options.codes?.[code] ?? limitMessages[code]) : undefined;
  if (rule) {
    const { message, field } = typeof rule === 'string' ? { message: rule, field: undefined } : rule;
    return { [field ?? FORM_ERROR]: message };
  }
  if (code === 'validation-invalid-params' && others.length) return { [FORM_ERROR]: others[0]! };
  return { [FORM_ERROR]: errorMessage(error, { fallback: options.fallback ?? messages.somethingWentWrong }) };
}

/** Cognito errors of a failed sign-in (Amplify passes Cognito's exception names on). */
const loginFailureNames = [
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  // cognito-local answers a wrong password with this one (AWS: NotAuthorizedException).
  'InvalidPasswordException',
  'PasswordResetRequiredException',
  'InvalidParameterException',
  'EmptySignInUsername',
  'EmptySignInPassword',
  'SignInIncomplete',
];

export const loginErrorRules: Record<string, string> = {
  ...Object.fromEntries(loginFailureNames.map((name) => [name, messages.loginFailed])),
  LimitExceededException: apiErrors['too-many-requests'].title,
  TooManyRequestsException: apiErrors['too-many-requests'].title,
  TooManyFailedAttemptsException: apiErrors['too-many-requests'].title,
};

/** The login form's message for a failed sign-in (§8 "login failed"). */
export function loginErrorMessage(error: unknown): string {
  return errorMessage(error, { codes: loginErrorRules, fallback: messages.somethingWentWrong });
}
