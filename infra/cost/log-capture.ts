import { currentFunction, outsideHandlers } from '../local/usage-meter';

/**
 * The bytes each handler writes to stdout and stderr (Powertools Logger's JSON lines, what
 * CloudWatch Logs would ingest), counted while a cost run lasts. A handler's stdout is kept off the
 * terminal (the run prints its progress instead); its stderr (errors) still shows. Lines written
 * outside any handler pass through uncounted.
 */
export interface HandlerLogs {
  bytesByHandler(): Record<string, number>;
  reset(): void;
  stop(): void;
}

type Write = typeof process.stdout.write;

export function captureHandlerLogs(): HandlerLogs {
  let bytes = new Map<string, number>();
  const originals = { stdout: process.stdout.write, stderr: process.stderr.write };
  const counting = (stream: 'stdout' | 'stderr'): Write =>
    function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      const handler = currentFunction();
      const original = originals[stream] as (...args: unknown[]) => boolean;
      if (handler === outsideHandlers) return original.call(this, chunk, ...rest);
      const size = typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Uint8Array).byteLength;
      bytes.set(handler, (bytes.get(handler) ?? 0) + size);
      if (stream === 'stderr') return original.call(this, chunk, ...rest);
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    } as Write;
  process.stdout.write = counting('stdout');
  process.stderr.write = counting('stderr');
  return {
    bytesByHandler: () => Object.fromEntries(bytes),
    reset: () => {
      bytes = new Map();
    },
    stop: () => {
      process.stdout.write = originals.stdout;
      process.stderr.write = originals.stderr;
    },
  };
}
