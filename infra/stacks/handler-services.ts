/**
 * Which handlers call which AWS services beyond the table, so each role gets only what its
 * functions use (issue 26). tests/infra/bundling.test.ts bundles every handler and checks both lists
 * against the bundles, both ways: a handler that reaches functions/lib/email.ts (SES) or
 * functions/lib/events.ts (EventBridge) is listed, and a listed one reaches it.
 */
import { eventSources } from '../../functions/event-rules';

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

export const sendsMail = (handler: string): boolean => mailingHandlers.includes(handler);
