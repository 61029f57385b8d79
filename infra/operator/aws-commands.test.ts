import type { InvokeCommand } from '@aws-sdk/client-lambda';
import { describe, expect, it, vi } from 'vitest';
import { OperatorError } from '../../functions/lib/errors';
import { runOrderCommandInAws } from './aws-commands';

const input = { command: 'cancel-order' as const, transactionId: 'tx-1', operator: 'ops' };
const answering = (payload: unknown, functionError?: string) => {
  const send = vi.fn(async (_command: InvokeCommand) => ({
    Payload: new TextEncoder().encode(JSON.stringify(payload)),
    ...(functionError ? { FunctionError: functionError } : {}),
  }));
  return { send } as unknown as { send: typeof send } & Parameters<typeof runOrderCommandInAws>[0];
};

describe('order commands with --aws run in the operator function', () => {
  it('invokes the function with the command and prints what it did', async () => {
    const lambda = answering({
      result: { transactionId: 'tx-1', state: 'canceled', version: 4, transition: 'cancel' },
      lines: ['Order tx-1: cancel by the operator, now canceled.'],
    });
    const lines: string[] = [];
    const result = await runOrderCommandInAws(lambda, 'VeloProdWorkflow-Operator', input, (line) =>
      lines.push(line),
    );
    expect(result).toMatchObject({ state: 'canceled', transition: 'cancel' });
    expect(lines).toEqual(['Order tx-1: cancel by the operator, now canceled.']);
    const sent = (lambda.send.mock.calls[0]![0] as InvokeCommand).input;
    expect(sent).toMatchObject({
      FunctionName: 'VeloProdWorkflow-Operator',
      InvocationType: 'RequestResponse',
    });
    expect(JSON.parse(new TextDecoder().decode(sent.Payload as Uint8Array))).toEqual(input);
  });

  it("refuses without the function's name: no refund or payout from the laptop", async () => {
    const lambda = answering({});
    await expect(runOrderCommandInAws(lambda, undefined, input, () => {})).rejects.toThrow(
      /runs in AWS, where the stage's payment keys are: give --operator-function/,
    );
    expect(lambda.send).not.toHaveBeenCalled();
  });

  it("passes on the function's refusal, and reports its failure as a failure", async () => {
    const refused = answering({ refused: 'Order tx-1 is completed: cancel-order acts only on …' });
    await expect(runOrderCommandInAws(refused, 'fn', input, () => {})).rejects.toThrow(
      new OperatorError('Order tx-1 is completed: cancel-order acts only on …'),
    );
    const failed = answering({ errorType: 'Error', errorMessage: 'Task timed out' }, 'Unhandled');
    await expect(runOrderCommandInAws(failed, 'fn', input, () => {})).rejects.toThrow(
      /The operator function fn failed \(Error: Task timed out\)/,
    );
  });
});
