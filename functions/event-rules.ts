import { eventSources } from '../shared/events/definitions';

/**
 * EventBridge rules on the marketplace bus: which events go to which handler. CDK makes one rule
 * per entry; the local bus dispatches with the same patterns (source and detail-type only).
 * `handler` is a module under functions/ (without .ts) that exports `handler(event: EventBridgeEvent)`.
 */
export interface EventRule {
  name: string;
  sources: readonly string[];
  detailTypes?: readonly string[];
  handler: string;
}

export const eventBusName = 'velo-marketplace';

/**
 * Lambda's retries of a failed asynchronous invocation of a rule handler before the event goes to
 * the failed-invocations queue (functions/failure-queues.ts): the CDK stack's configureAsyncInvoke
 * and the local bus's emulation of it both read this.
 */
export const asyncInvokeRetryAttempts = 2;

export { eventSources };

export const eventRules = [
  { name: 'finance-ledger', sources: [eventSources.finance], handler: 'orders/finance/ledger' },
] as const satisfies readonly EventRule[];

export function ruleMatches(rule: EventRule, source: string, detailType: string): boolean {
  return rule.sources.includes(source) && (!rule.detailTypes || rule.detailTypes.includes(detailType));
}
