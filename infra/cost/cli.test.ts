import { describe, expect, it } from 'vitest';
import { parseCostArgs, runCost } from './cli';

describe('npm run cost arguments', () => {
  it('defaults: 50 orders, 5 at a time, 3 warm-up orders, text', () => {
    expect(parseCostArgs([])).toEqual({ orders: 50, concurrency: 5, warmUp: 3, json: false });
    expect(parseCostArgs(['--orders', '200', '--concurrency', '8', '--warm-up', '0', '--json'])).toEqual({
      orders: 200,
      concurrency: 8,
      warmUp: 0,
      json: true,
    });
    expect(parseCostArgs(['--help'])).toBe('help');
  });

  it('refuses what is not a count, with the usage and exit code 2 (before starting anything)', async () => {
    for (const argv of [['--orders', '0'], ['--orders', 'many'], ['--concurrency', '1.5'], ['--bogus']]) {
      const errors: string[] = [];
      expect(
        await runCost(
          argv,
          () => undefined,
          (line) => errors.push(line),
        ),
      ).toBe(2);
      expect(errors.join('\n')).toMatch(/Usage: npm run cost/);
    }
  });
});
