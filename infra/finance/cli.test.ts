import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseFinanceArgs, runFinance } from './cli';

describe('parseFinanceArgs', () => {
  it('reads both reports and their options', () => {
    expect(
      parseFinanceArgs(['payouts', '--seller', ' maya@velo.example ', '--month', '2026-10', '--json']),
    ).toEqual({
      report: 'payouts',
      month: '2026-10',
      seller: 'maya@velo.example',
      json: true,
      aws: false,
    });
    expect(
      parseFinanceArgs(['commission', '--month', '2026-12', '--aws', '--table-name', 'velo-prod']),
    ).toMatchObject({ report: 'commission', month: '2026-12', aws: true, tableName: 'velo-prod' });
    expect(parseFinanceArgs(['--help'])).toBe('help');
  });

  it.each([
    [[], 'Name a report: payouts or commission.'],
    [['refunds', '--month', '2026-10'], 'Unknown report "refunds".'],
    [['commission'], 'Give the month: --month <yyyy-mm>.'],
    [['commission', '--month', '2026-1'], '--month must be a month as yyyy-mm (e.g. 2026-10), not "2026-1".'],
    [['payouts', '--month', '2026-10'], 'payouts needs the seller: --seller <email | user id>.'],
    [
      ['payouts', '--month', '2026-10', '--seller', '  '],
      'payouts needs the seller: --seller <email | user id>.',
    ],
    [
      ['commission', '--month', '2026-10', '--seller', 'x'],
      'commission is for the whole marketplace: it takes no --seller.',
    ],
    [['commission', 'extra', '--month', '2026-10'], 'Unexpected argument "extra".'],
    [['commission', '--month', '2026-10', '--colour'], "Unknown option '--colour'"],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseFinanceArgs(argv)).toThrow(message);
  });
});

describe('runFinance', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('answers 2 with the message and the usage for bad arguments, before touching any cloud', async () => {
    const err: string[] = [];
    expect(
      await runFinance(
        ['payouts', '--month', '2026-13'],
        () => undefined,
        (line) => err.push(line),
      ),
    ).toBe(2);
    expect(err[0]).toMatch(/^✖ --month must be a month as yyyy-mm .*\n\nUsage: npm run finance -- <report>/s);
  });

  it('answers 2 for --aws without the table, or without the pool for a seller by e-mail', async () => {
    vi.stubEnv('TABLE_NAME', '');
    vi.stubEnv('USER_POOL_ID', '');
    const err: string[] = [];
    const quiet = () => undefined;
    expect(
      await runFinance(['commission', '--month', '2026-10', '--aws'], quiet, (line) => err.push(line)),
    ).toBe(2);
    expect(err[0]).toContain('With --aws, give --table-name (or TABLE_NAME)');
    const byEmail = [
      'payouts',
      '--seller',
      'a@b.example',
      '--month',
      '2026-10',
      '--aws',
      '--table-name',
      't',
    ];
    expect(await runFinance(byEmail, quiet, (line) => err.push(line))).toBe(2);
    expect(err[1]).toContain('give --table-name and --user-pool-id');
  });
});
