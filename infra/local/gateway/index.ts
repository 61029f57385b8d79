import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { securityHeaders } from '../../web-security';
import { assertPortFree } from '../processes';
import { type ApiOptions, apiGateway } from './api';
import { configBehaviour, imagesBehaviour, siteBehaviour } from './cdn';
import { type DevOptions, devEndpoints } from './dev';
import { localLambdas } from './lambda';
import { parserErrorAnswer, sendError } from './responses';

/**
 * The local front door: API Gateway (HTTP API + Cognito JWT authorizer) for /api/* (api.ts), and
 * CloudFront for the built web app (security headers, long cache on hashed assets) and /images/*
 * (cdn.ts), plus the local-only /_dev/ endpoints (dev.ts). Page requests (a GET or HEAD that is not
 * a file) go to the head renderer (functions/content/http/render-page.ts) in-process, as CloudFront
 * sends them to its Function URL; it reads index.html from the site bucket, where the gateway copies
 * the built one (and copies it again when a rebuild changes it).
 */
export interface GatewayOptions extends ApiOptions, DevOptions {
  port: number;
  webRoot: string;
  imagesBucket: string;
  /** The local site bucket: the gateway puts `webRoot/index.html` there for the head renderer. */
  siteBucket: string;
  runtimeConfig: Record<string, unknown>;
  /** Origins the browser may call besides the site itself (the Cognito endpoint, for sign-in). */
  connectOrigins: string[];
  /** Origins images may come from besides the site (s3rver: a dispute's presigned photo links). */
  imageOrigins?: string[];
}

export interface Gateway {
  url: string;
  stop(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  await assertPortFree(options.port, 'web and API gateway');
  const invoke = localLambdas();
  const api = apiGateway(options, invoke);
  const siteHeaders = securityHeaders({
    connect: options.connectOrigins,
    ...(options.imageOrigins ? { images: options.imageOrigins } : {}),
  });
  const images = imagesBehaviour(options.imagesBucket);
  const config = configBehaviour(options.runtimeConfig);
  const site = await siteBehaviour(options, invoke, siteHeaders);
  const dev = devEndpoints(options, siteHeaders);

  const server: Server = createServer(async (request, response) => {
    const requestId = randomUUID();
    response.setHeader('apigw-requestid', requestId);
    response.setHeader('x-request-id', requestId);
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    try {
      const { pathname } = url;
      if (pathname.startsWith('/api/')) await api(request, response, url, requestId);
      else if (pathname.startsWith('/images/')) await images(request, response, url, requestId);
      else if (pathname === '/config.json') await config(request, response, url, requestId);
      else if (!dev(pathname, response)) await site(request, response, url, requestId);
    } catch (error) {
      console.error(`[gateway] ${request.method} ${url.pathname} failed (${requestId}):`, error);
      if (!response.headersSent) sendError(response, requestId, 'server-error');
      else response.end();
    }
  });
  // A request Node cannot parse (headers past 16 kB, not HTTP) gets the catalogue's error too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(parserErrorAnswer(error.code, randomUUID()));
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
