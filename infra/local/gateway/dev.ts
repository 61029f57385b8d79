import type { ServerResponse } from 'node:http';
import type { LocalOutbox } from '../outbox';
import { renderOutboxPage } from '../outbox-page';

/**
 * Endpoints only the local cloud has, for people and tests: the mails sent (`/_dev/outbox`, and as
 * JSON), the event bus's events (`/_dev/events.json`, when the gateway is given them) and whether
 * the cloud has caught up (`/_dev/settled.json`).
 */
export interface DevOptions {
  outbox: LocalOutbox;
  /** The local event bus's events, newest last (`/_dev/events.json`: finance events for checks). */
  events?: () => unknown[];
  /**
   * `/_dev/settled.json`: answers once the cloud has caught up with everything done before the
   * request (codes delivered, stream records and events handled), for tests that assert that
   * nothing (more) arrived: a positive signal instead of a sleep.
   */
  settle?: () => Promise<unknown>;
}

function sendJson(response: ServerResponse, data: unknown) {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify({ data }));
}

/** Answers a dev endpoint; false when the path is none (the site answers it then). */
export function devEndpoints(
  options: DevOptions,
  siteHeaders: Record<string, string>,
): (pathname: string, response: ServerResponse) => boolean {
  return (pathname, response) => {
    if (pathname === '/_dev/outbox.json') {
      sendJson(response, options.outbox.list());
    } else if (pathname === '/_dev/events.json' && options.events) {
      sendJson(response, options.events());
    } else if (pathname === '/_dev/settled.json' && options.settle) {
      options.settle().then(
        (data) => sendJson(response, data),
        (error) => {
          response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          response.end(String(error));
        },
      );
    } else if (pathname === '/_dev/outbox') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...siteHeaders });
      response.end(renderOutboxPage(options.outbox.list()));
    } else {
      return false;
    }
    return true;
  };
}
