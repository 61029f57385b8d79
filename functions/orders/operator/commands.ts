import { isTerminal, type ProcessState, processStates, transitionsFrom } from '../../../shared/process/graph';
import { ApiError, OperatorError } from '../../lib/errors';
import { applyTransition } from '../engine';
import type { TransactionRecord } from '../record';
import { getTransaction } from '../repository';
import { startOrderWorkflow } from '../workflow/start';

/** Where a command says what it did: the operator's terminal, or the Lambda's log in AWS. */
export interface CommandLog {
  log: (line: string) => void;
}

/**
 * The operator's order commands (docs/design/orders.md, "Operator" in "The workflow"): run by
 * `npm run operator` against the local cloud, and in AWS by the operator function
 * (`run-command.ts`), so refunds and payouts happen where the providers' live keys are. Each
 * transition goes through the one transition engine as `actor: 'operator'`: the same checks, the
 * same conditional write, the same answer to the workflow's task token as a user's action or a
 * timer, and the same refund or payout (functions/orders/money/). `resume-order` only (re)starts
 * the order's workflow, which reads the transaction and waits for its deadline: after a lost
 * execution, or when nothing runs it.
 */
export const orderCommands = [
  'cancel-order',
  'cancel-from-disputed',
  'mark-received-from-disputed',
  'resume-order',
] as const;
export type OrderCommand = (typeof orderCommands)[number];

export function isOrderCommand(command: string): command is OrderCommand {
  return (orderCommands as readonly string[]).includes(command);
}

/**
 * The graph's operator transitions each command may take. cancel-order cancels an order that is
 * pending payment (`cancel-payment`, the reserved stock comes back and the payment is voided) or
 * purchased (`cancel`: stock back and a full refund); a disputed order has its own commands.
 */
const commandTransitions: Record<Exclude<OrderCommand, 'resume-order'>, readonly string[]> = {
  'cancel-order': ['cancel-payment', 'cancel'],
  'cancel-from-disputed': ['cancel-from-disputed'],
  'mark-received-from-disputed': ['mark-received-from-disputed'],
};

export interface OrderCommandResult {
  transactionId: string;
  state: ProcessState;
  version: number;
  transition?: string;
  executionArn?: string;
}

/** The operator transition `command` takes from `state`, or undefined when it cannot act there. */
export function operatorTransitionFor(
  command: Exclude<OrderCommand, 'resume-order'>,
  state: ProcessState,
): string | undefined {
  return transitionsFrom(state).find(
    (transition) =>
      commandTransitions[command].includes(transition.name) && transition.actors.includes('operator'),
  )?.name;
}

/** The states a command acts on, from the graph, for the refusal message ("pending-payment or purchased"). */
function statesFor(command: Exclude<OrderCommand, 'resume-order'>): string {
  return processStates.filter((state) => operatorTransitionFor(command, state)).join(' or ');
}

async function orderOrFail(transactionId: string): Promise<TransactionRecord> {
  const tx = await getTransaction(transactionId);
  if (!tx) throw new OperatorError(`No order with the id ${transactionId}.`);
  return tx;
}

export async function runOrderCommand(
  context: CommandLog,
  command: OrderCommand,
  transactionId: string,
): Promise<OrderCommandResult> {
  if (command === 'resume-order') return resumeOrder(context, transactionId);
  const tx = await orderOrFail(transactionId);
  const transition = operatorTransitionFor(command, tx.state);
  if (!transition) {
    throw new OperatorError(
      `Order ${transactionId} is ${tx.state}: ${command} acts only on an order that is ${statesFor(command)}.${
        command === 'cancel-order' && tx.state === 'disputed'
          ? ' For a disputed order use cancel-from-disputed or mark-received-from-disputed.'
          : ''
      }`,
    );
  }
  let after: TransactionRecord;
  try {
    // On the version the operator's choice was made for: a change meanwhile refuses, not re-decides.
    after = await applyTransition(transactionId, transition, {
      actor: 'operator',
      expectedVersion: tx.version,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw await refusal(error, transactionId, command, tx);
  }
  context.log(`Order ${transactionId}: ${transition} by the operator, now ${after.state}.`);
  return { transactionId, state: after.state, version: after.version, transition };
}

/** An engine refusal as the operator reads it (the command exits 1). */
async function refusal(
  error: ApiError,
  transactionId: string,
  command: OrderCommand,
  before: TransactionRecord,
): Promise<OperatorError> {
  if (error.code === 'not-found') return new OperatorError(`No order with the id ${transactionId}.`);
  if (error.code === 'transition-in-progress') {
    return new OperatorError(
      `Order ${transactionId} has a payout or refund in progress; it finishes on its own (the sweeper retries it). Try again afterwards.`,
    );
  }
  if (error.code === 'transaction-invalid-transition') {
    const now = await getTransaction(transactionId);
    return new OperatorError(
      `Order ${transactionId} changed meanwhile (${before.state} → ${now?.state ?? 'gone'}): ${command} was not applied.`,
    );
  }
  return new OperatorError(`Order ${transactionId}: ${command} refused (${error.code}: ${error.message}).`);
}

/**
 * Starts the order's workflow again (`startOrderWorkflow`: idempotent for an open execution of the
 * same version, otherwise a new one). It reads the transaction and waits for the current deadline,
 * or fires it at once when it is already due.
 */
async function resumeOrder(context: CommandLog, transactionId: string): Promise<OrderCommandResult> {
  const tx = await orderOrFail(transactionId);
  if (isTerminal(tx.state)) {
    throw new OperatorError(
      `Order ${transactionId} is ${tx.state} (closed): there is no workflow to resume.`,
    );
  }
  const executionArn = await startOrderWorkflow(transactionId, tx.version);
  if (!executionArn) {
    throw new OperatorError('No order workflow to start: ORDER_STATE_MACHINE_ARN is not set.');
  }
  context.log(
    `Order ${transactionId} (${tx.state}, version ${tx.version}): workflow started (${executionArn})${
      tx.deadline ? `; next: ${tx.deadline.transition} at ${tx.deadline.dueAt}` : ''
    }.`,
  );
  return {
    transactionId,
    state: tx.state,
    version: tx.version,
    executionArn,
  };
}
