import { Agent, request as httpRequest } from 'node:http';
import { apiErrors, isApiErrorCode } from '../../shared/errors/catalogue';
import type { FuzzRequest } from './fuzz-requests';

/**
 * The fuzz suite's wire: requests sent exactly as generated (node:http, not fetch, which would
 * normalise `..` segments and refuse some paths), and the check every answer must pass.
 */

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** Sends one request to the local cloud at `base` and reads the whole answer. */
export function send(base: string, fuzz: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const body = fuzz.body === undefined ? undefined : Buffer.from(fuzz.body, 'utf8');
    const outgoing = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: fuzz.method,
        path: fuzz.path,
        headers: { ...fuzz.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Closes the kept-alive sockets (the suite's last step). */
export function closeConnections(): void {
  agent.destroy();
}

function isJson(answer: FuzzAnswer): boolean {
  return String(answer.headers['content-type'] ?? '').startsWith('application/json');
}

/**
 * What is wrong with an answer, or undefined: never a 5xx; a non-2xx is the catalogue's error
 * (`{ errors: [{ id, status, code, title, meta? }] }`, functions/lib/http.ts `errorResult`) with
 * its status the HTTP status and its code one of shared/errors/catalogue.ts whose status it is; a
 * 2xx with a JSON body parses and carries no `errors` (a server error in disguise).
 * `htmlAllowed`: a browser page's route may answer a refusal as HTML.
 */
export function problemWith(answer: FuzzAnswer, htmlAllowed: boolean): string | undefined {
  const { status } = answer;
  if (status >= 500 || status < 200) return `status ${status}`;
  if (status >= 300 && status < 400) {
    return answer.headers.location ? undefined : `redirect ${status} without a location`;
  }
  if (status < 300) {
    if (!isJson(answer) || answer.text === '') return undefined;
    try {
      const body = JSON.parse(answer.text);
      return body && typeof body === 'object' && 'errors' in body ? 'a 2xx carrying errors' : undefined;
    } catch {
      return 'a 2xx whose JSON does not parse';
    }
  }
  if (htmlAllowed && String(answer.headers['content-type'] ?? '').startsWith('text/html')) return undefined;
  if (!isJson(answer)) return `a ${status} that is not JSON (${answer.headers['content-type'] ?? 'no type'})`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `a ${status} whose JSON does not parse`;
  }
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return `a ${status} without errors`;
  for (const error of errors as Record<string, unknown>[]) {
    if (typeof error !== 'object' || error === null) return 'an error that is not an object';
    if (typeof error.id !== 'string' || !error.id) return 'an error without an id';
    if (error.status !== status) return `an error whose status ${String(error.status)} is not ${status}`;
    if (!isApiErrorCode(error.code)) return `an error code not in the catalogue: ${String(error.code)}`;
    if (apiErrors[error.code].status !== status) return `${error.code} answered with ${status}`;
    if (typeof error.title !== 'string' || !error.title) return 'an error without a title';
    if (error.meta !== undefined && (typeof error.meta !== 'object' || error.meta === null)) {
      return 'an error whose meta is not an object';
    }
  }
  return undefined;
}

/** A request in a line for a failure message: long paths and bodies cut. */
export function describe(fuzz: FuzzRequest): string {
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  const auth = fuzz.headers.authorization ? ' [with a token]' : '';
  const body = fuzz.body === undefined ? '' : ` body ${JSON.stringify(cut(fuzz.body, 300))}`;
  return `${fuzz.kind}: ${fuzz.method} ${cut(fuzz.path, 300)}${auth}${body}`;
}
