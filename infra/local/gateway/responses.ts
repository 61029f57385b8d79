import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { ApiErrorBody } from '../../../shared/api/types';
import { apiErrors } from '../../../shared/errors/catalogue';

/** What each part of the gateway (API, CDN, dev pages) answers a request with. */
export type PathHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  requestId: string,
) => Promise<void>;

/** An error from the catalogue as the API's body has it (JSON with the request id), and its status. */
function catalogueError(requestId: string, code: keyof typeof apiErrors): { status: number; body: string } {
  const { status, title } = apiErrors[code];
  const body: ApiErrorBody = { errors: [{ id: requestId, status, code, title }] };
  return { status, body: JSON.stringify(body) };
}

/** An error from the catalogue, as the API answers it. */
export function sendError(
  response: ServerResponse,
  requestId: string,
  code: keyof typeof apiErrors,
  extra: Record<string, string> = {},
) {
  const { status, body } = catalogueError(requestId, code);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...extra });
  response.end(body);
}

/**
 * The raw HTTP answer to a request Node's parser refused before any handler saw it (a request line
 * and headers past Node's 16 kB, or bytes that are not HTTP): the catalogue's error, as every other
 * answer of the gateway, instead of Node's bare 431 or 400 without a body. A request past API
 * Gateway's own 10,240-byte quota is refused in api.ts; this catches the ones too big to parse.
 */
export function parserErrorAnswer(errorCode: string | undefined, requestId: string): string {
  const code: keyof typeof apiErrors =
    errorCode === 'HPE_HEADER_OVERFLOW' ? 'request-too-large' : 'validation-invalid-params';
  const { status, body } = catalogueError(requestId, code);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    `apigw-requestid: ${requestId}`,
    `x-request-id: ${requestId}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}
