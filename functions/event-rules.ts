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

export { eventSources };

export const eventRules = [
  { name: 'finance-ledger', sources: [eventSources.finance], handler: 'orders/finance/ledger' },
] as const satisfies readonly EventRule[];

export function ruleMatches(rule: EventRule, source: string, detailType: string): boolean {
  return rule.sources.includes(source) && (!rule.detailTypes || rule.detailTypes.includes(detailType));
}
