/**
 * What each handler may do, so each role gets only what its functions use (issue 26): which
 * handlers only read (the anonymous GET routes), and which call AWS services beyond the table. tests/infra/bundling.test.ts bundles every handler and checks both lists
 * against the bundles, both ways: a handler that reaches functions/lib/email.ts (SES) or
 * functions/lib/events.ts (EventBridge) is listed, and a listed one reaches it.
 */
import { eventSources } from '../../functions/event-rules';
import { type Route, routes } from '../../functions/routes';

/** The handlers that send e-mail through SES (listing live mails, order e-mails, reminders). */
export const mailingHandlers: readonly string[] = [
  'listings/http/own/publish',
  'orders/transaction-stream',
  'orders/workflow/sweep-due',
];

/**
 * The handlers that put events on the bus, and the sources each may put (the `events:source`
 * condition of its role: grants.ts grantPublish). Only the finance outbox's publisher puts
 * `velo.finance`: every finance event is first an outbox item in the table.
 */
export const eventPublishers: Readonly<Record<string, readonly string[]>> = {
  'orders/transaction-stream': [eventSources.finance],
};

/** The search route: its own role (the snapshots and table reads only) and memory for the index. */
export const searchHandler = 'listings/http/search';

export const sendsMail = (handler: string): boolean => mailingHandlers.includes(handler);

/**
 * Whether a route handler only answers anonymous reads: every route it serves is a public GET, and
 * it is not a simulated provider's page (those keep the simulated provider's state in the table).
 * Its role is then read-only (route-roles.ts makeRouteRole), and the local gateway runs it read-only too
 * (infra/local/read-only.ts), so a public read that starts writing fails in the tests, not in AWS.
 */
export function isPublicRead(handler: string): boolean {
  return publicReadHandlers.has(handler);
}

/** Worked out once from the route table: the local gateway asks on every request. */
const publicReadHandlers: ReadonlySet<string> = new Set(
  [...new Set((routes as readonly Route[]).map((route) => route.handler))].filter((handler) => {
    const served = (routes as readonly Route[]).filter((route) => route.handler === handler);
    return (
      served.every((route) => route.auth === 'public' && route.method === 'GET') &&
      !handler.includes('/simulated/')
    );
  }),
);
