import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { HttpEvent } from '../../../functions/lib/http';
import { type Route, routes } from '../../../functions/routes';
import { isPublicRead } from '../../stacks/handler-services';
import { publicReadGrant, runReadOnly } from '../read-only';
import { httpEvent, type Invoke } from './lambda';
import { type PathHandler, sendError } from './responses';

/**
 * API Gateway's HTTP API for /api/*: the route table of functions/routes.ts, CORS for the allowed
 * origins, the 6 MB payload limit, and the Cognito JWT authorizer on `auth: 'user'` routes.
 */
export interface ApiOptions {
  jwt: { issuer: string; jwksUrl: string; clientId: string };
  allowedOrigins: string[];
}

/** Lambda's synchronous invocation payload limit; API Gateway answers 413 above it. */
export const maxBodyBytes = 6 * 1024 * 1024;

/**
 * API Gateway's HTTP API quota on the request line and the header values together (bytes). Past
 * it the request never reaches a route; we answer the catalogue's 413 (docs/decisions.md).
 */
export const maxRequestLineAndHeaderBytes = 10_240;

/** The bytes of the request line and of every header value, as API Gateway's quota counts them. */
export function requestLineAndHeaderBytes(request: IncomingMessage): number {
  const line = `${request.method} ${request.url} HTTP/${request.httpVersion}`;
  let bytes = Buffer.byteLength(line);
  for (let i = 1; i < request.rawHeaders.length; i += 2) bytes += Buffer.byteLength(request.rawHeaders[i]!);
  return bytes;
}

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

/** The request body, or undefined once a 413 has been answered for one over the limit. */
async function readBodyOrRefuse(
  request: IncomingMessage,
  response: ServerResponse,
  requestId: string,
  cors: Record<string, string>,
): Promise<Buffer | undefined> {
  try {
    return await readBody(request);
  } catch (error) {
    if (!(error instanceof PayloadTooLarge)) throw error;
    // Let the client finish sending (discarding the bytes) so it reads the 413 instead of a reset.
    await discardBody(request);
    sendError(response, requestId, 'request-too-large', { ...cors, connection: 'close' });
    return undefined;
  }
}

function corsHeaders(request: IncomingMessage, allowedOrigins: string[]): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin || !allowedOrigins.includes(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': 'authorization,content-type',
    'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

/** The bearer token's claims when it is valid for this app, as API Gateway's JWT authorizer checks. */
async function authorize(
  request: IncomingMessage,
  jwks: ReturnType<typeof createRemoteJWKSet>,
  jwt: ApiOptions['jwt'],
): Promise<JWTPayload | undefined> {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer: jwt.issuer });
    // API Gateway's JWT authorizer checks the audience: `aud` on ID tokens, `client_id` on access tokens.
    const audience = payload.aud ?? payload.client_id;
    const audiences = Array.isArray(audience) ? audience : [audience];
    return audiences.includes(jwt.clientId) ? payload : undefined;
  } catch {
    return undefined;
  }
}

/** The route's event, with the authorizer's claims as API Gateway adds them. */
function apiEvent(
  request: IncomingMessage,
  url: URL,
  requestId: string,
  route: { match: CompiledRoute; body: Buffer; params: Record<string, string> },
  claims: JWTPayload | undefined,
): HttpEvent {
  const base = httpEvent(request, url, requestId, {
    routeKey: `${route.match.route.method} ${route.match.route.path}`,
    body: route.body,
    pathParameters: route.params,
  });
  const authorizer = claims && {
    jwt: {
      claims: claims as Record<string, string | number | boolean>,
      scopes: typeof claims.scope === 'string' ? claims.scope.split(' ') : [],
    },
  };
  return { ...base, requestContext: { ...base.requestContext, ...(authorizer ? { authorizer } : {}) } };
}

export function apiGateway(options: ApiOptions, invoke: Invoke): PathHandler {
  const compiled = routes.map((route) => compileRoute(route as Route));
  const jwks = createRemoteJWKSet(new URL(options.jwt.jwksUrl));

  return async (request, response, url, requestId) => {
    const cors = corsHeaders(request, options.allowedOrigins);
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors);
      response.end();
      return;
    }
    if (requestLineAndHeaderBytes(request) > maxRequestLineAndHeaderBytes) {
      await discardBody(request);
      sendError(response, requestId, 'request-too-large', { ...cors, connection: 'close' });
      return;
    }
    const matches = compiled.filter((entry) => entry.pattern.test(url.pathname));
    const match = matches.find((entry) => entry.route.method === request.method);
    if (!match) {
      sendError(response, requestId, matches.length ? 'method-not-allowed' : 'not-found', cors);
      return;
    }
    const body = await readBodyOrRefuse(request, response, requestId, cors);
    if (!body) return;
    let claims: JWTPayload | undefined;
    if (match.route.auth === 'user') {
      claims = await authorize(request, jwks, options.jwt);
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
    const event = apiEvent(request, url, requestId, { match, body, params }, claims);
    const run = () => invoke(match.route.handler, event, requestId, request, response, cors);
    // An anonymous read runs read-only, as its role does in AWS (infra/local/read-only.ts).
    const handler = match.route.handler;
    await (isPublicRead(handler) ? runReadOnly(publicReadGrant(handler), run) : run());
  };
}
