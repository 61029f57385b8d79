import { describe, expect, it } from 'vitest';
import { emulateTimeoutPaths, LocalStepFunctions, stateMachineArn } from './stepfunctions';

// A machine shaped like the order machine: a callback task whose timeout comes from the state input
// (TimeoutSecondsPath), looping on itself, and a Lambda task after a timeout.
const definition = {
  StartAt: 'Await',
  States: {
    Await: {
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke.waitForTaskToken',
      Parameters: {
        FunctionName: 'arn:aws:lambda:us-east-1:000000000000:function:velo-SaveTaskToken',
        Payload: { 'id.$': '$.id', 'taskToken.$': '$$.Task.Token' },
      },
      TimeoutSecondsPath: '$.waitSeconds',
      Catch: [
        { ErrorEquals: ['States.Timeout'], Next: 'FireTimer' },
        { ErrorEquals: ['Order.Closed'], Next: 'Done' },
      ],
      Next: 'Await',
    },
    FireTimer: {
      Type: 'Task',
      Resource: 'arn:aws:states:::lambda:invoke',
      Parameters: {
        FunctionName: 'arn:aws:lambda:us-east-1:000000000000:function:velo-FireTimer',
        Payload: {},
      },
      TimeoutSeconds: 30,
      ResultSelector: { 'closed.$': '$.Payload.closed' },
      End: true,
    },
    Done: { Type: 'Succeed' },
  },
};

function runner() {
  const calls: { task: string; payload: Record<string, unknown> }[] = [];
  const stepFunctions = new LocalStepFunctions({
    definitions: { test: definition },
    invoke: async (task, payload) => {
      calls.push({ task, payload: payload as Record<string, unknown> });
      return { closed: true };
    },
  });
  return { stepFunctions, calls, arn: stateMachineArn('test') };
}

const until = async (probe: () => boolean) => {
  for (let i = 0; i < 200 && !probe(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('LocalStepFunctions', () => {
  it('reads TimeoutSecondsPath from the state input (not the parameters) and passes the task only its payload', () => {
    const rewritten = emulateTimeoutPaths(definition);
    expect(rewritten.States.Await).toMatchObject({
      TimeoutSecondsPath: '$.__localTimeoutSeconds',
      Parameters: { '__localTimeoutSeconds.$': '$.waitSeconds' },
    });
    expect(definition.States.Await.TimeoutSecondsPath).toBe('$.waitSeconds'); // not mutated
  });

  it("times a callback out after the state input's waitSeconds and forgets its token then", async () => {
    const { stepFunctions, calls, arn } = runner();
    const started = Date.now();
    const { executionArn } = stepFunctions.startExecution(arn, { id: 'a', waitSeconds: 1 });
    const execution = await stepFunctions.waitForExecution(executionArn);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(execution).toMatchObject({ status: 'SUCCEEDED', output: { closed: true } });
    expect(calls.map((call) => call.task)).toEqual(['SaveTaskToken', 'FireTimer']);
    expect(calls[0]!.payload).toEqual({ id: 'a', taskToken: expect.any(String) });
    expect(() => stepFunctions.sendTaskSuccess(String(calls[0]!.payload.taskToken), {})).toThrow(
      expect.objectContaining({ name: 'TaskTimedOut' }),
    );
    expect(stepFunctions.statesEntered(executionArn).map((state) => state.name)).toEqual([
      'Await',
      'FireTimer',
    ]);
    expect(stepFunctions.stateTransitions(executionArn)).toBe(2);
  });

  it('loops on a self-looping callback with each answer, and counts every state entered', async () => {
    const { stepFunctions, calls, arn } = runner();
    const { executionArn } = stepFunctions.startExecution(arn, { id: 'b', waitSeconds: 600 });
    for (const round of [1, 2]) {
      await until(() => calls.length === round);
      stepFunctions.sendTaskSuccess(String(calls[round - 1]!.payload.taskToken), {
        id: 'b',
        waitSeconds: 600,
      });
    }
    await until(() => calls.length === 3);
    stepFunctions.sendTaskFailure(String(calls[2]!.payload.taskToken), 'Order.Closed', 'completed');
    const execution = await stepFunctions.waitForExecution(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
    expect(stepFunctions.stateTransitions(executionArn)).toBe(4); // Await ×3, Done
  });

  it('a task that answers its own token with a failure before it returns (Order.Closed at once) ends the state, unhandled by nobody', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const stepFunctions: LocalStepFunctions = new LocalStepFunctions({
        definitions: { test: definition },
        // As SaveTaskToken does when the order moved on: SendTaskFailure, then a moment later it returns.
        invoke: async (_task, payload) => {
          stepFunctions.sendTaskFailure(
            String((payload as { taskToken: string }).taskToken),
            'Order.Closed',
            'reviewed',
          );
          await new Promise((resolve) => setTimeout(resolve, 20));
          return {};
        },
      });
      const { executionArn } = stepFunctions.startExecution(stateMachineArn('test'), {
        id: 'd',
        waitSeconds: 600,
      });
      const execution = await stepFunctions.waitForExecution(executionArn);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(execution.status).toBe('SUCCEEDED');
      expect(stepFunctions.statesEntered(executionArn).map((state) => state.name)).toEqual(['Await', 'Done']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('stops a waiting execution (and its timers) on stop()', async () => {
    const { stepFunctions, calls, arn } = runner();
    const { executionArn } = stepFunctions.startExecution(arn, { id: 'c', waitSeconds: 2_000_000 });
    await until(() => calls.length === 1);
    // StartExecution with the same name and input while it runs is idempotent; else ExecutionAlreadyExists.
    expect(stepFunctions.startExecution(arn, { id: 'c', waitSeconds: 2_000_000 }, 'c').executionArn).not.toBe(
      executionArn,
    );
    expect(stepFunctions.startExecution(arn, { id: 'c', waitSeconds: 2_000_000 }, 'c').executionArn).toBe(
      `${arn.replace(':stateMachine:', ':execution:')}:c`,
    );
    expect(() => stepFunctions.startExecution(arn, { id: 'other' }, 'c')).toThrow(
      expect.objectContaining({ name: 'ExecutionAlreadyExists' }),
    );
    await stepFunctions.stop();
    expect(stepFunctions.describeExecution(executionArn).status).toBe('ABORTED');
  });
});
