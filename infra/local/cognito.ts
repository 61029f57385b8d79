import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
  /** Called with each confirmation or reset code cognito-local "delivers" (it prints them). */
  onCode?: (email: string, code: string) => void;
}): Promise<LocalCognito> {
  await assertPortFree(options.port, 'cognito-local');
  mkdirSync(options.dataDir, { recursive: true });
  const packageDir = dirname(createRequire(import.meta.url).resolve('cognito-local/package.json'));
  const child = spawnChild('cognito', process.execPath, [join(packageDir, 'lib', 'bin', 'start.js')], {
    cwd: options.dataDir,
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    // cognito-local prints each message it would deliver, with the destination and the code.
    for (const match of output.matchAll(/Destination:\s*(\S+)[\s\S]*?Code:\s*(\S+)/g)) {
      options.onCode?.(match[1]!, match[2]!);
    }
    output = output.slice(output.lastIndexOf('\n') + 1);
  });
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
