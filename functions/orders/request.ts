/** Small pieces the order routes share: body shapes and starting an order's workflow. */
import { ApiError } from '../lib/http';
import { reportError } from '../lib/observability';
import { startOrderWorkflow } from '../workflow/start';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
