import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';

/** A route handler only translates HTTP to a use case; past this many lines it is doing the work itself. */
const maxLines = 60;

/** The handlers allowed to be longer for now, each with why. At most five. */
const exceptions: Record<string, string> = {};

const lineCount = (handler: string) =>
  readFileSync(join(__dirname, '..', `${handler}.ts`), 'utf8')
    .trimEnd()
    .split('\n').length;

describe('route handlers', () => {
  const handlers = [...new Set(routes.map((route) => route.handler))];

  it(`are at most ${maxLines} lines, but for at most five named exceptions`, () => {
    expect(Object.keys(exceptions).length).toBeLessThanOrEqual(5);
    const tooLong = handlers
      .filter((handler) => !(handler in exceptions))
      .map((handler) => `${handler}: ${lineCount(handler)} lines`)
      .filter((entry) => Number(entry.split(': ')[1]!.split(' ')[0]) > maxLines);
    expect(tooLong).toEqual([]);
  });

  it('list only exceptions that are routes and still need it', () => {
    for (const handler of Object.keys(exceptions)) {
      expect(handlers).toContain(handler);
      expect(lineCount(handler), handler).toBeGreaterThan(maxLines);
    }
  });
});
