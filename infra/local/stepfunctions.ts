import './polyfills';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StateMachine } from 'aws-local-stepfunctions';
import { stateMachines, type WorkflowTaskName, workflowTasks } from '../../functions/orders/workflow/tasks';
import { loadHandler } from './handlers';

/**
 * Step Functions stand-in: runs the very ASL files CDK deploys with aws-local-stepfunctions, each
 * Lambda task mapped to the same handler module. It lacks `.waitForTaskToken`, so callback tasks are
 * emulated here: the task's handler gets a fresh token and the state resolves when SendTaskSuccess
 * (or SendTaskFailure) brings it back, or fails with States.Timeout after the task's timeout
 * (TimeoutSeconds, or the value TimeoutSecondsPath selects from the state input; the runner's
 * default is 60 s). Timeouts are not scaled: timer scaling lives in the domain (VELO_TIMER_SCALE,
 * shared/process/deadlines.ts), which computes the `waitSeconds` the order machine waits for.
 *
 * TimeoutSecondsPath: aws-local-stepfunctions 3.0 reads it, but from the task's effective
 * parameters (after `Parameters`), whereas Step Functions reads it from the state input. So each
 * Task state with both gets one more parameter, `__localTimeoutSeconds.$: <the path>` (resolved from
 * the state input, as in AWS), and TimeoutSecondsPath points at that; the task handlers here strip
 * it before calling the function.
 */
export const localAccount = '000000000000';
export const localRegion = 'us-east-1';
const tokenPlaceholder = '__LOCAL_TASK_TOKEN__';
const timeoutParameter = '__localTimeoutSeconds';
/** aws-local-stepfunctions' timeout of a Task state without TimeoutSeconds(Path). */
const defaultTaskTimeoutSeconds = 60;

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
  /** The states entered so far, in order (one Step Functions state transition each). */
  statesEntered: { name: string; type: string; timestamp: number }[];
  abort: () => void;
  done: Promise<void>;
}

type ExecutionDescription = Omit<Execution, 'abort' | 'done' | 'statesEntered'>;

type StateDefinition = {
  Type: string;
  Resource?: string;
  TimeoutSeconds?: number;
  TimeoutSecondsPath?: string;
  Parameters?: Record<string, unknown>;
};

type Definition = Record<string, unknown> & { States: Record<string, StateDefinition> };

export interface LocalStepFunctionsOptions {
  /** ASL definitions by machine name; default: every machine of functions/orders/workflow/tasks.ts (its file). */
  definitions?: Record<string, Record<string, unknown>>;
  /** Runs a task function (its name in `${<Task>FunctionArn}`); default: the handler of workflowTasks. */
  invoke?: (task: string, payload: unknown) => Promise<unknown>;
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
  private readonly machines = new Map<string, { definition: Definition; name: string }>();
  private readonly executions = new Map<string, Execution>();
  private readonly pendingTasks = new Map<string, PendingTask>();

  constructor(private readonly options: LocalStepFunctionsOptions = {}) {
    const definitions = options.definitions ?? readDefinitions();
    for (const [name, definition] of Object.entries(definitions)) {
      new StateMachine(definition as never); // validates the real definition once
      this.machines.set(stateMachineArn(name), { definition: emulateTimeoutPaths(definition), name });
    }
  }

  startExecution(
    arn: string,
    input: unknown,
    name: string = randomUUID(),
  ): { executionArn: string; startDate: Date } {
    const machine = this.machines.get(arn);
    if (!machine) throw new TaskFailure('StateMachineDoesNotExist', `State machine does not exist: ${arn}`);
    const executionArn = `${arn.replace(':stateMachine:', ':execution:')}:${name}`;
    const existing = this.executions.get(executionArn);
    if (existing) {
      // As in AWS (Standard): the same name and input while it runs is the same execution.
      if (existing.status === 'RUNNING' && JSON.stringify(existing.input) === JSON.stringify(input))
        return { executionArn, startDate: existing.startDate };
      throw new TaskFailure('ExecutionAlreadyExists', `Execution already exists: ${executionArn}`);
    }
    const stateMachine = new StateMachine(machine.definition as never, {
      validationOptions: { noValidate: true },
    });
    const run = stateMachine.run(input as never, {
      overrides: { taskResourceLocalHandlers: this.taskHandlers(machine.definition) as never },
      context: { Task: { Token: tokenPlaceholder } } as never,
    });
    const statesEntered: Execution['statesEntered'] = [];
    // The event log closes when the execution succeeds, fails, times out or is aborted.
    const eventsRead = (async () => {
      for await (const event of run.eventLogs) {
        if (event.type === 'StateEntered')
          statesEntered.push({ name: event.state.name, type: event.state.type, timestamp: event.timestamp });
      }
    })().catch(() => undefined);
    const execution: Execution = {
      executionArn,
      stateMachineArn: arn,
      name,
      input,
      status: 'RUNNING',
      startDate: new Date(),
      statesEntered,
      abort: run.abort,
      done: run.result
        .then(
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
        )
        .then(() => eventsRead),
    };
    this.executions.set(executionArn, execution);
    return { executionArn, startDate: execution.startDate };
  }

  private taskHandlers(definition: Definition) {
    type LambdaInput = { FunctionName: string; Payload: unknown; [timeoutParameter]?: number };
    const handlers: Record<string, (input: LambdaInput) => Promise<unknown>> = {};
    for (const [stateName, state] of Object.entries(definition.States)) {
      if (state.Type !== 'Task') continue;
      // The task's effective timeout: literal, else the TimeoutSecondsPath value (see the class comment).
      const timeoutSeconds = (input: LambdaInput) =>
        state.TimeoutSeconds ?? input[timeoutParameter] ?? defaultTaskTimeoutSeconds;
      const withoutTimeout = ({ [timeoutParameter]: _timeout, ...input }: LambdaInput) => input;
      if (state.Resource === 'arn:aws:states:::lambda:invoke') {
        handlers[stateName] = async (input) => ({
          StatusCode: 200,
          Payload: await this.invoke(withoutTimeout(input)),
        });
      } else if (state.Resource === 'arn:aws:states:::lambda:invoke.waitForTaskToken') {
        handlers[stateName] = (input) =>
          this.invokeAndWaitForToken(withoutTimeout(input), timeoutSeconds(input) * 1000);
      } else {
        throw new Error(`Local runner: unsupported resource ${state.Resource} in state ${stateName}`);
      }
    }
    return handlers;
  }

  private async invoke(input: { FunctionName: string; Payload: unknown }): Promise<unknown> {
    const task = /function:velo-(\w+)$/.exec(input.FunctionName)?.[1];
    try {
      if (this.options.invoke) return await this.options.invoke(task ?? input.FunctionName, input.Payload);
      if (!task || !(task in workflowTasks)) throw new Error(`Unknown task function ${input.FunctionName}`);
      const handler = await loadHandler<(payload: unknown) => Promise<unknown>>(
        workflowTasks[task as WorkflowTaskName],
      );
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
    // The task may answer its own token before it returns (SaveTaskToken's SendTaskFailure when the
    // order moved on): a rejection then, before `result` is awaited below, must not count as
    // unhandled, which would end the process. It is still awaited, and thrown, below.
    result.catch(() => undefined);
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

  describeExecution(executionArn: string): ExecutionDescription {
    const {
      abort: _abort,
      done: _done,
      statesEntered: _states,
      ...description
    } = this.execution(executionArn);
    return description;
  }

  /** The states this execution entered, in order (GetExecutionHistory's `*StateEntered` events). */
  statesEntered(executionArn: string): { name: string; type: string; timestamp: number }[] {
    return [...this.execution(executionArn).statesEntered];
  }

  /** Step Functions state transitions so far: one per state entered (what AWS bills for Standard). */
  stateTransitions(executionArn: string): number {
    return this.execution(executionArn).statesEntered.length;
  }

  /** Every execution of a state machine, newest first (ListExecutions). */
  listExecutions(stateMachineArn: string): ExecutionDescription[] {
    return [...this.executions.values()]
      .filter((execution) => execution.stateMachineArn === stateMachineArn)
      .reverse()
      .map((execution) => this.describeExecution(execution.executionArn));
  }

  private execution(executionArn: string): Execution {
    const execution = this.executions.get(executionArn);
    if (!execution)
      throw new TaskFailure('ExecutionDoesNotExist', `Execution does not exist: ${executionArn}`);
    return execution;
  }

  /** Resolves when the execution has stopped (tests). */
  async waitForExecution(executionArn: string): Promise<ExecutionDescription> {
    await this.executions.get(executionArn)?.done;
    return this.describeExecution(executionArn);
  }

  async stop(): Promise<void> {
    const running = [...this.executions.values()].filter((execution) => execution.status === 'RUNNING');
    for (const execution of running) execution.abort();
    // Settle the callbacks still waiting, so the runner's task timers (up to weeks) are cleared too.
    for (const [token, task] of this.pendingTasks) {
      this.pendingTasks.delete(token);
      task.reject(new TaskFailure('ExecutionAborted', 'The local cloud stopped'));
    }
    await Promise.all(running.map((execution) => execution.done));
  }
}

/** Every machine of functions/orders/workflow/tasks.ts, its ASL file with the task ARNs substituted. */
function readDefinitions(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(stateMachines).map(([name, machine]) => {
      const text = readFileSync(fileURLToPath(new URL(`../../${machine.file}`, import.meta.url)), 'utf8');
      const substituted = text.replace(/\$\{(\w+)FunctionArn\}/g, (_, task: string) => functionArn(task));
      return [name, JSON.parse(substituted) as Record<string, unknown>];
    }),
  );
}

/**
 * The definition the runner executes: each Task state with TimeoutSecondsPath and Parameters also
 * passes the path's value (resolved from the state input, as Step Functions does) as the parameter
 * `__localTimeoutSeconds`, and its TimeoutSecondsPath reads that parameter.
 */
export function emulateTimeoutPaths(definition: Record<string, unknown>): Definition {
  const copy = structuredClone(definition) as Definition;
  for (const state of Object.values(copy.States)) {
    if (state.Type !== 'Task' || !state.TimeoutSecondsPath || !state.Parameters) continue;
    state.Parameters = { ...state.Parameters, [`${timeoutParameter}.$`]: state.TimeoutSecondsPath };
    state.TimeoutSecondsPath = `$.${timeoutParameter}`;
  }
  return copy;
}

export { TaskFailure as LocalServiceError };
