import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { ApiErrorBody } from '../../shared/api/types';
import { type ApiErrorCode, apiErrors } from '../../shared/errors/catalogue';

/** An error the API answers with a 4xx and the catalogue's code and message. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    title?: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(title ?? apiErrors[code].title);
    this.status = apiErrors[code].status;
  }
}

export type HttpEvent = APIGatewayProxyEventV2 & {
  requestContext: APIGatewayProxyEventV2['requestContext'] & {
    authorizer?: { jwt?: { claims: Record<string, string | number | boolean>; scopes?: string[] } };
  };
};
export type HttpResult = Exclude<APIGatewayProxyResultV2, string>;
export type HttpHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body) };
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

/** Maps thrown errors to the spec's error shape; anything not an ApiError is a 500 and is logged. */
const apiErrorMiddleware = (): middy.MiddlewareObj<HttpEvent, HttpResult> => ({
  onError: async (request) => {
    const requestId = request.event.requestContext?.requestId ?? randomUUID();
    const error = request.error;
    if (error instanceof ApiError) {
      request.response = errorResult(error, requestId);
      return;
    }
    console.error(JSON.stringify({ level: 'error', requestId, message: String(error), stack: error?.stack }));
    request.response = errorResult(new ApiError('server-error'), requestId);
  },
});

/** Wraps a route handler with the shared middleware. Every HTTP Lambda goes through here. */
export function httpHandler(handler: HttpHandler) {
  return middy<HttpEvent, HttpResult>().use(apiErrorMiddleware()).handler(handler);
}

export function pathParam(event: HttpEvent, name: string): string {
  const value = event.pathParameters?.[name];
  if (!value) throw new ApiError('validation-invalid-params', `Missing path parameter ${name}.`);
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
