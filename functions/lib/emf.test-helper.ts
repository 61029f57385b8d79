import { afterEach, beforeEach, vi } from 'vitest';
import { resetMetricsForTests } from './metrics';

/** One CloudWatch embedded-metric-format line as Powertools writes it. */
export interface EmfLine {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: {
      Namespace: string;
      Dimensions: string[][];
      Metrics: { Name: string; Unit: string }[];
    }[];
  };
  [field: string]: unknown;
}

/**
 * Metrics on (as in Lambda: POWERTOOLS_METRICS_DISABLED=false, namespace `Velo/test`) for the calling
 * test file, and the EMF lines written to stdout captured: `emf()` parses those written so far.
 */
export function captureEmf(namespace = 'Velo/test') {
  let written: string[] = [];
  beforeEach(() => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('POWERTOOLS_DEV', '');
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', namespace);
    resetMetricsForTests();
    written = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk);
      if (text.includes('"_aws"')) {
        written.push(text);
        return true;
      }
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    resetMetricsForTests();
  });
  return {
    emf: (): EmfLine[] =>
      written
        .flatMap((text) => text.split('\n').filter((line) => line.includes('"_aws"')))
        .map((line) => JSON.parse(line)),
  };
}

/** The value of `name` over the lines that carry it (a number, or the values Powertools aggregated). */
export function metricValues(lines: readonly EmfLine[], name: string): number[] {
  return lines.flatMap((line) => {
    const value = line[name];
    if (value === undefined) return [];
    return Array.isArray(value) ? (value as number[]) : [value as number];
  });
}
