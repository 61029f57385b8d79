import type { Metrics } from '@aws-lambda-powertools/metrics';
import { log } from './logger';
import {
  metrics as catalogue,
  type MetricDefinition,
  type MetricKey,
  metricsService,
  type PaymentProviderName,
} from './metric-catalogue';
import { metricsPackage } from './powertools';

/**
 * Records the metrics of functions/lib/metric-catalogue.ts (names, units and dimensions only from
 * there) with Powertools Metrics: CloudWatch's embedded metric format, one JSON line on stdout per
 * flush, turned into metrics by CloudWatch Logs. The namespace is POWERTOOLS_METRICS_NAMESPACE (the
 * deploy sets `Velo/<stage>` on every handler); POWERTOOLS_METRICS_DISABLED=true (the local cloud,
 * the tests) keeps them off the console.
 *
 * A handler only records (`recordMetric`, `countProviderCall`) where the fact happens; the wrappers
 * (functions/lib/http.ts `httpHandler`, functions/lib/lambda-handler.ts `loggedHandler`) flush at the
 * end of every invocation, so no handler can forget.
 *
 * One buffer per dimension set: EMF gives every metric of a line the same dimensions, and the
 * catalogue wants `service` alone on the business metrics and `service` + `provider` on the provider
 * ones. Each buffer is made on first use, after the environment is set (the local cloud sets it after
 * loading the handler modules).
 */
type ProviderMetricKey = 'providerCalls' | 'providerFailures';
export type PlainMetricKey = Exclude<MetricKey, ProviderMetricKey>;

const buffers = new Map<string, Metrics>();

function buffer(provider?: PaymentProviderName): Metrics {
  const key = provider ?? '';
  let metrics = buffers.get(key);
  if (!metrics) {
    const { Metrics } = metricsPackage();
    metrics = new Metrics({
      serviceName: metricsService,
      ...(provider ? { defaultDimensions: { provider } } : {}),
    });
    buffers.set(key, metrics);
  }
  return metrics;
}

function add(metrics: Metrics, definition: MetricDefinition, value: number): void {
  try {
    // The catalogue's units are Powertools' MetricUnit values ('Count', 'Milliseconds', 'Seconds').
    metrics.addMetric(definition.name, definition.unit as Parameters<Metrics['addMetric']>[1], value);
  } catch (error) {
    // A metric is never worth a failed request (Powertools refuses e.g. a non-finite value).
    log.warn('metric not recorded', { metric: definition.name, error });
  }
}

/** Records one value of a metric without a provider (a count of 1 by default). */
export function recordMetric(key: PlainMetricKey, value = 1): void {
  add(buffer(), catalogue[key], value);
}

/**
 * One call to a payment provider, and whether it failed: the provider did not answer or answered with
 * its own fault (network, 5xx, timeouts). A refusal of the request (a card declined, PayPal's named
 * 4xx) is an answer, not a failure: functions/payments/provider-metrics.ts decides.
 */
export function countProviderCall(provider: PaymentProviderName, failed: boolean): void {
  const metrics = buffer(provider);
  add(metrics, catalogue.providerCalls, 1);
  if (failed) add(metrics, catalogue.providerFailures, 1);
}

/**
 * Writes what the invocation recorded (one EMF line per dimension set) and empties the buffers.
 * Never throws: called by the wrappers after the answer is made, it must not break it.
 */
export function flushMetrics(): void {
  for (const metrics of buffers.values()) {
    try {
      // Only with something to say: Powertools warns on every empty flush.
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    } catch (error) {
      metrics.clearMetrics();
      log.warn('metrics not published', { error });
    }
  }
}

/** Tests: forget the buffers, so the next metric reads the environment again. */
export function resetMetricsForTests(): void {
  buffers.clear();
}
