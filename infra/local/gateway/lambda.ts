import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { HttpEvent, HttpResult } from '../../../functions/lib/http';
import { sendBody } from '../compression';
import { loadHandler } from '../handlers';

/**
 * Lambda as the gateway's routes and the head renderer see it: the payload format 2.0 event, the
 * invocation context, and the handler run in-process with its result written as API Gateway (or a
 * Function URL) would.
 */
function lambdaContext(requestId: string, name: string): Context {
  const deadline = Date.now() + 29_000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => deadline - Date.now(),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Request headers as API Gateway and Lambda Function URLs pass them: lower-case names, joined values. */
function eventHeaders(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(',') : value,
    ]),
  ) as Record<string, string>;
}

/**
 * Query parameters as API Gateway's payload format 2.0 gives them: a name given more than once has
 * its values joined with commas (`a=1&a=2` → `a: '1,2'`), not the last one alone. Built through a
 * Map so that a `__proto__` parameter stays an own key like any other.
 */
export function queryParameters(params: URLSearchParams): Record<string, string> | undefined {
  if (!params.size) return undefined;
  const query = new Map<string, string>();
  for (const [name, value] of params) {
    const earlier = query.get(name);
    query.set(name, earlier === undefined ? value : `${earlier},${value}`);
  }
  return Object.fromEntries(query);
}

/**
 * The payload format 2.0 event of API Gateway HTTP APIs, which Lambda Function URLs share (their
 * routeKey is `$default`, as for the head renderer here).
 */
export function httpEvent(
  request: IncomingMessage,
  url: URL,
  requestId: string,
  extra: {
    routeKey: string;
    headers?: Record<string, string>;
    body?: Buffer;
    pathParameters?: Record<string, string>;
  },
): APIGatewayProxyEventV2 {
  const headers = extra.headers ?? eventHeaders(request);
  const query = queryParameters(url.searchParams);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: extra.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(query ? { queryStringParameters: query } : {}),
    ...(extra.pathParameters && Object.keys(extra.pathParameters).length
      ? { pathParameters: extra.pathParameters }
      : {}),
    ...(extra.body?.length ? { body: extra.body.toString('utf8') } : {}),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: 'local',
      http: {
        method: request.method!,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: extra.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

/** Runs a handler module as Lambda would and writes its result (API Gateway / Function URL format). */
export type Invoke = (
  handlerName: string,
  event: HttpEvent | APIGatewayProxyEventV2,
  requestId: string,
  request: IncomingMessage,
  response: ServerResponse,
  extraHeaders: Record<string, string>,
) => Promise<void>;

type LocalHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;

/** An `Invoke` with its own handler cache (one per gateway). */
export function localLambdas(): Invoke {
  // Handlers by name, as a warm Lambda keeps its module: an import() per request goes through the
  // module loader (and tsx's loader thread) every time, which cost more than a search itself.
  const handlers = new Map<string, LocalHandler>();
  async function loadHandlerOnce(handlerName: string): Promise<LocalHandler> {
    const handler = await loadHandler<LocalHandler>(handlerName);
    handlers.set(handlerName, handler);
    return handler;
  }

  return async (handlerName, event, requestId, request, response, extraHeaders) => {
    const handler = handlers.get(handlerName) ?? (await loadHandlerOnce(handlerName));
    const result = await handler(event as HttpEvent, lambdaContext(requestId, handlerName));
    const resultHeaders = Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
    );
    sendBody(
      request,
      response,
      result.statusCode ?? 200,
      { ...resultHeaders, ...extraHeaders },
      result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''),
    );
  };
}
