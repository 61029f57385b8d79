import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { eventBusName } from '../../functions/event-rules';
import { parseStartOptions } from '../local/cli-options';
import { type LocalCloud, localNames, startLocalCloud } from '../local/cloud';
import { localCognitoClient } from '../local/cognito';
import { localDynamoClient } from '../local/dynamodb';
import { stateMachineArn } from '../local/stepfunctions';
import { type OperatorContext, OperatorError } from './operations';

/**
 * Where a command-line tool acts (the operator's commands, the finance report): the local cloud's
 * data folder, through a running `npm start` or services it starts itself, or the deployed stack
 * with `--aws`. The handler modules read their environment (TABLE_NAME, endpoints), which these set.
 */
export interface Target {
  context: OperatorContext;
  gatewayUrl?: string;
  /** Local services started by this command (stopped when it ends), not a running npm start. */
  transient?: boolean;
  finish(): Promise<void>;
}

export function awsTarget(
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

export async function localTarget(
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
