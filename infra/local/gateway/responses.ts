import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorBody } from '../../../shared/api/types';
import { apiErrors } from '../../../shared/errors/catalogue';

/** What each part of the gateway (API, CDN, dev pages) answers a request with. */
export type PathHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  requestId: string,
) => Promise<void>;

/** An error from the catalogue, as the API answers it (JSON with the request id). */
export function sendError(
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
