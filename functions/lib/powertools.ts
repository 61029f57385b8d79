import { createRequire } from 'node:module';
import type * as LoggerPackage from '@aws-lambda-powertools/logger';
import type * as MetricsPackage from '@aws-lambda-powertools/metrics';
import type * as TracerPackage from '@aws-lambda-powertools/tracer';

/**
 * Powertools for AWS Lambda (Logger, Metrics, Tracer), loaded with `require`.
 *
 * In AWS the packages are not in the bundles: they come from Powertools' public Lambda layer
 * (infra/lambda-bundling.ts `powertoolsLayerVersion`), under /opt/nodejs/node_modules, because the
 * Tracer's aws-xray-sdk-core alone would add ~120 kB to every bundle (docs/decisions.md). Lambda
 * puts that folder on NODE_PATH, which `require` searches and plain Node's ESM `import` does not
 * (Lambda's own Node patches ESM resolution too, but `require` works without relying on it, and the
 * bundling test can prove it). The specifiers below are arguments of a `createRequire` function, not
 * `import` or `require` statements, so no bundler follows them; locally they resolve from
 * node_modules (the packages' CommonJS builds), one copy for the whole process.
 */
const layerRequire = createRequire(import.meta.url);

export const powertoolsPackages = [
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/metrics',
  '@aws-lambda-powertools/tracer',
] as const;

export function loggerPackage(): typeof LoggerPackage {
  return layerRequire('@aws-lambda-powertools/logger') as typeof LoggerPackage;
}

export function metricsPackage(): typeof MetricsPackage {
  return layerRequire('@aws-lambda-powertools/metrics') as typeof MetricsPackage;
}

/** Loaded only where tracing is on (functions/lib/tracing.ts): X-Ray's SDK installs async hooks. */
export function tracerPackage(): typeof TracerPackage {
  return layerRequire('@aws-lambda-powertools/tracer') as typeof TracerPackage;
}
