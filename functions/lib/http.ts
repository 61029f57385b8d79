import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { limitedScope } from '../../shared/api/account';
import type { ApiErrorBody } from '../../shared/api/types';
import type { UserRecord } from '../accounts/user-record';
import { dynamo, tableName } from './aws';
import { ApiError } from './errors';
import { appendLogKeys, log, requestIdOf, withLogContext } from './logger';
import { flushMetrics } from './metrics';
import { reportError } from './observability';
import { assertThroughCloudFront } from './origin-secret';
import { loadSecrets } from './secrets';
import { keys } from './table-design';

/** Re-exported for the route handlers, which get all their HTTP pieces from here. */
export { ApiError, assertValid, invalidField } from './errors';

export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims: Record<string, string | number | boolean>; scopes?: string[] } };
  };
};
export type HttpResult = Exclude<APIGatewayProxyResultV2, string>;
export type HttpHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return jsonText(statusCode, JSON.stringify(body), headers);
}

/** A JSON answer whose body is already serialised (the search index builds its pages' JSON itself). */
export function jsonText(statusCode: number, body: string, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...jsonHeaders, ...headers }, body };
}

export function errorResult(error: ApiError, requestId: string): HttpResult {
  const body: ApiErrorBody = {
    errors: [
      {
        id: requestId,
        status: error.status,
        code: error.code,
        title: error.message,
        ...(error.meta ? { meta: error.meta } : {}),
      },
    ],
  };
  return json(error.status, body);
}

/**
 * Maps thrown errors to the spec's error shape; anything not an ApiError is a 500 and is reported
 * (functions/lib/observability.ts: Sentry when configured, always a JSON log line) with the
 * function, the route and the request id as tags.
 */
const apiErrorMiddleware = (): middy.MiddlewareObj<HttpEvent, HttpResult> => ({
  onError: async (request) => {
    const requestId = request.event.requestContext?.requestId ?? randomUUID();
    const error = request.error;
    if (error instanceof ApiError) {
      request.response = errorResult(error, requestId);
      return;
    }
    await reportError(error, {
      handler: request.context?.functionName || 'unknown',
      route:
        request.event.routeKey || `${request.event.requestContext?.http?.method} ${request.event.rawPath}`,
      requestId,
    });
    request.response = errorResult(new ApiError('server-error'), requestId);
  },
});

/** The signed-in caller of a request, as the user guard found it (once per request). */
export interface RequestUser {
  /** The Cognito `sub` of the verified token: the only source of the caller's identity. */
  id: string;
  /** The profile item, read once by the guard; undefined if the user has none yet. */
  profile: UserRecord | undefined;
  /** The token's OAuth scopes. */
  scopes: string[];
  /** An operator's limited session: the token's only scope is `user:limited` (spec §2, §6). */
  limited: boolean;
}

const requestUsers = new WeakMap<object, RequestUser>();

function tokenScopes(event: HttpEvent): string[] {
  const jwt = event.requestContext.authorizer?.jwt;
  if (jwt?.scopes?.length) return jwt.scopes;
  const scope = jwt?.claims.scope;
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
}

/**
 * The one place that refuses banned and deleted users: every request that carries verified token
 * claims (exactly the `auth: 'user'` routes: the authorizer runs only there) reads the caller's
 * profile once; a banned or deleted user's still-valid token gets 403 on every route. Handlers get
 * the profile from `requestUser(event)` instead of reading it again.
 */
const userGuardMiddleware = (): middy.MiddlewareObj<HttpEvent, HttpResult> => ({
  before: async (request) => {
    const claims = request.event.requestContext?.authorizer?.jwt?.claims;
    if (!claims) return;
    const sub = claims.sub;
    if (typeof sub !== 'string' || !sub) throw new ApiError('unauthorized');
    appendLogKeys({ userId: sub });
    // Strongly consistent: a ban counts from the very next request, and an update is read back as written.
    const result = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.user(sub), ConsistentRead: true }),
    );
    const profile = result.Item as UserRecord | undefined;
    if (profile?.banned) throw new ApiError('forbidden', 'This account has been banned.');
    if (profile?.deleted) throw new ApiError('forbidden', 'This account has been deleted.');
    const scopes = tokenScopes(request.event);
    requestUsers.set(request.event, {
      id: sub,
      profile,
      scopes,
      limited: scopes.length > 0 && scopes.every((scope) => scope === limitedScope),
    });
  },
});

/**
 * Wraps a route handler with the shared middleware. Every HTTP Lambda goes through here, and each
 * invocation logs with its own request id (functions/lib/logger.ts), the user's id once known, and
 * publishes the metrics it recorded when it ends (functions/lib/metrics.ts).
 */
export function httpHandler(handler: HttpHandler) {
  const wrapped = middy<HttpEvent, HttpResult>()
    .use(apiErrorMiddleware())
    // Only requests that came through CloudFront (and its web ACL): 403 otherwise (origin-secret.ts).
    .use({ before: (request) => assertThroughCloudFront(request.event.headers) })
    // The provider secrets this function's environment names (functions/lib/secrets.ts).
    .use({ before: () => loadSecrets() })
    .use(userGuardMiddleware())
    .handler(handler);
  return (event: HttpEvent, context: Context): Promise<HttpResult> => {
    return withLogContext({ requestId: requestIdOf(event, context) }, async () => {
      const started = Date.now();
      try {
        const result = await wrapped(event, context);
        // Off by default; POWERTOOLS_LOG_LEVEL=DEBUG shows every request with its user.
        log.debug('request handled', {
          route: event.routeKey,
          status: result.statusCode,
          durationMs: Date.now() - started,
        });
        return result;
      } finally {
        // What the request recorded (functions/lib/metrics.ts); never throws.
        flushMetrics();
      }
    });
  };
}

/** The caller of an `auth: 'user'` route (see the user guard); 401 on a route without a verified token. */
export function requestUser(event: HttpEvent): RequestUser {
  const user = requestUsers.get(event);
  if (!user) throw new ApiError('unauthorized');
  return user;
}

/**
 * The caller's profile item, or 404 `not-found` when there is none yet (a Cognito user whose
 * profile was never written: they sign in again and GET /api/me makes it).
 */
export function requireProfile(user: RequestUser): UserRecord {
  if (!user.profile)
    throw new ApiError('not-found', 'Your profile does not exist yet. Please sign in again.');
  return user.profile;
}

/** Account-security actions (password, e-mail) are not for an operator's limited session. */
export function requireFullSession(user: RequestUser): void {
  if (user.limited) throw new ApiError('forbidden', 'Not available in a limited session.');
}

/**
 * The caller's Cognito access token (for the user-scoped Cognito calls: ChangePassword,
 * UpdateUserAttributes, GetUserAttributeVerificationCode, VerifyUserAttribute, GetUser). The
 * authorizer has already verified it; an ID token is refused here because Cognito needs the access token.
 */
export function accessToken(event: HttpEvent): string {
  const header = event.headers?.authorization ?? event.headers?.Authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  const tokenUse = event.requestContext.authorizer?.jwt?.claims.token_use;
  if (!token || (tokenUse !== undefined && tokenUse !== 'access')) {
    throw new ApiError('unauthorized', 'This action needs the access token in the Authorization header.');
  }
  return token;
}

/** The request body as a JSON object; anything else is a 400. */
export function jsonBody(event: HttpEvent): Record<string, unknown> {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('validation-invalid-params', 'The request body must be JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('validation-invalid-params', 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** A text field of a body: strings as they are, anything else (numbers, objects, null) as missing. */
export function textField(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}

/** The named string fields of a JSON body, absent or non-string ones left out: the shared validators' input. */
export function textFields<K extends string>(
  body: Record<string, unknown>,
  names: readonly K[],
): Partial<Record<K, string>> {
  const values: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = textField(body, name);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** 204 No Content. */
export function noContent(): HttpResult {
  return { statusCode: 204, headers: {}, body: '' };
}

/**
 * The longest path parameter (UTF-8 bytes) that can name anything here: our ids are UUIDs, the
 * providers' ids and the asset paths are far shorter. Past DynamoDB's key limits (1,024 bytes for
 * a sort key, 2,048 for a partition key) a read would fail with a ValidationException, a 500; a
 * longer id names nothing, so it is 404 before any read (found by tests/integration/fuzz.test.ts).
 */
export const maxPathParamBytes = 512;

export function pathParam(event: HttpEvent, name: string): string {
  const value = event.pathParameters?.[name];
  if (!value) throw new ApiError('validation-invalid-params', `Missing path parameter ${name}.`);
  if (Buffer.byteLength(value) > maxPathParamBytes) throw new ApiError('not-found');
  return value;
}

/** The signed-in user's id (Cognito `sub`), as the JWT authorizer passed it on. */
export function currentUserId(event: HttpEvent): string {
  const sub = event.requestContext.authorizer?.jwt?.claims.sub;
  if (typeof sub !== 'string') throw new ApiError('unauthorized');
  return sub;
}

export function intParam(
  event: HttpEvent,
  name: string,
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  const raw = event.queryStringParameters?.[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ApiError('validation-invalid-params', `${name} must be a whole number from ${min} to ${max}.`, {
      param: name,
    });
  }
  return value;
}
