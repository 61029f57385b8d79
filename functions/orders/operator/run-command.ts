import { OperatorError } from '../../lib/errors';
import { loggedHandler } from '../../lib/lambda-handler';
import { log } from '../../lib/logger';
import { isOrderCommand, type OrderCommandResult, runOrderCommand } from './commands';

/** What `npm run operator -- <order command> <txId> --aws` sends (infra/operator/aws-commands.ts). */
export interface OperatorCommandInput {
  command: string;
  transactionId: string;
  /** Who ran it (the operator's user name), for the log. */
  operator?: string;
}

/** The command's result, or the refusal the operator reads (the command exits 1); a bug throws. */
export type OperatorCommandAnswer = { result: OrderCommandResult; lines: string[] } | { refused: string };

/**
 * The operator's order commands in AWS: invoked by hand (lambda:InvokeFunction, which only
 * operators' credentials allow), never by a route. Refunds and payouts then run here, with the
 * stage's live provider keys and the workflow's task tokens, not on the operator's laptop.
 */
export async function runOperatorCommand(input: OperatorCommandInput): Promise<OperatorCommandAnswer> {
  const { command, transactionId } = input ?? ({} as OperatorCommandInput);
  if (typeof command !== 'string' || !isOrderCommand(command)) {
    return { refused: `Unknown order command ${JSON.stringify(command)}.` };
  }
  if (typeof transactionId !== 'string' || !transactionId) return { refused: 'No order id given.' };
  const lines: string[] = [];
  try {
    const result = await runOrderCommand(
      {
        log: (line) => {
          lines.push(line);
          log.info(line, { command, operator: input.operator });
        },
      },
      command,
      transactionId,
    );
    return { result, lines };
  } catch (error) {
    if (error instanceof OperatorError) return { refused: error.message };
    throw error;
  }
}

export const handler = loggedHandler(runOperatorCommand, (input) => ({
  transactionId: input?.transactionId,
}));
