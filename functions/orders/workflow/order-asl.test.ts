// Promise.withResolvers for the runner on Node < 22, as the local cloud loads it.
import '../../../infra/local/polyfills';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { stateMachines, workflowTasks } from './tasks';

/** The ASL as the local runner loads it: `${<Task>FunctionArn}` filled with function ARNs. */
function definition(): Record<string, unknown> {
  const text = readFileSync(
    fileURLToPath(new URL(`../../../${stateMachines.order.file}`, import.meta.url)),
    'utf8',
  );
  const substituted = text.replace(
    /\$\{(\w+)FunctionArn\}/g,
    (_, task: string) => `arn:aws:lambda:us-east-1:000000000000:function:velo-${task}`,
  );
  return JSON.parse(substituted) as Record<string, unknown>;
}

type States = Record<string, Record<string, unknown>>;

/**
 * aws-local-stepfunctions 3.0 resolves TimeoutSecondsPath against the Parameters output
 * (`{FunctionName, Payload}`), AWS against the state input; the local runner therefore points the
 * Await's path into the Payload, which carries `waitSeconds` for this reason (and the token expiry).
 */
function forLocalRunner(asl: Record<string, unknown>): Record<string, unknown> {
  const states = structuredClone(asl.States) as States;
  states.Await!.TimeoutSecondsPath = '$.Payload.waitSeconds';
  return { ...asl, States: states };
}
const lambdaErrors = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

class NamedError extends Error {
  constructor(name: string, message = name) {
    super(message);
    this.name = name;
  }
}

describe('statemachines/order.asl.json', () => {
  it('is valid ASL for the runner (asl-validator), with the self-looping Await', () => {
    expect(() => new StateMachine(definition() as never)).not.toThrow();
  });

  it('uses exactly the tasks of tasks.ts, each Lambda task with TimeoutSeconds 30 (Await: the plan’s waitSeconds) and a Lambda Retry', () => {
    const states = definition().States as States;
    expect(stateMachines.order.tasks).toEqual(['Plan', 'SaveTaskToken', 'FireTimer']);
    expect(Object.keys(workflowTasks)).toEqual(['Plan', 'SaveTaskToken', 'FireTimer']);
    expect(Object.keys(states)).toEqual(['Plan', 'Await', 'FireTimer', 'Done', 'Failed']);
    for (const [name, state] of Object.entries(states)) {
      if (state.Type !== 'Task') continue;
      if (name === 'Await') {
        expect(state.TimeoutSecondsPath).toBe('$.waitSeconds');
        expect(state.TimeoutSeconds).toBeUndefined();
        expect(state.Next).toBe('Await');
      } else {
        expect(state.TimeoutSeconds, name).toBe(30);
        expect(state.Next).toBe('Await');
      }
      expect((state.Retry as { ErrorEquals: string[] }[])[0]!.ErrorEquals, name).toEqual(lambdaErrors);
    }
    expect(states.Await!.Parameters).toEqual({
      FunctionName: 'arn:aws:lambda:us-east-1:000000000000:function:velo-SaveTaskToken',
      Payload: {
        'transactionId.$': '$.transactionId',
        'version.$': '$.version',
        'waitSeconds.$': '$.waitSeconds',
        'taskToken.$': '$$.Task.Token',
      },
    });
    expect(
      (states.Await!.Catch as { ErrorEquals: string[]; Next: string }[]).map((c) => [
        c.ErrorEquals[0],
        c.Next,
      ]),
    ).toEqual([
      ['States.Timeout', 'FireTimer'],
      ['Order.Closed', 'Done'],
      ['States.ALL', 'Failed'],
    ]);
  });

  it('runs: Plan → Await (woken twice with new plans) → timeout → FireTimer → Order.Closed → Done', async () => {
    const calls: string[] = [];
    let awaits = 0;
    const plan = (state: string, version: number, waitSeconds: number) => ({
      transactionId: 'tx-1',
      state,
      version,
      waitSeconds,
    });
    const machine = new StateMachine(forLocalRunner(definition()) as never, {
      validationOptions: { noValidate: true },
    });
    const run = machine.run({ transactionId: 'tx-1' } as never, {
      context: { Task: { Token: 'token' } } as never,
      overrides: {
        taskResourceLocalHandlers: {
          Plan: async (input) => {
            calls.push(`Plan ${JSON.stringify((input as { Payload: unknown }).Payload)}`);
            return { StatusCode: 200, Payload: { ...plan('pending-payment', 1, 900), extra: 'dropped' } };
          },
          Await: async (input) => {
            const payload = (input as { Payload: { version: number; taskToken: string } }).Payload;
            calls.push(`Await v${payload.version} ${payload.taskToken}`);
            awaits++;
            if (awaits === 1) return plan('purchased', 2, 100);
            if (awaits === 2) return plan('delivered', 3, 1);
            return new Promise(() => {}); // never answered: the timer is due
          },
          FireTimer: async (input) => {
            calls.push(`FireTimer ${JSON.stringify((input as { Payload: unknown }).Payload)}`);
            throw new NamedError('Order.Closed', 'Order tx-1 is canceled');
          },
        },
      },
    });
    const output = await run.result;
    expect(calls).toEqual([
      'Plan {"transactionId":"tx-1"}',
      'Await v1 token',
      'Await v2 token',
      'Await v3 token',
      'FireTimer {"transactionId":"tx-1","version":3}',
    ]);
    expect(output).toEqual(plan('delivered', 3, 1));
  });

  it('an unexpected task error ends in Failed', async () => {
    const machine = new StateMachine(definition() as never, { validationOptions: { noValidate: true } });
    const run = machine.run({ transactionId: 'tx-1' } as never, {
      overrides: {
        taskResourceLocalHandlers: {
          Plan: async () => {
            throw new NamedError('Boom');
          },
        },
      },
    });
    await expect(run.result).rejects.toMatchObject({ cause: { name: 'Order.WorkflowFailed' } });
  });
});
