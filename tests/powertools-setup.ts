/**
 * The unit and integration tests' environment, as the local cloud's (infra/local/cloud.ts): no EMF
 * metric lines on the console and no X-Ray. A test of the metrics turns them on itself
 * (functions/lib/metrics.test.ts).
 */
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
process.env.POWERTOOLS_TRACE_ENABLED ??= 'false';
