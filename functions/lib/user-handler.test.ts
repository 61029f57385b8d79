import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { HttpEvent } from './http';
import { mockTable } from './mock-table.test-helper';
import { userHandler } from './user-handler';

const ddb = mockTable();
const context = {} as Context;
const event = (claims?: Record<string, string>, scopes: string[] = []) =>
  ({
    headers: {},
    requestContext: { requestId: 'r1', ...(claims ? { authorizer: { jwt: { claims, scopes } } } : {}) },
  }) as unknown as HttpEvent;
const profile = { id: 'u1', email: 'a@b.example' };
const errorOf = (result: { body?: string }) => JSON.parse(String(result.body)).errors[0];

describe('userHandler', () => {
  const echo = userHandler(async ({ user, profile }) => ({
    statusCode: 200,
    body: JSON.stringify({ id: user.id, email: profile.email }),
  }));

  it('gives the handler the caller and their profile', async () => {
    ddb.on(GetCommand).resolves({ Item: profile });
    const result = await echo(event({ sub: 'u1' }), context);
    expect(JSON.parse(String(result.body))).toEqual({ id: 'u1', email: 'a@b.example' });
  });

  it('refuses a request without a verified token (401), a missing profile (404), a banned user (403)', async () => {
    expect((await echo(event(), context)).statusCode).toBe(401);
    ddb.on(GetCommand).resolves({});
    const missing = await echo(event({ sub: 'u1' }), context);
    expect([missing.statusCode, errorOf(missing).title]).toEqual([
      404,
      'Your profile does not exist yet. Please sign in again.',
    ]);
    ddb.on(GetCommand).resolves({ Item: { ...profile, banned: true } });
    const banned = await echo(event({ sub: 'u1' }), context);
    expect([banned.statusCode, errorOf(banned).title]).toEqual([403, 'This account has been banned.']);
  });

  it('lets a caller without a profile through when the profile is optional', async () => {
    ddb.on(GetCommand).resolves({});
    const optional = userHandler({ profile: 'optional' }, async ({ user, profile }) => ({
      statusCode: 200,
      body: JSON.stringify({ id: user.id, hasProfile: profile !== undefined }),
    }));
    expect(JSON.parse(String((await optional(event({ sub: 'u1' }), context)).body))).toEqual({
      id: 'u1',
      hasProfile: false,
    });
  });

  it('refuses a limited session before looking at the profile when a full session is required', async () => {
    ddb.on(GetCommand).resolves({});
    const full = userHandler({ fullSession: true }, async () => ({ statusCode: 204, body: '' }));
    const limited = await full(event({ sub: 'u1' }, ['user:limited']), context);
    expect([limited.statusCode, errorOf(limited).title]).toEqual([
      403,
      'Not available in a limited session.',
    ]);
    expect((await full(event({ sub: 'u1' }, ['aws.cognito.signin.user.admin']), context)).statusCode).toBe(
      404,
    );
  });
});
