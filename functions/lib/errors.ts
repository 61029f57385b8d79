import { type ApiErrorCode, apiErrors } from '../../shared/errors/catalogue';
import type { FieldErrors } from '../../shared/validation/core';

/**
 * The API's errors, apart from HTTP: core code throws these and only lib/http.ts turns them into
 * responses, so nothing outside the route layer needs the HTTP module.
 */

/** An error the API answers with a 4xx and the catalogue's code and message. */
/** A refusal an operator reads (`npm run operator`): the command prints it and exits 1. */
export class OperatorError extends Error {}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    title?: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(title ?? apiErrors[code].title);
    this.status = apiErrors[code].status;
  }
}

/** 400 validation-invalid-params with the spec's message per field, if any field failed. */
export function assertValid<T>(errors: FieldErrors<T>): void {
  const fields = Object.fromEntries(
    Object.entries(errors).filter(([, message]) => typeof message === 'string'),
  );
  if (Object.keys(fields).length > 0) throw new ApiError('validation-invalid-params', undefined, { fields });
}

/** 400 validation-invalid-value titled `message`, with the same message on the form's `field`. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError('validation-invalid-value', message, { fields: { [field]: message } });
}

/** A provider webhook whose signature does not verify: the same answer for Stripe and PayPal. */
export function invalidWebhookSignature(reason?: string): ApiError {
  return new ApiError(
    'validation-invalid-value',
    'The webhook signature is not valid.',
    reason ? { reason } : undefined,
  );
}
