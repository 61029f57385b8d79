import '../local/polyfills';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { isOrderCommand, orderCommands, runOrderCommand } from '../../functions/orders/operator/commands';
import { orderLines, showOrder } from '../../functions/orders/operator/show-order';
import { LocalCloudError } from '../local/processes';
import { runOrderCommandInAws } from './aws-commands';
import { browserSnippet } from './limited-session';
import { banUser, decideListing, deleteUser, OperatorError, startLimitedSession } from './operations';
import { redriveUsage, runRedrive } from './redrive-command';
import { awsTarget, localTarget } from './targets';

/**
 * `npm run operator -- <ban|delete|limited-session> <email> [options]` and
 * `npm run operator -- <approve-listing|reject-listing> <listingId> [options]` and
 * `npm run operator -- <cancel-order|cancel-from-disputed|mark-received-from-disputed|resume-order> <txId>` and
 * `npm run operator -- show-order <txId>` (reads only: the order and its dispute, photos as presigned links)
 * and `npm run operator -- redrive [--dry-run]` (what failed after Lambda's retries, issue 26):
 * the operator's commands.
 *
 * Local (default): against the local cloud's data folder (`.data`, or `--data-dir` / VELO_DATA_DIR).
 * If `npm start` is running (its DynamoDB and cognito-local answer on their ports, VELO_*_PORT),
 * the command talks to it; otherwise it starts the back-end services on that folder itself (like
 * `npm run seed`), does its work, lets the stream consumers catch up, and stops them.
 *
 * AWS: `--aws` with credentials in the environment (the SDK's usual chain) and the stack's names:
 * `--table-name` (or TABLE_NAME; output Velo<Stage>Data.TableName) and `--user-pool-id` (or USER_POOL_ID;
 * output Velo<Stage>Auth.UserPoolId), and for limited-session `--client-id` (or USER_POOL_CLIENT_ID; output
 * Velo<Stage>Auth.UserPoolClientId); region from AWS_REGION / the profile. The credentials need
 * cognito-idp:AdminGetUser, AdminDisableUser, AdminUserGlobalSignOut, AdminDeleteUser,
 * AdminInitiateAuth and AdminRespondToAuthChallenge on the pool and item access to the table.
 * approve-listing and reject-listing only touch the table (the user pool id is not needed).
 * The order commands refund and pay out, so with --aws they run in AWS, not here: the CLI invokes
 * the stage's operator function (`--operator-function` or OPERATOR_FUNCTION_NAME, output
 * Velo<Stage>Workflow.OperatorFunctionName; the credentials need lambda:InvokeFunction on it),
 * which has the stage's payment keys and answers the workflow. Locally they also need the running cloud's timer scale (`--timer-scale` or VELO_TIMER_SCALE, as
 * given to `npm start`) so that a deadline they set (the review period after
 * mark-received-from-disputed) runs at the same speed.
 */
const usage = `Usage: npm run operator -- <command> <email | listingId | txId> [options]

Commands:
  ban <email>                   Disable sign-in, refuse the user's tokens (403), remove their listings from search
  delete <email>                Mark the profile deleted, remove their listings from search, delete the Cognito user
  limited-session <email>       Sign in as the user with only the user:limited scope (1 h, not refreshable)
  approve-listing <listingId>   A listing pending approval goes live (published, in search)
  reject-listing <listingId>    A listing pending approval goes back to draft (the seller edits and publishes again)
  cancel-order <txId>           Cancel an order pending payment or purchased (the stock comes back,
                                the payment is voided or fully refunded)
  cancel-from-disputed <txId>   Close a dispute by canceling the order (stock back, full refund)
  mark-received-from-disputed <txId>
                                Close a dispute in the seller's favour: the seller is paid out, then
                                received and completed
  resume-order <txId>           Start the order's workflow again (it waits for the order's current deadline)
  show-order <txId>             The order, its deadline and its dispute: reason, details and photo links
                                (presigned, 15 minutes). With --aws: --table-name and --images-bucket
${redriveUsage}

Options:
  --data-dir <dir>         Local data folder (default .data, or VELO_DATA_DIR)
  --aws                    Act on the deployed stack instead (AWS credentials from the environment)
  --table-name <name>      With --aws: the table (default TABLE_NAME; CloudFormation output Velo<Stage>Data.TableName)
  --user-pool-id <id>      With --aws: the user pool (default USER_POOL_ID; output Velo<Stage>Auth.UserPoolId)
  --client-id <id>         With --aws: the web client (default USER_POOL_CLIENT_ID; output Velo<Stage>Auth.UserPoolClientId)
  --operator-function <name>  With --aws, order commands: the function that runs them in AWS (default
                           OPERATOR_FUNCTION_NAME; output Velo<Stage>Workflow.OperatorFunctionName)
  --images-bucket <name>   With --aws, show-order: the images bucket (default IMAGES_BUCKET; output Velo<Stage>Data.ImagesBucketName)
  --timer-scale <n>        Locally: the timer scale npm start runs with (default VELO_TIMER_SCALE, else 1)
  --json                   Print the result as JSON (limited-session: the tokens)
  --dry-run                redrive: list what is kept, deliver nothing
  --stage <stage>          With --aws, redrive: dev, staging or prod (only its functions are invoked)
`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      aws: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'table-name': { type: 'string' },
      'user-pool-id': { type: 'string' },
      'client-id': { type: 'string' },
      'operator-function': { type: 'string' },
      'images-bucket': { type: 'string' },
      'timer-scale': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      stage: { type: 'string' },
      'failed-invocations-queue-url': { type: 'string' },
      'dead-letter-queue-url': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, subject, ...rest] = positionals;
  if (command === 'redrive' && !subject && !values.help) {
    const log = values.json ? (line: string) => console.error(line) : (line: string) => console.log(line);
    const target = values.aws ? undefined : await localTarget(values['data-dir'], values['timer-scale'], log);
    try {
      const outcomes = await runRedrive(
        {
          aws: values.aws,
          dryRun: values['dry-run'],
          stage: values.stage,
          tableName: values.aws ? values['table-name'] : undefined,
          queueUrls: {
            failedInvocations: values['failed-invocations-queue-url'],
            streamDeadLetters: values['dead-letter-queue-url'],
          },
        },
        log,
      );
      if (values.json) console.log(JSON.stringify(outcomes));
      // Something still failing: a non-zero exit, for scripts and alarms.
      return outcomes.some((outcome) => outcome.stillFailing > 0) ? 1 : 0;
    } finally {
      await target?.finish();
    }
  }
  if (values.help || !command || !subject || rest.length > 0 || !commands.has(command)) {
    (values.help ? console.log : console.error)(usage);
    return values.help ? 0 : 2;
  }
  const log = values.json ? (line: string) => console.error(line) : (line: string) => console.log(line);
  if (values.aws && isOrderCommand(command)) {
    const functionName = values['operator-function'] ?? process.env.OPERATOR_FUNCTION_NAME;
    const lambda = new LambdaClient({});
    try {
      if (functionName) log(`AWS: running ${command} in ${functionName}`);
      const input = { command, transactionId: subject, operator: userInfo().username };
      const result = await runOrderCommandInAws(lambda, functionName, input, log);
      if (values.json) console.log(JSON.stringify(result));
    } finally {
      lambda.destroy();
    }
    return 0;
  }
  const target = values.aws
    ? awsTarget(values['table-name'], values['user-pool-id'], values['client-id'], log, {
        needsUserPool: !tableOnlyCommands.has(command),
      })
    : await localTarget(values['data-dir'], values['timer-scale'], log);
  try {
    if (command === 'ban') {
      const result = await banUser(target.context, subject);
      if (values.json) console.log(JSON.stringify(result));
    } else if (command === 'delete') {
      const result = await deleteUser(target.context, subject);
      if (values.json) console.log(JSON.stringify(result));
    } else if (command === 'approve-listing' || command === 'reject-listing') {
      const action = command === 'approve-listing' ? 'approve' : 'reject';
      const result = await decideListing(target.context, subject, action);
      if (values.json) console.log(JSON.stringify(result));
    } else if (command === 'show-order') {
      if (values.aws) process.env.IMAGES_BUCKET = values['images-bucket'] ?? process.env.IMAGES_BUCKET ?? '';
      const order = await showOrder(subject);
      if (values.json) console.log(JSON.stringify(order));
      else for (const line of orderLines(order)) console.log(line);
    } else if (isOrderCommand(command)) {
      const result = await runOrderCommand(target.context, command, subject);
      if (values.json) console.log(JSON.stringify(result));
      if (command === 'resume-order' && target.transient) {
        log(
          'npm start is not running: the workflow stops with these services; npm start resumes every open order.',
        );
      }
    } else {
      const session = await startLimitedSession(target.context, subject, userInfo().username);
      const clientId = (target.context.local ?? target.context.aws)!.clientId;
      if (values.json) {
        console.log(
          JSON.stringify({ userId: session.userId, expiresAt: session.expiresAt, ...session.tokens }),
        );
      } else {
        console.log(
          `\nOpen ${target.gatewayUrl ?? 'the site'} in the browser, paste this into the developer console, and the site reloads signed in as the user (a banner shows the limited session):\n`,
        );
        console.log(browserSnippet(clientId, session.username, session.tokens));
        console.log(`\nAccess token (Authorization: Bearer …) for API calls:\n${session.tokens.accessToken}`);
      }
    }
  } finally {
    await target.finish();
  }
  return 0;
}

const listingCommands = new Set(['approve-listing', 'reject-listing']);
/** Commands that need only the table (and Step Functions), not the user pool. */
const tableOnlyCommands = new Set<string>([...listingCommands, ...orderCommands, 'show-order']);
const commands = new Set(['ban', 'delete', 'limited-session', ...tableOnlyCommands]);

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof OperatorError || error instanceof LocalCloudError)
      console.error(`✖ ${error.message}`);
    else if (error instanceof Error && error.name === 'TypeError' && 'code' in error)
      console.error(`✖ ${error.message}\n\n${usage}`);
    else console.error('✖ The operator command failed:', error);
    process.exit(1);
  },
);
