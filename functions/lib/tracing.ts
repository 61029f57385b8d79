import type { Tracer } from '@aws-lambda-powertools/tracer';
import { metricsService } from './metric-catalogue';
import { tracerPackage } from './powertools';

/**
 * X-Ray traces of the AWS SDK calls (Powertools Tracer). Every Lambda runs with active tracing
 * (infra/lambda-bundling.ts): Lambda opens the invocation's segment, and each SDK client made here
 * adds a subsegment per call (table, bucket, state machine, bus, Cognito, SES, Amazon Location).
 * The Tracer also records outgoing HTTPS requests and `fetch` (Stripe, PayPal).
 *
 * Off where tracing cannot work: outside Lambda (no AWS_EXECUTION_ENV) and wherever
 * POWERTOOLS_TRACE_ENABLED=false (the local cloud, the tests). Then the Tracer is not even loaded:
 * X-Ray's SDK installs process-wide async hooks (cls-hooked) that the local cloud, which runs every
 * handler in one process, should not pay for.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false' && Boolean(env.AWS_EXECUTION_ENV);
}

let tracer: Tracer | undefined;

/** The client with its calls traced when tracing is on; the client as it is otherwise. */
export function traced<T>(client: T): T {
  if (!tracingEnabled()) return client;
  tracer ??= new (tracerPackage().Tracer)({ serviceName: metricsService });
  return tracer.captureAWSv3Client(client);
}
