import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { LocalOutbox } from '../../infra/local/outbox';
import type { CurrentUser } from '../../shared/api/account';
import type { ApiErrorBody } from '../../shared/api/types';
import { useLocalCloud as connectToLocalCloud, eventually } from './cloud-env';

/** Account helpers for the integration tests: the API as the browser calls it, Cognito sign-in, the dev outbox. */
export interface TestAccount {
  email: string;
  password: string;
  user: CurrentUser;
  accessToken: string;
}

let cloud: { url: string; dataDir: string } | undefined;
export function testCloud() {
  cloud ??= connectToLocalCloud();
  return cloud;
}

export async function api(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, checked by each test
): Promise<{ status: number; body: any }> {
  const body = method === 'GET' || method === 'HEAD' ? undefined : options.body;
  const response = await fetch(`${testCloud().url}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export function errorOf(body: ApiErrorBody) {
  return body.errors[0]!;
}

export function uniqueEmail(prefix = 'rider'): string {
  return `${prefix}-${randomUUID()}@test.example`;
}

/** USER_PASSWORD_AUTH against cognito-local, as Amplify does in the browser. */
export async function signIn(email: string, password: string): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({});
  try {
    const result = await cognito.send(
      new InitiateAuthCommand({
        ClientId: inject('cognitoClientId'),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return result.AuthenticationResult!.AccessToken!;
  } finally {
    cognito.destroy();
  }
}

/**
 * Signs up through POST /api/auth/signup, then signs in like the browser does right after, and
 * verifies the address with the code of the sign-up mail (an unverified account may not enquire
 * or message: issue 25); `verified: false` leaves it unverified.
 */
export async function signUp(
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    verified: boolean;
  }> = {},
): Promise<TestAccount> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'Correct-horse-9';
  const since = await mark();
  const response = await api('POST', '/api/auth/signup', {
    body: {
      email,
      password,
      firstName: overrides.firstName ?? 'Ada',
      lastName: overrides.lastName ?? 'Rider',
    },
  });
  if (response.status !== 201)
    throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  const user: CurrentUser = response.body.data;
  // The first verification code is in the outbox before the test goes on (the only e-mail of a sign-up).
  const code = await codeSentTo(user.email, since);
  const accessToken = await signIn(user.email, password);
  if (overrides.verified === false) return { email: user.email, password, user, accessToken };
  const verified = await api('POST', '/api/auth/verify-email', {
    token: accessToken,
    body: { verificationToken: code },
  });
  if (verified.status !== 200)
    throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return { email: user.email, password, user: verified.body.data, accessToken };
}

/** The newest code e-mailed to `email` after `since` (ISO time), from the dev outbox. */
export function codeSentTo(email: string, since: string): Promise<string> {
  const outbox = new LocalOutbox(join(testCloud().dataDir, 'outbox'));
  return eventually(async () => {
    const message = outbox.list().find((m) => m.to.includes(email) && m.sentAt > since);
    return message ? /code is (\d+)/.exec(message.text)?.[1] : undefined;
  });
}

export function messagesTo(email: string) {
  return new LocalOutbox(join(testCloud().dataDir, 'outbox')).list().filter((m) => m.to.includes(email));
}

/** A moment strictly before anything that happens next (outbox times have millisecond resolution). */
export async function mark(): Promise<string> {
  const now = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return now;
}

const run = promisify(execFile);

/** Runs `npm run operator -- …` (tsx infra/operator/cli.ts) against the suite's running local cloud. */
export async function operator(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = inject('cloudEnv');
  const port = (name: string) => new URL(env[name]!).port;
  return run(join('node_modules', '.bin', 'tsx'), ['infra/operator/cli.ts', ...args], {
    env: {
      ...process.env,
      VELO_DATA_DIR: testCloud().dataDir,
      VELO_DYNAMODB_PORT: port('AWS_ENDPOINT_URL_DYNAMODB'),
      VELO_COGNITO_PORT: port('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'),
      VELO_S3_PORT: port('AWS_ENDPOINT_URL_S3'),
    },
    timeout: 30_000,
  });
}
