import { disputeOf } from '../../../shared/config/disputes';
import { deadlineFor, scaledWindowDeadline, timerSettingsFromEnv } from '../../../shared/process/deadlines';
import { getUser } from '../../accounts/repository';
import { notificationSettingsOf, type UserRecord } from '../../accounts/user-record';
import { sendEmail } from '../../lib/email';
import { siteOrigin } from '../../lib/site-origin';
import { keys } from '../../lib/table-design';
import { recordOnce } from '../../lib/writes';
import { protectedDataView, type TransactionRecord } from '../record';
import type { PlannedMail } from './decide';
import {
  categoryOf,
  type MailRole,
  type OrderFacts,
  operatorEmail,
  renderTemplate,
  type TemplateInput,
  type TemplateName,
} from './templates';

/** Markers are kept 90 days (AWS removes them by TTL; DynamoDB Local keeps them, which is harmless). */
const markerDays = 90;

/** The TTL of a marker written at `now` (epoch seconds). */
export function expiresAt(now: Date): number {
  return Math.floor(now.getTime() / 1000) + markerDays * 86_400;
}

/** A user who can get mail: has a profile, is neither banned nor deleted, has an address. */
export function mailable(user: UserRecord | undefined): user is UserRecord {
  return Boolean(user && !user.banned && !user.deleted && user.email);
}

/** Whether `user` wants mails of this template (order mails always go). */
export function wants(user: UserRecord, template: TemplateName): boolean {
  const category = categoryOf(template);
  if (category === 'order') return true;
  const settings = notificationSettingsOf(user);
  return category === 'message' ? settings.messages : settings.reminders;
}

/** The parties of an order, read once per mail batch. */
export interface Parties {
  customer: UserRecord | undefined;
  provider: UserRecord | undefined;
}

export async function partiesOf(tx: Pick<TransactionRecord, 'customerId' | 'providerId'>): Promise<Parties> {
  const [customer, provider] = await Promise.all([getUser(tx.customerId), getUser(tx.providerId)]);
  return { customer, provider };
}

/** The template input of `tx` for `role`. */
export function templateInput(
  tx: TransactionRecord,
  role: MailRole,
  parties: Parties,
  extra: Partial<TemplateInput> = {},
): TemplateInput {
  const recipient =
    role === 'customer' ? parties.customer : role === 'provider' ? parties.provider : undefined;
  const other = role === 'customer' ? parties.provider : role === 'provider' ? parties.customer : undefined;
  const nameOf = (user: UserRecord | undefined) => (mailable(user) ? user.displayName : undefined);
  const otherName = nameOf(other);
  const customerName = nameOf(parties.customer);
  const providerName = nameOf(parties.provider);
  return {
    transactionId: tx.id,
    role,
    siteOrigin: siteOrigin(),
    listingTitle: tx.listingSnapshot?.title ?? 'your order',
    ...(recipient?.firstName ? { recipientName: recipient.firstName } : {}),
    ...(otherName ? { otherPartyName: otherName } : {}),
    ...(customerName ? { customerName } : {}),
    ...(providerName ? { providerName } : {}),
    ...(tx.protectedData?.trackingNumber ? { trackingNumber: tx.protectedData.trackingNumber } : {}),
    ...disputeText(tx.protectedData),
    ...(tx.payinTotal ? { payinTotal: tx.payinTotal } : {}),
    ...(tx.payoutTotal ? { payoutTotal: tx.payoutTotal } : {}),
    ...(tx.lineItems ? { order: orderFacts(tx, role) } : {}),
    ...extra,
  };
}

/**
 * The order as `role`'s mails tell it: what `role` may see of the addresses (the same rule
 * as the order page: `protectedDataView`), and the deadlines from the order's entry times.
 */
export function orderFacts(tx: TransactionRecord, role: MailRole): OrderFacts {
  const timers = timerSettingsFromEnv(process.env);
  const seen = role === 'operator' ? {} : protectedDataView(tx, role);
  const shipBy = deadlineFor('purchased', tx.entered, timers, tx.orderData)?.dueAt;
  const cancelUntil = scaledWindowDeadline('cancel', 'customer', tx.entered, timers);
  const reportUntil = deadlineFor('delivered', tx.entered, timers, tx.orderData)?.dueAt;
  const refunded = tx.payment?.refundedAmount ?? tx.payment?.capturedAmount;
  return {
    lineItems: tx.lineItems,
    ...(tx.orderData.quantity ? { quantity: tx.orderData.quantity } : {}),
    ...(tx.orderData.deliveryMethod ? { deliveryMethod: tx.orderData.deliveryMethod } : {}),
    ...(tx.payment ? { paymentMethod: tx.payment.method } : {}),
    ...(seen.shippingDetails ? { shippingDetails: seen.shippingDetails } : {}),
    ...(seen.pickupLocation ? { pickupLocation: seen.pickupLocation } : {}),
    ...(tx.protectedData.carrier ? { carrier: tx.protectedData.carrier } : {}),
    ...(shipBy ? { shipBy } : {}),
    ...(cancelUntil ? { cancelUntil } : {}),
    ...(reportUntil ? { reportUntil } : {}),
    ...(refunded ? { refunded } : {}),
  };
}

export type SendOutcome = 'sent' | 'already-sent' | 'no-recipient' | 'turned-off';

/**
 * The marker `sendOnce` Puts before sending `mail` of `(txId, occasion)` to `recipientKey` (a user
 * id, or `operator`). Exported for the local demo history, whose old orders' mails count as sent.
 */
export function sentMarkerItem(
  txId: string,
  occasion: string,
  mail: PlannedMail,
  recipientKey: string,
  at: Date,
) {
  return {
    ...keys.notificationSent(txId, `${occasion}#${mail.template}#${recipientKey}`),
    entity: 'notification-sent' as const,
    transactionId: txId,
    template: mail.template,
    to: mail.to,
    createdAt: at.toISOString(),
    expiresAt: expiresAt(at),
  };
}

/**
 * Sends `template` to `to` at most once for `(txId, occasion, template, recipient)`: Put the marker
 * if not exists, then send; a failed send deletes the marker and rethrows.
 */
export async function sendOnce(
  tx: TransactionRecord,
  occasion: string,
  mail: PlannedMail,
  parties: Parties,
  options: { now?: Date; extra?: Partial<TemplateInput> } = {},
): Promise<SendOutcome> {
  const now = options.now ?? new Date();
  let address: string;
  let recipientKey: string;
  if (mail.to === 'operator') {
    address = operatorEmail();
    recipientKey = 'operator';
  } else {
    const user = mail.to === 'customer' ? parties.customer : parties.provider;
    if (!mailable(user)) return 'no-recipient';
    if (!wants(user, mail.template)) return 'turned-off';
    address = user.email;
    recipientKey = user.id;
  }
  const once = await recordOnce(sentMarkerItem(tx.id, occasion, mail, recipientKey, now), () =>
    sendEmail({
      to: address,
      ...renderTemplate(mail.template, templateInput(tx, mail.to, parties, options.extra)),
    }),
  );
  if (once.duplicate) return 'already-sent';
  return 'sent';
}

/** The dispute in words for the mails: the reason's label, then the buyer's details (issue 25). */
function disputeText(data: TransactionRecord['protectedData'] | undefined): { disputeReason?: string } {
  const dispute = data && disputeOf(data);
  if (!dispute) return {};
  return {
    disputeReason: dispute.details ? `${dispute.reasonLabel}: ${dispute.details}` : dispute.reasonLabel,
  };
}
