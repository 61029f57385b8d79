/**
 * The local deadline sweeper (docs/design/orders.md, "Restarts and the sweeper" in "The workflow"):
 * runs a task once at start, then every `intervalMs`, never two runs at once (the next run is
 * scheduled when the previous one has finished). A failing run is reported and the loop goes on;
 * the same failure twice in a row is reported once, so a broken handler does not flood the terminal
 * every 2 s.
 */
export interface Sweeper {
  /** The first run (resolves even when it failed: the failure is reported). */
  first: Promise<void>;
  /** Stops the loop and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface SweeperOptions {
  /** `first` is true for the run at start. */
  run: (first: boolean) => Promise<void>;
  intervalMs: number;
  onError: (error: unknown) => void;
}

export function startSweeper({ run, intervalMs, onError }: SweeperOptions): Sweeper {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let lastFailure: string | undefined;

  const once = async (first: boolean) => {
    try {
      await run(first);
      lastFailure = undefined;
    } catch (error) {
      const failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      if (failure !== lastFailure) onError(error);
      lastFailure = failure;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = once(false).then(schedule);
    }, intervalMs);
    timer.unref();
  };
  current = once(true);
  const first = current.then(schedule);

  return {
    first,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
