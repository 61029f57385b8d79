import '../local/polyfills';
import { parseArgs } from 'node:util';
import { LocalCloudError } from '../local/processes';
import { argumentsOrExit, UsageError } from '../operator/cli-arguments';
import { OperatorError } from '../operator/operations';
import { awsTarget, localTarget, type Target } from '../operator/targets';
import { monthCommission, sellerPayouts } from './ledger';
import { commissionLines, isMonth, payoutLines } from './report';

/**
 * `npm run finance -- payouts --seller <email|id> --month <yyyy-mm>` and
 * `npm run finance -- commission --month <yyyy-mm>`: what the marketplace paid a seller, and what
 * it earned, in a month, from the finance ledger (docs/finance-events.md "Reports"). Read-only.
 *
 * Local (default): the local cloud's data folder, like `npm run operator` (infra/operator/targets.ts):
 * a running `npm start` if it answers, else the back-end services started on the folder and stopped.
 * AWS: `--aws` with the SDK's credentials; the table from `--table-name` / TABLE_NAME, and for a
 * seller named by e-mail the user pool from `--user-pool-id` / USER_POOL_ID. IAM: dynamodb:Query
 * and dynamodb:GetItem on the table, cognito-idp:AdminGetUser on the pool (e-mail only).
 */
export const usage = `Usage: npm run finance -- <report> --month <yyyy-mm> [options]

Reports (months are UTC calendar months):
  payouts --seller <email | user id>   The seller's payouts of the month (date, order, provider,
                                        provider payout id, amount) and the total per currency
  commission                           The month's commission per currency (the sellers' and the
                                        buyers' parts), the number of orders, and for context the
                                        payments captured and refunded

Options:
  --month <yyyy-mm>        The month, e.g. 2026-10 (required)
  --json                   Print the report as JSON
  --data-dir <dir>         Local data folder (default .data, or VELO_DATA_DIR)
  --aws                    Read the deployed stage's table instead (AWS credentials from the environment)
  --table-name <name>      With --aws: the table (default TABLE_NAME; output Velo<Stage>Data.TableName)
  --user-pool-id <id>      With --aws and --seller <email>: the user pool (default USER_POOL_ID;
                           output Velo<Stage>Auth.UserPoolId)
`;

interface Arguments {
  report: 'payouts' | 'commission';
  month: string;
  seller?: string;
  json: boolean;
  aws: boolean;
  dataDir?: string;
  tableName?: string;
  userPoolId?: string;
}

export function parseFinanceArgs(argv: string[]): Arguments | 'help' {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  const [report, ...rest] = positionals;
  if (report !== 'payouts' && report !== 'commission')
    throw new UsageError(report ? `Unknown report "${report}".` : 'Name a report: payouts or commission.');
  if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}".`);
  if (!isMonth(values.month)) {
    throw new UsageError(
      values.month === undefined
        ? 'Give the month: --month <yyyy-mm>.'
        : `--month must be a month as yyyy-mm (e.g. 2026-10), not "${values.month}".`,
    );
  }
  if (report === 'payouts' && !values.seller?.trim())
    throw new UsageError('payouts needs the seller: --seller <email | user id>.');
  if (report === 'commission' && values.seller !== undefined)
    throw new UsageError('commission is for the whole marketplace: it takes no --seller.');
  return {
    report,
    month: values.month,
    ...(report === 'payouts' ? { seller: values.seller!.trim() } : {}),
    json: values.json,
    aws: values.aws,
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    ...(values['table-name'] ? { tableName: values['table-name'] } : {}),
    ...(values['user-pool-id'] ? { userPoolId: values['user-pool-id'] } : {}),
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      month: { type: 'string' },
      seller: { type: 'string' },
      json: { type: 'boolean', default: false },
      aws: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'table-name': { type: 'string' },
      'user-pool-id': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

/** Runs one report; answers the exit code. Progress goes to stderr, so stdout is the report alone. */
export async function runFinance(
  argv: string[],
  out: (line: string) => void = (line) => console.log(line),
  err: (line: string) => void = (line) => console.error(line),
): Promise<number> {
  const args = argumentsOrExit(argv, parseFinanceArgs, usage, out, err);
  if (typeof args === 'number') return args;
  const byEmail = args.seller?.includes('@') ?? false;
  let target: Target;
  try {
    target = args.aws
      ? awsTarget(args.tableName, args.userPoolId, undefined, err, { needsUserPool: byEmail })
      : await localTarget(args.dataDir, undefined, err);
  } catch (error) {
    // --aws without the table (or the pool for an e-mail) is a missing argument: usage, exit 2.
    if (!(args.aws && error instanceof OperatorError)) throw error;
    err(`✖ ${error.message}\n\n${usage}`);
    return 2;
  }
  try {
    if (args.report === 'payouts') {
      const report = await sellerPayouts(target.context, args.seller!, args.month);
      if (args.json) out(JSON.stringify(report, null, 2));
      else for (const line of payoutLines(report)) out(line);
    } else {
      const report = await monthCommission(args.month);
      if (args.json) out(JSON.stringify(report, null, 2));
      else for (const line of commissionLines(report)) out(line);
    }
    return 0;
  } catch (error) {
    if (error instanceof OperatorError) {
      err(`✖ ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await target.finish();
  }
}

// Run as a script (npm run finance), not when a test imports runFinance.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  runFinance(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof OperatorError || error instanceof LocalCloudError)
        console.error(`✖ ${error.message}`);
      else console.error('✖ The finance report failed:', error);
      process.exit(1);
    },
  );
}
