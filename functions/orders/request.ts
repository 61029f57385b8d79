/** Small pieces the order routes share: ids, body shapes, starting an order's workflow. */

import { isUuid } from '../../shared/ids';
import { ApiError } from '../lib/errors';
import { appendLogKeys } from '../lib/logger';
import { reportError } from '../lib/observability';
import { startOrderWorkflow } from './workflow/start';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A body's `listingId`: missing or not a string → 400 "listingId is required."; any other string
 * that is not a listing id (a UUID) → 400 before any read (a huge one would not even be a valid key).
 */
export function listingIdOf(value: unknown): string {
  if (typeof value !== 'string' || !value) {
    throw new ApiError('validation-invalid-params', 'listingId is required.');
  }
  if (!isUuid(value))
    throw new ApiError('validation-invalid-params', 'listingId is not the id of a listing.');
  return value;
}

/**
 * A body's transaction id (`name` is the field): not a string → 400 "<name> is required.";
 * a string that is not a transaction id → 404 `not-found`, as an unknown id (never read from the table).
 */
export function transactionIdOf(value: unknown, name = 'transactionId'): string {
  if (typeof value !== 'string' || !value) {
    throw new ApiError('validation-invalid-params', `${name} is required.`);
  }
  if (!isUuid(value)) throw new ApiError('not-found', 'This transaction does not exist.');
  // Every order route names its transaction here: the rest of the request logs with it.
  appendLogKeys({ transactionId: value });
  return value;
}

/** A client-made checkout key: a UUID, else 400 with `message`. */
export function checkoutKeyOf(value: unknown, message: string): string {
  if (!isUuid(value)) throw new ApiError('validation-invalid-params', message);
  return value;
}

/** `expectedVersion`: absent, or the positive integer version the client saw. */
export function optionalVersion(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ApiError('validation-invalid-params', 'expectedVersion must be a positive integer.');
  }
  return value;
}

/**
 * Starts the order's workflow after the order entered a state with a timer. A failure is reported,
 * not answered: the deadline lives on the order (and its DUE# item), so the sweeper still fires it.
 */
export async function startWorkflowOf(transactionId: string, version: number): Promise<void> {
  try {
    await startOrderWorkflow(transactionId, version);
  } catch (error) {
    await reportError(error, { task: 'start-order-workflow', transactionId });
  }
}
