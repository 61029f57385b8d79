import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { siteIndexKey } from '../../functions/content/pages/site-template';
import { s3 } from '../../functions/lib/aws';
import type { HttpEvent, HttpResult } from '../../functions/lib/http';
import { type Route, routes } from '../../functions/routes';
import type { ApiErrorBody } from '../../shared/api/types';
import { apiErrors } from '../../shared/errors/catalogue';
import { immutableCacheControl, revalidateCacheControl, securityHeaders } from '../web-security';
import { sendBody, sendFile } from './compression';
import { loadHandler } from './handlers';
import type { LocalOutbox } from './outbox';
import { renderOutboxPage } from './outbox-page';
import { assertPortFree } from './processes';

/**
 * The local front door: API Gateway (HTTP API + Cognito JWT authorizer) for /api/*, and CloudFront
 * for the built web app (security headers, long cache on hashed assets) and /images/*. Page
 * requests (a GET or HEAD that is not a file) go to the head renderer (functions/content/http/render-page.ts)
 * in-process, as CloudFront sends them to its Function URL; it reads index.html from the site
 * bucket, where the gateway copies the built one (and copies it again when a rebuild changes it).
 */
export interface GatewayOptions {
  port: number;
  webRoot: string;
  imagesBucket: string;
  /** The local site bucket: the gateway puts `webRoot/index.html` there for the head renderer. */
  siteBucket: string;
  jwt: { issuer: string; jwksUrl: string; clientId: string };
  runtimeConfig: Record<string, unknown>;
  allowedOrigins: string[];
  /** Origins the browser may call besides the site itself (the Cognito endpoint, for sign-in). */
  connectOrigins: string[];
  outbox: LocalOutbox;
  /** The local event bus's events, newest last (`/_dev/events.json`: finance events for checks). */
  events?: () => unknown[];
}

export interface Gateway {
  url: string;
  stop(): Promise<void>;
}

/** Lambda's synchronous invocation payload limit; API Gateway answers 413 above it. */
export const maxBodyBytes = 6 * 1024 * 1024;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  params: string[];
}

/**
 * A route path as a pattern, as API Gateway matches it: `{name}` is one segment; `{name+}` (only
 * as the last segment) is greedy, the rest of the path with its slashes, and arrives as `name`.
 */
export function compileRoute(route: Route): CompiledRoute {
  const params: string[] = [];
  const source = route.path.replace(
    /\{(\w+)(\+?)\}/g,
    (_, name: string, greedy: string, at: number, path: string) => {
      params.push(name);
      if (!greedy) return '([^/]+)';
      if (at + name.length + 3 !== path.length)
        throw new Error(`Greedy {${name}+} must end the path: ${path}`);
      return '(.+)';
    },
  );
  return { route, pattern: new RegExp(`^${source}$`), params };
}

/** Path parameters of a matched path, decoded; undefined if one is not valid percent-encoding. */
export function pathParameters(entry: CompiledRoute, pathname: string): Record<string, string> | undefined {
  const values = entry.pattern.exec(pathname)?.slice(1) ?? [];
  try {
    return Object.fromEntries(entry.params.map((name, i) => [name, decodeURIComponent(values[i]!)]));
  } catch {
    return undefined;
  }
}

class PayloadTooLarge extends Error {}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBodyBytes) throw new PayloadTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) throw new PayloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads and drops the rest of a request body; gives up on the connection past a hard cap. */
async function discardBody(request: IncomingMessage, capBytes = 16 * maxBodyBytes): Promise<void> {
  let size = 0;
  await new Promise<void>((resolve) => {
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > capBytes) {
        request.destroy();
        resolve();
      }
    });
    request.once('end', resolve);
    request.once('close', resolve);
    request.resume();
  });
}

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
  const query = url.searchParams.size ? Object.fromEntries(url.searchParams) : undefined;
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

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  await assertPortFree(options.port, 'web and API gateway');
  const compiled = routes.map((route) => compileRoute(route as Route));
  const jwks = createRemoteJWKSet(new URL(options.jwt.jwksUrl));
  const siteHeaders = securityHeaders({ connect: options.connectOrigins });

  function corsHeaders(request: IncomingMessage): Record<string, string> {
    const origin = request.headers.origin;
    if (!origin || !options.allowedOrigins.includes(origin)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
      'access-control-max-age': '600',
      vary: 'Origin',
    };
  }

  function sendError(
    response: ServerResponse,
    requestId: string,
    code: keyof typeof apiErrors,
    extra: Record<string, string> = {},
  ) {
    const { status, title } = apiErrors[code];
    const body: ApiErrorBody = { errors: [{ id: requestId, status, code, title }] };
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...extra });
    response.end(JSON.stringify(body));
  }

  async function authorize(request: IncomingMessage): Promise<JWTPayload | undefined> {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : header;
    if (!token) return undefined;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.jwt.issuer });
      // API Gateway's JWT authorizer checks the audience: `aud` on ID tokens, `client_id` on access tokens.
      const audience = payload.aud ?? payload.client_id;
      const audiences = Array.isArray(audience) ? audience : [audience];
      return audiences.includes(options.jwt.clientId) ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL, requestId: string) {
    const cors = corsHeaders(request);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    const matches = compiled.filter((entry) => entry.pattern.test(url.pathname));
    const match = matches.find((entry) => entry.route.method === request.method);
    if (!match) {
      sendError(response, requestId, matches.length ? 'method-not-allowed' : 'not-found', cors);
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch (error) {
      if (error instanceof PayloadTooLarge) {
        // Let the client finish sending (discarding the bytes) so it reads the 413 instead of a reset.
        await discardBody(request);
        sendError(response, requestId, 'request-too-large', { ...cors, connection: 'close' });
        return;
      }
      throw error;
    }
    let claims: JWTPayload | undefined;
    if (match.route.auth === 'user') {
      claims = await authorize(request);
      if (!claims) {
        sendError(response, requestId, 'unauthorized', { ...cors, 'www-authenticate': 'Bearer' });
        return;
      }
    }
    const params = pathParameters(match, url.pathname);
    if (!params) {
      sendError(response, requestId, 'validation-invalid-params', cors);
      return;
    }
    const base = httpEvent(request, url, requestId, {
      routeKey: `${match.route.method} ${match.route.path}`,
      body,
      pathParameters: params,
    });
    const event: HttpEvent = {
      ...base,
      requestContext: {
        ...base.requestContext,
        ...(claims
          ? {
              authorizer: {
                jwt: {
                  claims: claims as Record<string, string | number | boolean>,
                  scopes: typeof claims.scope === 'string' ? claims.scope.split(' ') : [],
                },
              },
            }
          : {}),
      },
    };
    await invoke(match.route.handler, event, requestId, request, response, cors);
  }

  // Handlers by name, as a warm Lambda keeps its module: an import() per request goes through the
  // module loader (and tsx's loader thread) every time, which cost more than a search itself.
  type LocalHandler = (event: HttpEvent, context: Context) => Promise<HttpResult>;
  const handlers = new Map<string, LocalHandler>();
  async function loadHandlerOnce(handlerName: string): Promise<LocalHandler> {
    const handler = await loadHandler<LocalHandler>(handlerName);
    handlers.set(handlerName, handler);
    return handler;
  }

  /** Runs a handler module as Lambda would and writes its result (API Gateway / Function URL format). */
  async function invoke(
    handlerName: string,
    event: HttpEvent | APIGatewayProxyEventV2,
    requestId: string,
    request: IncomingMessage,
    response: ServerResponse,
    extraHeaders: Record<string, string>,
  ) {
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
  }

  async function handleImage(response: ServerResponse, url: URL, requestId: string) {
    // CloudFront forwards the path as is, so /images/x is the object images/x in the images bucket.
    const key = decodeURIComponent(url.pathname.slice(1));
    try {
      const object = await s3().send(new GetObjectCommand({ Bucket: options.imagesBucket, Key: key }));
      const bytes = await object.Body!.transformToByteArray();
      response.writeHead(200, {
        'content-type': object.ContentType ?? 'application/octet-stream',
        'content-length': String(bytes.length),
        'cache-control': immutableCacheControl,
        'x-content-type-options': 'nosniff',
      });
      response.end(bytes);
    } catch (error) {
      if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') {
        sendError(response, requestId, 'not-found');
        return;
      }
      throw error;
    }
  }

  function serveFile(request: IncomingMessage, response: ServerResponse, file: string, cacheControl: string) {
    sendFile(
      request,
      response,
      {
        'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'cache-control': cacheControl,
        ...siteHeaders,
      },
      file,
    );
  }

  // The built index.html in the site bucket, copied again whenever a rebuild changed the file.
  const indexFile = join(options.webRoot, 'index.html');
  let publishedIndex: number | undefined;
  async function publishIndex(): Promise<void> {
    const modified = statSync(indexFile).mtimeMs;
    if (publishedIndex === modified) return;
    await s3().send(
      new PutObjectCommand({
        Bucket: options.siteBucket,
        Key: siteIndexKey,
        Body: readFileSync(indexFile),
        ContentType: 'text/html; charset=utf-8',
      }),
    );
    publishedIndex = modified;
  }
  if (existsSync(indexFile)) await publishIndex();

  /** A page request, as CloudFront's default behaviour does: the head renderer's Lambda, in-process. */
  async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL, requestId: string) {
    await publishIndex();
    const event = httpEvent(request, url, requestId, { routeKey: '$default' });
    await invoke('content/http/render-page', event, requestId, request, response, siteHeaders);
  }

  async function handleStatic(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    requestId: string,
  ) {
    let decoded: string | undefined;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      decoded = undefined; // not a file name; the renderer answers it like any unknown page
    }
    const relative = decoded === undefined ? '' : normalize(decoded).replace(/^([/\\])+/, '');
    const file = join(options.webRoot, relative);
    const inside = file.startsWith(options.webRoot + sep) || file === options.webRoot;
    // Dot folders (.vite/ with the build manifest) are not deployed, so not served either.
    const deployed = !relative.split(sep).some((part) => part.startsWith('.'));
    if (inside && deployed && relative && existsSync(file) && statSync(file).isFile()) {
      const hashed = relative.startsWith(`assets${sep}`);
      serveFile(request, response, file, hashed ? immutableCacheControl : revalidateCacheControl);
      return;
    }
    if (!existsSync(indexFile)) {
      response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    // Client-side routes (and unknown URLs, which the app renders as its 404 page) get index.html
    // with the page's head from the renderer. A missing hashed asset is a real 404.
    if (relative.startsWith(`assets${sep}`) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...siteHeaders });
      response.end('Not found');
      return;
    }
    await handlePage(request, response, url, requestId);
  }

  const server: Server = createServer(async (request, response) => {
    const requestId = randomUUID();
    response.setHeader('apigw-requestid', requestId);
    response.setHeader('x-request-id', requestId);
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    try {
      if (url.pathname.startsWith('/api/')) {
        await handleApi(request, response, url, requestId);
      } else if (url.pathname.startsWith('/images/')) {
        await handleImage(response, url, requestId);
      } else if (url.pathname === '/config.json') {
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': revalidateCacheControl,
        });
        response.end(JSON.stringify(options.runtimeConfig));
      } else if (url.pathname === '/_dev/outbox.json') {
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        response.end(JSON.stringify({ data: options.outbox.list() }));
      } else if (url.pathname === '/_dev/events.json' && options.events) {
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        response.end(JSON.stringify({ data: options.events() }));
      } else if (url.pathname === '/_dev/outbox') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...siteHeaders });
        response.end(renderOutboxPage(options.outbox.list()));
      } else {
        await handleStatic(request, response, url, requestId);
      }
    } catch (error) {
      console.error(`[gateway] ${request.method} ${url.pathname} failed (${requestId}):`, error);
      if (!response.headersSent) sendError(response, requestId, 'server-error');
      else response.end();
    }
  });
  // Longer than any client's idle pause: a client that reuses a socket at the instant the server
  // closes it gets ECONNRESET (an e2e helper polling the outbox did, once, at Node's 5 s default).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${options.port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
