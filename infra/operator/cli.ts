import '../local/polyfills';
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { eventBusName } from '../../functions/event-rules';
import { isOrderCommand, orderCommands, runOrderCommand } from '../../functions/orders/operator/commands';
import { orderLines, showOrder } from '../../functions/orders/operator/show-order';
import { parseStartOptions } from '../local/cli-options';
import { type LocalCloud, localNames, startLocalCloud } from '../local/cloud';
import { localCognitoClient } from '../local/cognito';
import { localDynamoClient } from '../local/dynamodb';
import { LocalCloudError } from '../local/processes';
import { stateMachineArn } from '../local/stepfunctions';
import { runOrderCommandInAws } from './aws-commands';
import { browserSnippet } from './limited-session';
import {
  banUser,
  decideListing,
  deleteUser,
  type OperatorContext,
  OperatorError,
  startLimitedSession,
} from './operations';
import { redriveUsage, runRedrive } from './redrive-command';

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

interface Target {
  context: OperatorContext;
  gatewayUrl?: string;
  /** Local services started by this command (stopped when it ends), not a running npm start. */
  transient?: boolean;
  finish(): Promise<void>;
}

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

function awsTarget(
  tableName: string | undefined,
  userPoolId: string | undefined,
  clientIdOption: string | undefined,
  log: (line: string) => void,
  { needsUserPool }: { needsUserPool: boolean },
): Target {
  const table = tableName ?? process.env.TABLE_NAME;
  const pool = userPoolId ?? process.env.USER_POOL_ID;
  const clientId = clientIdOption ?? process.env.USER_POOL_CLIENT_ID;
  if (!table || (needsUserPool && !pool)) {
    throw new OperatorError(
      needsUserPool
        ? 'With --aws, give --table-name and --user-pool-id (or TABLE_NAME and USER_POOL_ID): the outputs Velo<Stage>Data.TableName and Velo<Stage>Auth.UserPoolId.'
        : 'With --aws, give --table-name (or TABLE_NAME): the output Velo<Stage>Data.TableName.',
    );
  }
  process.env.TABLE_NAME = table;
  const cognito = new CognitoIdentityProviderClient({});
  log(`AWS: table ${table}${pool ? `, user pool ${pool}` : ''}`);
  return {
    context: {
      cognito,
      userPoolId: pool ?? '',
      globalSignOut: true,
      ...(clientId ? { aws: { clientId } } : {}),
      log,
    },
    finish: async () => cognito.destroy(),
  };
}

async function localTarget(
  dataDirOption: string | undefined,
  timerScaleOption: string | undefined,
  log: (line: string) => void,
): Promise<Target> {
  const options = parseStartOptions([
    ...(dataDirOption ? ['--data-dir', dataDirOption] : []),
    ...(timerScaleOption ? ['--timer-scale', timerScaleOption] : []),
  ]);
  // The engine computes new deadlines with the scale of the cloud it acts for.
  process.env.VELO_TIMER_SCALE = String(options.timerScale);
  const dataDir = resolve(options.dataDir!);
  const endpoints = {
    dynamodb: `http://127.0.0.1:${options.ports.dynamodb}`,
    cognito: `http://127.0.0.1:${options.ports.cognito}`,
  };
  const [dynamoUp, cognitoUp] = await Promise.all([
    answers(
      () => localDynamoClient(endpoints.dynamodb),
      (client) => client.send(new ListTablesCommand({})),
    ),
    answers(
      () => localCognitoClient(endpoints.cognito),
      (client) =>
        client.send(new DescribeUserPoolCommand({ UserPoolId: poolIds(dataDir)?.userPoolId ?? 'none' })),
    ),
  ]);

  if (dynamoUp && cognitoUp) {
    const ids = poolIds(dataDir)!;
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      // s3rver's key pair (show-order signs photo links for it); DynamoDB Local is shared across keys.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${options.ports.s3}`,
      S3_FORCE_PATH_STYLE: 'true',
      IMAGES_BUCKET: localNames.imagesBucket,
      // The running cloud's Step Functions stand-in: the engine answers the order's task token there.
      AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${options.ports.aws}`,
      // The redrive: the failure queues and what the handlers it runs call (the bus, the mail).
      AWS_ENDPOINT_URL_SQS: `http://127.0.0.1:${options.ports.aws}`,
      AWS_ENDPOINT_URL_EVENTBRIDGE: `http://127.0.0.1:${options.ports.aws}`,
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${options.ports.aws}`,
      EVENT_BUS_NAME: eventBusName,
      // As in the local cloud: the handlers it runs print no EMF metric lines and trace nothing.
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      EMAIL_FROM: localNames.emailFrom,
      SITE_ORIGIN: `http://localhost:${options.ports.gateway}`,
      ORDER_STATE_MACHINE_ARN: stateMachineArn('order'),
      TABLE_NAME: localNames.table,
    });
    log(`Using the running local cloud (data in ${dataDir})`);
    const cognito = localCognitoClient(endpoints.cognito);
    return {
      context: {
        cognito,
        userPoolId: ids.userPoolId,
        globalSignOut: false,
        local: { issuer: `${endpoints.cognito}/${ids.userPoolId}`, clientId: ids.clientId },
        log,
      },
      gatewayUrl: `http://localhost:${options.ports.gateway}`,
      finish: async () => cognito.destroy(),
    };
  }
  if (dynamoUp || cognitoUp) {
    throw new OperatorError(
      `Only part of a local cloud answers on ${dynamoUp ? endpoints.dynamodb : endpoints.cognito} (or it uses another data folder than ${dataDir}). Stop it, or point --data-dir and VELO_*_PORT at the running one.`,
    );
  }
  log(`Starting the local services on ${dataDir} (npm start is not running)…`);
  const cloud: LocalCloud = await startLocalCloud({
    dataDir,
    ports: options.ports,
    timerScale: options.timerScale,
    // Only this command's work: npm start sweeps due deadlines and resumes the workflows when it starts.
    sweep: false,
    webRoot: fileURLToPath(new URL('../../dist/web', import.meta.url)),
  });
  const cognito = localCognitoClient(cloud.cognito.endpoint);
  return {
    context: {
      cognito,
      userPoolId: cloud.cognito.userPoolId,
      globalSignOut: false,
      local: { issuer: cloud.cognito.issuer, clientId: cloud.cognito.clientId },
      log,
    },
    gatewayUrl: `http://localhost:${options.ports.gateway} (once npm start runs)`,
    transient: true,
    finish: async () => {
      cognito.destroy();
      await cloud.streams.drain();
      await cloud.stop();
    },
  };
}

function poolIds(dataDir: string): { userPoolId: string; clientId: string } | undefined {
  const file = join(dataDir, 'cognito', 'velo-pool.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { userPoolId: string; clientId: string })
    : undefined;
}

async function answers<C extends { destroy(): void }>(
  make: () => C,
  probe: (client: C) => Promise<unknown>,
): Promise<boolean> {
  const client = make();
  try {
    await probe(client);
    return true;
  } catch {
    return false;
  } finally {
    client.destroy();
  }
}

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
