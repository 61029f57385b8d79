import { loggedHandler } from '../../lib/lambda-handler';
import { getTransaction } from '../repository';
import { closedCause, nextWait, OrderClosedError, type WorkflowPlan, workflowSettings } from './wait-plan';

/**
 * The order workflow's first task (state `Plan`): reads the order and returns what to wait for,
 * `{transactionId, state, version, waitSeconds}`, or throws `Order.Closed` (→ `Done`) when no timer
 * runs (terminal state, enquiry, missing order). The input is only `{transactionId}`, so an execution
 * can be (re)started for any open order.
 */
async function plan(input: { transactionId: string }): Promise<WorkflowPlan> {
  const tx = await getTransaction(input.transactionId);
  const next = nextWait(tx, new Date(), workflowSettings());
  if (!next) throw new OrderClosedError(closedCause(input.transactionId, tx));
  return next;
}

/** The Lambda entry: each invocation logs with its own keys (functions/lib/logger.ts). */
export const handler = loggedHandler(plan, (input) => ({ transactionId: input.transactionId }));
