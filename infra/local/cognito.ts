import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { handlerDeployNames } from '../../functions/deploy-names';
import { assertPortFree, spawnChild, stopChild, waitFor } from './processes';

/** cognito-local in a child process, with our user pool and app client created once and remembered. */
export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUrl: string;
  /** Resolves once every code cognito-local delivered before this call has reached `onCode`. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const poolName = 'velo-users';

export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** A code mail cognito-local "delivered": the subject and HTML body the CustomMessage trigger wrote. */
export interface CodeMail {
  email: string;
  code: string;
  /** Undefined when no trigger wrote one (it failed, or none is configured). */
  subject?: string;
  html?: string;
}

/**
 * The user pool triggers cognito-local calls, by trigger name: the Lambda function name it invokes
 * (the handler's deploy name, answered by the local AWS emulator's Lambda Invoke).
 */
export const localCognitoTriggers = {
  CustomMessage: {
    functionName: handlerDeployNames['accounts/cognito-triggers/custom-message']!,
    handler: 'accounts/cognito-triggers/custom-message',
  },
} as const;

export async function startCognito(options: {
  port: number;
  dataDir: string;
  /** Called with each confirmation, verification or reset code cognito-local "delivers". */
  onCode?: (mail: CodeMail) => void;
  /** Where cognito-local invokes its triggers (the local AWS emulator); no triggers without it. */
  lambdaEndpoint?: string;
}): Promise<LocalCognito> {
  await assertPortFree(options.port, 'cognito-local');
  mkdirSync(options.dataDir, { recursive: true });
  writeTriggerConfig(options.dataDir, options.lambdaEndpoint);
  // cognito-server.mjs: cognito-local's own start, which also sends each delivered code over IPC.
  const launcher = fileURLToPath(new URL('./cognito-server.mjs', import.meta.url));
  const child = spawnChild('cognito', process.execPath, [launcher], {
    cwd: options.dataDir,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const pongs = new Map<number, () => void>();
  let pings = 0;
  child.on(
    'message',
    (message: {
      type?: string;
      id?: number;
      destination?: string;
      code?: string;
      subject?: string;
      message?: string;
    }) => {
      if (message?.type === 'pong' && message.id !== undefined) {
        pongs.get(message.id)?.();
        pongs.delete(message.id);
      }
      if (message?.type === 'code' && message.destination && message.code) {
        options.onCode?.({
          email: message.destination,
          code: message.code,
          ...(message.subject ? { subject: message.subject } : {}),
          ...(message.message ? { html: message.message } : {}),
        });
      }
    },
  );
  // Its log is not needed (the codes come over IPC); reading it keeps the pipes from filling up.
  child.stdout?.resume();
  child.stderr?.resume();
  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localCognitoClient(endpoint);
  await waitFor('cognito-local', async () => {
    if (child.exitCode !== null) throw new Error('cognito-local exited');
    await client.send(new ListUserPoolsCommand({ MaxResults: 1 }));
    return true;
  });
  const { userPoolId, clientId } = await ensurePool(client, join(options.dataDir, 'velo-pool.json'));
  client.destroy();
  const issuer = `${endpoint}/${userPoolId}`;
  return {
    endpoint,
    userPoolId,
    clientId,
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    flush: () =>
      new Promise<void>((resolve) => {
        // IPC is ordered: the pong comes after every code message the child sent before it.
        const id = ++pings;
        pongs.set(id, resolve);
        if (!child.connected) return resolve(); // stopped: nothing more can come
        child.send({ type: 'ping', id }, (error) => {
          if (error) resolve();
        });
      }),
    stop: () => stopChild(child),
  };
}

/**
 * cognito-local reads its configuration from `.cognito/config.json` in its working directory: the
 * triggers it calls and the Lambda endpoint it calls them at. Rewritten on every start (the
 * emulator's port may change); the pool's data is elsewhere (`.cognito/db`).
 */
function writeTriggerConfig(dataDir: string, lambdaEndpoint: string | undefined) {
  const configDir = join(dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const config = lambdaEndpoint
    ? {
        LambdaClient: {
          endpoint: lambdaEndpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: Object.fromEntries(
          Object.entries(localCognitoTriggers).map(([trigger, { functionName }]) => [trigger, functionName]),
        ),
      }
    : {};
  writeFileSync(join(configDir, 'config.json'), JSON.stringify(config, null, 2));
}

/** The local AWS emulator's Lambda functions: the triggers cognito-local calls, by function name. */
export function localTriggerFunctions(): Record<string, string> {
  return Object.fromEntries(
    Object.values(localCognitoTriggers).map(({ functionName, handler }) => [functionName, handler]),
  );
}

async function ensurePool(client: CognitoIdentityProviderClient, idsFile: string) {
  if (existsSync(idsFile)) {
    const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as { userPoolId: string; clientId: string };
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
      return ids;
    } catch {
      // The pool is gone (data folder cleared): make a new one below.
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: poolName,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 8 } },
    }),
  );
  const userPoolId = pool.UserPool!.Id!;
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'velo-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const ids = { userPoolId, clientId: appClient.UserPoolClient!.ClientId! };
  writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  return ids;
}
