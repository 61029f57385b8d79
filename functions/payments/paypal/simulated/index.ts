/**
 * The simulated PayPal: PayPal's behaviour without PayPal, for local runs, tests and deployments
 * without keys. State lives in the table (`SIMPAYPAL#…`, conditional writes); webhooks are signed
 * with its own shared secret (webhooks.ts). Its parts: merchant onboarding (onboarding.ts), checkout
 * orders (orders.ts), and a capture's payout or refund (captures.ts).
 */

import type { PaypalOrder, PaypalPort } from '../port';
import { disburseCapture, refundCapture } from './captures';
import { createPartnerReferral, merchantIdByTrackingId, merchantStatus } from './onboarding';
import {
  approveSimulatedOrder,
  cancelSimulatedOrder,
  captureSimulatedOrder,
  createSimulatedOrder,
  getSimulatedOrder,
} from './orders';
import { verifyWebhook } from './webhooks';

export {
  integrationOf,
  type SimulatedMerchant,
  type SimulatedOnboardingOptions,
  simulatedMerchant,
  simulatedOnboard,
  simulatedOnboardingPath,
} from './onboarding';
export { approveSimulatedOrder, cancelSimulatedOrder } from './orders';
export { simulatedWebhook } from './webhooks';

/** The simulated PayPal with the buyer's side of the popup (approve or cancel), for the simulated checkout. */
export interface SimulatedPaypalPort extends PaypalPort {
  readonly mode: 'simulated';
  /** The buyer approves the order in the (simulated) PayPal popup: CREATED → APPROVED. */
  approveOrder(orderId: string): Promise<PaypalOrder>;
  /** The buyer cancels in the (simulated) popup: CREATED or APPROVED → VOIDED. */
  cancelOrder(orderId: string): Promise<PaypalOrder>;
}

/** The simulated PayPal: state in the table, webhooks signed with its own shared secret. */
export function simulatedPaypalAdapter(): SimulatedPaypalPort {
  return {
    mode: 'simulated',
    createPartnerReferral,
    merchantIdByTrackingId,
    merchantStatus,
    verifyWebhook,
    createOrder: createSimulatedOrder,
    getOrder: getSimulatedOrder,
    captureOrder: captureSimulatedOrder,
    disburse: disburseCapture,
    refundCapture,
    approveOrder: approveSimulatedOrder,
    cancelOrder: cancelSimulatedOrder,
  };
}
