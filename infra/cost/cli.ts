import '../local/polyfills';
import { parseArgs } from 'node:util';
import { argumentsOrExit, UsageError } from '../operator/cli-arguments';
import { defaultIdleAssumptions, idleLines } from './idle';
import { costLines, functionCosts } from './model';
import { mixOf } from './orders';
import { type CostReport, reportLines } from './report';
import { measureOrders } from './run-usage';
import { synthesizeDeployment } from './synth';

/**
 * `npm run cost -- --orders 50`: what AWS would bill per 1,000 completed orders, per service, and
 * what one deployment costs a month when idle (docs/benchmarks.md "Cost per 1,000 orders").
 * Synthesizes the prod stage (memory, architectures, alarms, schedules: ./synth.ts), runs the orders
 * through a metered local cloud (./run-usage.ts), prices both (./model.ts, ./idle.ts, ./prices.ts)
 * and prints the tables (./report.ts). The verdict against the target is reported, never the exit
 * code: 0 unless the run failed. Progress goes to stderr, the report to stdout.
 */
export const usage = `Usage: npm run cost -- [--orders <n>] [--concurrency <n>] [--warm-up <n>] [--json]

  --orders <n>        Orders run to their end and counted (default 50)
  --concurrency <n>   Orders in flight at once (default 5)
  --warm-up <n>       Orders run first and not counted (default 3)
  --json              Print the report as JSON
`;

export interface CostArguments {
  orders: number;
  concurrency: number;
  warmUp: number;
  json: boolean;
}

function count(raw: string | undefined, name: string, fallback: number, minimum: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum)
    throw new UsageError(`--${name} must be a whole number ≥ ${minimum}, not "${raw}".`);
  return value;
}

export function parseCostArgs(argv: string[]): CostArguments | 'help' {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        orders: { type: 'string' },
        concurrency: { type: 'string' },
        'warm-up': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  return {
    orders: count(values.orders as string | undefined, 'orders', 50, 1),
    concurrency: count(values.concurrency as string | undefined, 'concurrency', 5, 1),
    warmUp: count(values['warm-up'] as string | undefined, 'warm-up', 3, 0),
    json: values.json === true,
  };
}

export async function runCost(
  argv: string[],
  out: (line: string) => void = (line) => console.log(line),
  err: (line: string) => void = (line) => console.error(line),
): Promise<number> {
  const args = argumentsOrExit(argv, parseCostArgs, usage, out, err);
  if (typeof args === 'number') return args;
  err('Synthesizing the prod stage (bundling none)…');
  const deployment = synthesizeDeployment('prod');
  const run = await measureOrders(deployment.facts, {
    orders: args.orders,
    concurrency: args.concurrency,
    warmUp: args.warmUp,
    progress: err,
  });
  const report: CostReport = {
    orders: args.orders,
    warmUp: args.warmUp,
    seconds: run.seconds,
    mix: mixOf(args.orders),
    lines: costLines(run.usage),
    functions: functionCosts(run.usage),
    idle: idleLines(
      deployment.facts,
      deployment.providerSecrets.length,
      run.scheduled,
      defaultIdleAssumptions,
    ),
    assumptions: defaultIdleAssumptions,
    unknownFunctions: run.unknownFunctions,
    clientRequests: run.clientRequests,
    tableByFunction: run.tableByFunction,
    mailsBySubject: run.mailsBySubject,
    transactionItemBytes: run.transactionItemBytes,
  };
  if (args.json) out(JSON.stringify({ ...report, usage: run.usage }, null, 2));
  else for (const line of reportLines(report)) out(line);
  return 0;
}

// Run as a script (npm run cost), not when a test imports runCost.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  runCost(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('✖ The cost run failed:', error);
      process.exit(1);
    },
  );
}
