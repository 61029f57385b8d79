/**
 * The business and health metrics the handlers publish (Powertools Metrics, CloudWatch embedded
 * metric format) and the alarms and dashboard read (infra/stacks/monitoring-stack.ts): one home for
 * their namespace, names, units and dimensions, so a renamed metric cannot leave an alarm watching
 * nothing.
 *
 * Every metric carries exactly the dimension `service = velo` (`metricsService`); the provider
 * metrics carry `provider` (stripe | paypal) as well. The namespace is per stage (`Velo/prod`), so
 * staging and production in one account never mix.
 */
export const metricsService = 'velo';

/** The stage's namespace; the handlers read it from POWERTOOLS_METRICS_NAMESPACE (set by the deploy). */
export function metricsNamespace(stage: string): string {
  return `Velo/${stage}`;
}

export type MetricUnit = 'Count' | 'Milliseconds' | 'Seconds';

export interface MetricDefinition {
  name: string;
  unit: MetricUnit;
  /** Dimensions beyond `service` (their values are named here). */
  dimensions?: Record<string, readonly string[]>;
  description: string;
}

export const paymentProviders = ['stripe', 'paypal'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const metrics = {
  ordersPlaced: {
    name: 'OrdersPlaced',
    unit: 'Count',
    description: 'Orders a buyer placed (the order exists, pending payment)',
  },
  paymentsCaptured: {
    name: 'PaymentsCaptured',
    unit: 'Count',
    description: "Buyers' payments captured (card or PayPal)",
  },
  refundsIssued: { name: 'RefundsIssued', unit: 'Count', description: 'Refunds that went back to a buyer' },
  payoutsDisbursed: { name: 'PayoutsDisbursed', unit: 'Count', description: 'Sellers paid out' },
  providerCalls: {
    name: 'PaymentProviderCalls',
    unit: 'Count',
    dimensions: { provider: paymentProviders },
    description: 'Calls to a payment provider (Stripe, PayPal)',
  },
  providerFailures: {
    name: 'PaymentProviderFailures',
    unit: 'Count',
    dimensions: { provider: paymentProviders },
    description: 'Calls to a payment provider that failed (network, 5xx, timeouts; not card declines)',
  },
  timerFires: {
    name: 'TimerFires',
    unit: 'Count',
    description: 'Order deadlines that fired (by the workflow or the sweeper)',
  },
  searchLatency: {
    name: 'SearchLatency',
    unit: 'Milliseconds',
    description: 'Time the search route took to answer a query',
  },
  oldestOverdueDue: {
    name: 'OldestOverdueDueItemAge',
    unit: 'Seconds',
    description: "How long past its due time the sweeper's oldest unfired deadline is (0: none)",
  },
  oldestUnfinishedMoneyOp: {
    name: 'OldestUnfinishedMoneyOperationAge',
    unit: 'Seconds',
    description: 'How long the oldest unfinished refund or payout has been open (0: none)',
  },
} as const satisfies Record<string, MetricDefinition>;

export type MetricKey = keyof typeof metrics;
