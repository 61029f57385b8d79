/**
 * The Stripe-shaped objects the simulated card provider keeps (one `SIMSTRIPE#<id>` item each, the
 * object in `data`): Stripe's field names, so the real adapter's mapping in port.ts reads them too.
 */

import { randomBytes } from 'node:crypto';
import type { PayoutAccountType } from '../../../../shared/api/payments';
import type { BankAccountTokenParams } from '../../../../shared/validation/payout';
import type { AccountObject, PaymentIntentStatus } from '../port';

export type SimObject =
  | (AccountObject & { object: 'account' })
  | { id: string; object: 'token'; kind: 'bank_account'; used: boolean; params: BankAccountTokenParams }
  | { id: string; object: 'token'; kind: 'account'; used: boolean; business_type: PayoutAccountType }
  | { id: string; object: 'customer'; email: string; metadata: Record<string, string> }
  | {
      id: string;
      object: 'setup_intent';
      customer: string;
      status: string;
      client_secret: string;
      payment_method?: string;
    }
  | {
      id: string;
      object: 'payment_method';
      customer: string | null;
      card: { brand: string; last4: string; exp_month: number; exp_year: number };
    }
  | {
      id: string;
      object: 'payment_intent';
      amount: number;
      /** Lower case, as Stripe. */
      currency: string;
      status: PaymentIntentStatus;
      client_secret: string;
      capture_method: 'manual';
      customer: string | null;
      payment_method: string | null;
      latest_charge: string | null;
      amount_received: number;
      amount_refunded: number;
      setup_future_usage: 'off_session' | null;
      transfer_group: string;
      metadata: Record<string, string>;
      last_payment_error: { type: string; code: string; message: string } | null;
      cancellation_reason: string | null;
      /** The idempotency keys of the capture, the cancellation and the refund (a retry answers the same). */
      sim_capture_key?: string;
      sim_cancel_key?: string;
      sim_refund?: { key: string; id: string };
    }
  | {
      id: string;
      object: 'charge';
      amount: number;
      currency: string;
      payment_intent: string;
      transfer_group: string;
    }
  | {
      id: string;
      object: 'refund';
      amount: number;
      currency: string;
      payment_intent: string;
      charge: string;
      status: string;
    }
  | {
      id: string;
      object: 'transfer';
      amount: number;
      currency: string;
      destination: string;
      source_transaction: string;
      transfer_group: string;
    }
  | {
      id: string;
      object: 'account_link';
      account: string;
      type: string;
      refresh_url: string;
      return_url: string;
      expires_at: number;
      used: boolean;
    };

/** One kind of object, by its `object` field. */
export type Of<K extends SimObject['object']> = Extract<SimObject, { object: K }>;

/** A Stripe-looking id with its prefix (acct, pi, ch…); `_sim` marks it simulated. */
export const newId = (prefix: string) => `${prefix}_sim${randomBytes(12).toString('hex')}`;
