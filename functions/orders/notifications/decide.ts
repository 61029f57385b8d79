/**
 * Which e-mails a transition calls for, as data: the stream consumer
 * (functions/orders/notifications/stream.ts) asks this for every new version of a transaction.
 * Pure, so it is unit-tested on its own.
 */
import { mailsOf } from '../../../shared/process/effects';
import type { MailRole, TemplateName } from './templates';

export interface PlannedMail {
  template: TemplateName;
  to: MailRole;
}

/**
 * The mails of transition `name` (the one that made the new version), as the process declares them
 * (shared/process/effects.ts): new order to the seller and order confirmed to the buyer on
 * confirm-payment; payment expired to the buyer (expire-payment, cancel-payment); shipped to the
 * buyer on mark-delivered; received to both; canceled and refunded to both on every cancel path;
 * dispute opened to both and the operator; review requests to both on entering `completed`; reviews
 * published to both on entering `reviewed`. request-payment, the first review and enquire send
 * nothing (the enquiry mail waits for the buyer's question: functions/orders/notifications/stream.ts).
 */
export function mailsForTransition(name: string): PlannedMail[] {
  // Copies, typed by the templates: every mail the process declares must have one.
  return mailsOf(name).map((mail) => ({ template: mail.template, to: mail.to }));
}
