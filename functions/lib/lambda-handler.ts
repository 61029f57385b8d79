import { type LambdaIds, type LogKeys, requestIdOf, withLogContext } from './logger';
import { flushMetrics } from './metrics';
import { loadSecrets } from './secrets';

/**
 * A handler (stream consumer, event rule target, workflow or scheduled task) that runs inside its
 * own log context: the Lambda request id, and what `keysOf` finds in the event (a transaction id),
 * with the provider secrets its environment names loaded (functions/lib/secrets.ts), and the metrics
 * it recorded published when it ends (functions/lib/metrics.ts).
 */
export function loggedHandler<E, R>(
  handler: (event: E) => Promise<R>,
  keysOf: (event: E) => Partial<Omit<LogKeys, 'requestId'>> = () => ({}),
): (
  ...args: undefined extends E ? [event?: E, context?: LambdaIds] : [event: E, context?: LambdaIds]
) => Promise<R> {
  return (...[event, context]) =>
    withLogContext({ requestId: requestIdOf(undefined, context), ...keysOf(event as E) }, async () => {
      try {
        await loadSecrets();
        return await handler(event as E);
      } finally {
        // What the invocation recorded (functions/lib/metrics.ts), answered or failed; never throws.
        flushMetrics();
      }
    });
}
