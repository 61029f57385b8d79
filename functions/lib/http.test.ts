import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../accounts/user-record';
import {
  ApiError,
  accessToken,
  assertValid,
  type HttpEvent,
  jsonBody,
  maxPathParamBytes,
  pathParam,
  type RequestUser,
  requireProfile,
  textField,
} from './http';

const event = (overrides: Partial<HttpEvent> = {}, claims?: Record<string, string>): HttpEvent =>
  ({
    headers: {},
    requestContext: { ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}) },
    ...overrides,
  }) as HttpEvent;

const codeOf = (run: () => unknown): [string, unknown] | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return [error.code, error.meta];
    throw error;
  }
  return undefined;
};

describe('request helpers', () => {
  it('reads a JSON object body; anything else is a 400', () => {
    expect(jsonBody(event({ body: '{"a":1}' }))).toEqual({ a: 1 });
    expect(
      jsonBody(event({ body: Buffer.from('{"b":2}').toString('base64'), isBase64Encoded: true })),
    ).toEqual({
      b: 2,
    });
    expect(jsonBody(event())).toEqual({});
    for (const body of ['[1]', '"text"', 'null', '{"a":', '12'])
      expect(codeOf(() => jsonBody(event({ body })))?.[0]).toBe('validation-invalid-params');
  });

  it('takes text fields as text only', () => {
    expect(textField({ a: 'x', b: 3, c: null, d: ['x'] }, 'a')).toBe('x');
    for (const name of ['b', 'c', 'd', 'e'])
      expect(textField({ b: 3, c: null, d: ['x'] }, name)).toBeUndefined();
  });

  it('answers failed fields as validation-invalid-params with meta.fields', () => {
    expect(codeOf(() => assertValid({}))).toBeUndefined();
    expect(
      codeOf(() => assertValid({ email: 'A valid email address is required', name: undefined })),
    ).toEqual(['validation-invalid-params', { fields: { email: 'A valid email address is required' } }]);
  });

  it("gives Cognito the caller's access token, never an ID token", () => {
    expect(
      accessToken(event({ headers: { authorization: 'Bearer abc.def.ghi' } }, { token_use: 'access' })),
    ).toBe('abc.def.ghi');
    expect(
      codeOf(() => accessToken(event({ headers: { authorization: 'Bearer x' } }, { token_use: 'id' })))?.[0],
    ).toBe('unauthorized');
    expect(codeOf(() => accessToken(event({}, { token_use: 'access' })))?.[0]).toBe('unauthorized');
  });

  it('requires the caller to have a profile (404 not-found otherwise)', () => {
    const user = (profile?: UserRecord): RequestUser => ({ id: 'u1', profile, scopes: [], limited: false });
    const profile = { id: 'u1', email: 'a@b.example' } as UserRecord;
    expect(requireProfile(user(profile))).toBe(profile);
    expect(codeOf(() => requireProfile(user()))?.[0]).toBe('not-found');
    // Caught outside a try/catch so the test fails when nothing is thrown.
    let refused: unknown;
    try {
      requireProfile(user());
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      message: 'Your profile does not exist yet. Please sign in again.',
      status: 404,
    });
  });

  it('answers a path id too long to name anything with 404, before any read could fail on its key', () => {
    const withId = (id: string) => event({ pathParameters: { id } });
    const longest = 'é'.repeat(maxPathParamBytes / 2);
    expect(pathParam(withId(longest), 'id')).toBe(longest);
    expect(codeOf(() => pathParam(withId(`${longest}x`), 'id'))).toEqual(['not-found', undefined]);
    expect(codeOf(() => pathParam(withId('a'.repeat(2_049)), 'id'))).toEqual(['not-found', undefined]);
    expect(codeOf(() => pathParam(event(), 'id'))?.[0]).toBe('validation-invalid-params');
  });
});
