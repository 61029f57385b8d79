import { describe, expect, it, vi } from 'vitest';
import { startSweeper } from './sweeper';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startSweeper', () => {
  it('runs once at start, then on the interval, never two runs at once, until stopped', async () => {
    const runs: boolean[] = [];
    let active = 0;
    let overlapped = false;
    const sweeper = startSweeper({
      intervalMs: 5,
      run: async (first) => {
        active++;
        overlapped ||= active > 1;
        runs.push(first);
        await sleep(20); // longer than the interval
        active--;
      },
      onError: () => undefined,
    });
    await sweeper.first;
    expect(runs).toEqual([true]);
    // Waited for, not slept: on a loaded machine the timers fire late.
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(2), { timeout: 5_000, interval: 10 });
    await sweeper.stop();
    const count = runs.length;
    expect(count).toBeGreaterThan(2);
    expect(runs.slice(1).every((first) => !first)).toBe(true);
    expect(overlapped).toBe(false);
    await sleep(50);
    expect(runs.length).toBe(count);
  });

  it('reports a failure once while it repeats, and keeps going', async () => {
    const onError = vi.fn();
    let calls = 0;
    const sweeper = startSweeper({
      intervalMs: 5,
      run: async () => {
        calls++;
        if (calls < 5) throw new Error('table not there');
      },
      onError,
    });
    await sweeper.first;
    await vi.waitFor(() => expect(calls).toBeGreaterThan(5), { timeout: 5_000, interval: 10 });
    await sweeper.stop();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
