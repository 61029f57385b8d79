/**
 * Transfers (paying the seller): to a connected account whose transfers capability is active,
 * funded by the order's captured charge, never more than what the charge has left.
 */

import {
  CardProcessorError,
  type CreateTransferInput,
  type ProviderTransfer,
  toProviderTransfer,
} from '../port';
import { requirePositiveAmount } from './amounts';
import { newId, type Of } from './objects';
import { getObject, idempotently, requireObject } from './store';

export async function createTransfer(input: CreateTransferInput): Promise<ProviderTransfer> {
  const transfer = await idempotently(input.idempotencyKey, 'transfer', 'transfer', () => newTransfer(input));
  return toProviderTransfer(transfer);
}

async function newTransfer(input: CreateTransferInput): Promise<Of<'transfer'>> {
  const currency = input.currency.toLowerCase();
  requirePositiveAmount(input.amount);
  const account = await requireObject('account', input.destination, 'account');
  if (account.capabilities?.transfers !== 'active') {
    throw new CardProcessorError(
      'invalid_request_error',
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      { code: 'insufficient_capabilities_for_transfer', param: 'destination', statusCode: 400 },
    );
  }
  const charge = await requireObject('charge', input.sourceTransaction, 'charge');
  const intent = await requireObject('payment_intent', charge.payment_intent, 'payment_intent');
  if (intent.status !== 'succeeded') {
    throw new CardProcessorError(
      'invalid_request_error',
      `The charge ${charge.id} has not been captured; a transfer can only be funded by a captured charge.`,
      { code: 'charge_not_captured', param: 'source_transaction', statusCode: 400 },
    );
  }
  if (currency !== charge.currency) {
    throw new CardProcessorError(
      'invalid_request_error',
      `The currency of source_transaction's balance transaction (${charge.currency}) must be the same as the transfer currency (${currency}).`,
      { code: 'parameter_invalid_string', param: 'currency', statusCode: 400 },
    );
  }
  if (input.amount > intent.amount_received - intent.amount_refunded) {
    throw new CardProcessorError(
      'invalid_request_error',
      `The transfer amount (${input.amount}) exceeds the source transaction's available amount (${intent.amount_received - intent.amount_refunded}).`,
      { code: 'balance_insufficient', param: 'amount', statusCode: 400 },
    );
  }
  const transfer: Of<'transfer'> = {
    id: newId('tr'),
    object: 'transfer',
    amount: input.amount,
    currency,
    destination: input.destination,
    source_transaction: charge.id,
    transfer_group: input.transferGroup,
  };
  return transfer;
}

/** A transfer as stored (Stripe's shape: destination, source_transaction, transfer_group), for tests. */
export async function transferObject(transferId: string): Promise<Of<'transfer'> | undefined> {
  return getObject('transfer', transferId);
}
