import './polyfills';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { stateMachines, type WorkflowTaskName, workflowTasks } from '../../functions/workflow/tasks';
import { loadHandler } from './handlers';

/**
 * Step Functions stand-in: runs the very ASL files CDK deploys with aws-local-stepfunctions, each
 * Lambda task mapped to the same handler module. It lacks `.waitForTaskToken`, so callback tasks are
 * emulated here: the task's handler gets a fresh token and the state resolves when SendTaskSuccess
 * (or SendTaskFailure) brings it back, or fails with States.Timeout after TimeoutSeconds.
 * `timerScale` shrinks every TimeoutSeconds (e.g. 0.001 turns 15 minutes into 0.9 s) for demos and tests.
 */
export const localAccount = '000000000000';
export const localRegion = 'us-east-1';
const tokenPlaceholder = '__LOCAL_TASK_TOKEN__';

export function stateMachineArn(name: string): string {
  return `arn:aws:states:${localRegion}:${localAccount}:stateMachine:velo-${name}`;
}

function functionArn(task: string): string {
  return `arn:aws:lambda:${localRegion}:${localAccount}:function:velo-${task}`;
}

type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  input: unknown;
  status: ExecutionStatus;
  startDate: Date;
  stopDate?: Date;
  output?: unknown;
  error?: string;
  cause?: string;
  abort: () => void;
  done: Promise<void>;
}

interface PendingTask {
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

class TaskFailure extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

export class LocalStepFunctions {
  private readonly machines = new Map<string, { definition: Record<string, unknown>; name: string }>();
  private readonly executions = new Map<string, Execution>();
  private readonly pendingTasks = new Map<string, PendingTask>();

  constructor(private readonly options: { timerScale: number }) {
    for (const [name, machine] of Object.entries(stateMachines)) {
      const text = readFileSync(fileURLToPath(new URL(`../../${machine.file}`, import.meta.url)), 'utf8');
      const substituted = text.replace(/\$\{(\w+)FunctionArn\}/g, (_, task: string) => functionArn(task));
      const definition = JSON.parse(substituted) as Record<string, unknown>;
      new StateMachine(definition as never); // validates the real definition once
      this.machines.set(stateMachineArn(name), { definition: this.scaleTimeouts(definition), name });
    }
  }

  /** Multiplies every TimeoutSeconds by the timer scale (fractions allowed: the runner uses ms). */
  private scaleTimeouts(definition: Record<string, unknown>): Record<string, unknown> {
    return JSON.parse(JSON.stringify(definition), (key, value) =>
      key === 'TimeoutSeconds' && typeof value === 'number' ? value * this.options.timerScale : value,
    );
  }

  startExecution(
    arn: string,
    input: unknown,
    name: string = randomUUID(),
  ): { executionArn: string; startDate: Date } {
    const machine = this.machines.get(arn);
    if (!machine) throw new TaskFailure('StateMachineDoesNotExist', `State machine does not exist: ${arn}`);
    const executionArn = `${arn.replace(':stateMachine:', ':execution:')}:${name}`;
    if (this.executions.has(executionArn)) {
      throw new TaskFailure('ExecutionAlreadyExists', `Execution already exists: ${executionArn}`);
    }
    const stateMachine = new StateMachine(machine.definition as never, {
      validationOptions: { noValidate: true },
    });
    const run = stateMachine.run(input as never, {
      overrides: { taskResourceLocalHandlers: this.taskHandlers(machine.definition) as never },
      context: { Task: { Token: tokenPlaceholder } } as never,
    });
    const execution: Execution = {
      executionArn,
      stateMachineArn: arn,
      name,
      input,
      status: 'RUNNING',
      startDate: new Date(),
      abort: run.abort,
      done: run.result.then(
        (output) => {
          execution.status = 'SUCCEEDED';
          execution.output = output;
          execution.stopDate = new Date();
        },
        (error: Error) => {
          execution.status = error.name === 'ExecutionAbortedError' ? 'ABORTED' : 'FAILED';
          execution.error = error.name;
          execution.cause = error.message;
          execution.stopDate = new Date();
        },
      ),
    };
    this.executions.set(executionArn, execution);
    return { executionArn, startDate: execution.startDate };
  }

  private taskHandlers(definition: Record<string, unknown>) {
    type LambdaInput = { FunctionName: string; Payload: unknown };
    const handlers: Record<string, (input: LambdaInput) => Promise<unknown>> = {};
    const states = definition.States as Record<
      string,
      { Type: string; Resource?: string; TimeoutSeconds?: number }
    >;
    for (const [stateName, state] of Object.entries(states)) {
      if (state.Type !== 'Task') continue;
      if (state.Resource === 'arn:aws:states:::lambda:invoke') {
        handlers[stateName] = async (input) => ({ StatusCode: 200, Payload: await this.invoke(input) });
      } else if (state.Resource === 'arn:aws:states:::lambda:invoke.waitForTaskToken') {
        const timeoutMs = (state.TimeoutSeconds ?? 60) * 1000;
        handlers[stateName] = (input) => this.invokeAndWaitForToken(input, timeoutMs);
      } else {
        throw new Error(`Local runner: unsupported resource ${state.Resource} in state ${stateName}`);
      }
    }
    return handlers;
  }

  private async invoke(input: { FunctionName: string; Payload: unknown }): Promise<unknown> {
    const task = /function:velo-(\w+)$/.exec(input.FunctionName)?.[1] as WorkflowTaskName | undefined;
    if (!task || !(task in workflowTasks)) throw new Error(`Unknown task function ${input.FunctionName}`);
    const handler = await loadHandler<(payload: unknown) => Promise<unknown>>(workflowTasks[task]);
    try {
      return await handler(input.Payload);
    } catch (error) {
      // Lambda reports a function error with the error's name, which Retry/Catch match on.
      const failure = error as Error;
      throw new TaskFailure(failure.name || 'Error', failure.message);
    }
  }

  private async invokeAndWaitForToken(
    input: { FunctionName: string; Payload: unknown },
    timeoutMs: number,
  ): Promise<unknown> {
    const token = randomUUID();
    const payload = JSON.parse(JSON.stringify(input.Payload).replaceAll(tokenPlaceholder, token));
    const result = new Promise<unknown>((resolve, reject) =>
      this.pendingTasks.set(token, { resolve, reject }),
    );
    // The runner fails the state with States.Timeout; this forgets the token at the same moment, so a
    // late SendTaskSuccess gets TaskTimedOut as in AWS.
    const expiry = setTimeout(() => this.pendingTasks.delete(token), timeoutMs);
    expiry.unref();
    try {
      await this.invoke({ ...input, Payload: payload });
      return await result;
    } finally {
      clearTimeout(expiry);
      this.pendingTasks.delete(token);
    }
  }

  sendTaskSuccess(token: string, output: unknown): void {
    this.takeTask(token).resolve(output);
  }

  sendTaskFailure(token: string, error = 'States.TaskFailed', cause = ''): void {
    this.takeTask(token).reject(new TaskFailure(error, cause));
  }

  private takeTask(token: string): PendingTask {
    const task = this.pendingTasks.get(token);
    // Step Functions answers TaskTimedOut for a token whose task already ended (timed out or answered).
    if (!task) throw new TaskFailure('TaskTimedOut', 'Task Timed Out');
    this.pendingTasks.delete(token);
    return task;
  }

  describeExecution(executionArn: string): Omit<Execution, 'abort' | 'done'> {
    const execution = this.executions.get(executionArn);
    if (!execution)
      throw new TaskFailure('ExecutionDoesNotExist', `Execution does not exist: ${executionArn}`);
    const { abort: _abort, done: _done, ...description } = execution;
    return description;
  }

  /** Resolves when the execution has stopped (tests). */
  async waitForExecution(executionArn: string): Promise<Omit<Execution, 'abort' | 'done'>> {
    await this.executions.get(executionArn)?.done;
    return this.describeExecution(executionArn);
  }

  async stop(): Promise<void> {
    const running = [...this.executions.values()].filter((execution) => execution.status === 'RUNNING');
    for (const execution of running) execution.abort();
    await Promise.all(running.map((execution) => execution.done));
  }
}

export { TaskFailure as LocalServiceError };
