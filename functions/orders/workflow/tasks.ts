/**
 * The Lambda tasks the state machines call. In ASL a task names its function as `${<Name>FunctionArn}`;
 * CDK substitutes the deployed function's ARN and the local runner calls the same module.
 * `handler` is a module under functions/ (without .ts) that exports `handler(payload)`.
 */
export const workflowTasks = {
  Plan: 'orders/workflow/plan',
  SaveTaskToken: 'orders/workflow/save-task-token',
  FireTimer: 'orders/workflow/fire-timer',
} as const;

export type WorkflowTaskName = keyof typeof workflowTasks;

/** State machines, each an ASL file under statemachines/. */
export const stateMachines = {
  order: { file: 'statemachines/order.asl.json', tasks: ['Plan', 'SaveTaskToken', 'FireTimer'] },
} as const satisfies Record<string, { file: string; tasks: readonly WorkflowTaskName[] }>;

/**
 * Handlers run on a schedule, not by a state machine: the deadline sweeper (docs/design/orders.md,
 * "The workflow"), every 2 s in the local cloud and by an EventBridge Scheduler `rate(5 minutes)`
 * in AWS.
 */
export const scheduledTasks = {
  SweepDue: 'orders/workflow/sweep-due',
} as const;

export type ScheduledTaskName = keyof typeof scheduledTasks;

/**
 * Handlers invoked by hand, by an operator with AWS credentials: `npm run operator -- <order
 * command> <txId> --aws` (infra/operator/) runs the order commands here, where refunds and payouts
 * have the stage's provider keys.
 */
export const operatorTasks = {
  OrderCommand: 'orders/operator/run-command',
} as const;
