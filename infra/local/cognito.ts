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
import { assertPortFree, spawnChild, stopChild, waitFor } from './processes';

/** cognito-local in a child process, with our user pool and app client created once and remembered. */
export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUrl: string;
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

export async function startCognito(options: {
  port: number;
  dataDir: string;
  /** Called with each confirmation, verification or reset code cognito-local "delivers". */
  onCode?: (email: string, code: string) => void;
}): Promise<LocalCognito> {
  await assertPortFree(options.port, 'cognito-local');
  mkdirSync(options.dataDir, { recursive: true });
  // cognito-server.mjs: cognito-local's own start, which also sends each delivered code over IPC.
  const launcher = fileURLToPath(new URL('./cognito-server.mjs', import.meta.url));
  const child = spawnChild('cognito', process.execPath, [launcher], {
    cwd: options.dataDir,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.on('message', (message: { type?: string; destination?: string; code?: string }) => {
    if (message?.type === 'code' && message.destination && message.code) {
      options.onCode?.(message.destination, message.code);
    }
  });
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
    stop: () => stopChild(child),
  };
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
