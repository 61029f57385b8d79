/**
 * The Lambda tasks the state machines call. In ASL a task names its function as `${<Name>FunctionArn}`;
 * CDK substitutes the deployed function's ARN and the local runner calls the same module.
 * `handler` is a module under functions/ (without .ts) that exports `handler(payload)`.
 */
export const workflowTasks = {
  SaveTaskToken: 'workflow/save-task-token',
  ExpirePayment: 'workflow/expire-payment',
} as const;

export type WorkflowTaskName = keyof typeof workflowTasks;

/** State machines, each an ASL file under statemachines/. */
export const stateMachines = {
  order: { file: 'statemachines/order.asl.json', tasks: ['SaveTaskToken', 'ExpirePayment'] },
} as const satisfies Record<string, { file: string; tasks: readonly WorkflowTaskName[] }>;
