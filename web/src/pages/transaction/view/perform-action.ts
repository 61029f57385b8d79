/** Applying an action: the API calls each one takes (§4), kept apart from React for the unit tests. */
import type {
  DisbursePaypalFundsRequest,
  TransactionView,
  TransitionPrivilegedRequest,
  TransitionRequest,
} from '../../../../../shared/api/transactions';
import { isCarrierId } from '../../../../../shared/config/carriers';
import { trackingNumberOf } from '../../../../../shared/validation/orders';
import type { ActionSpec } from './actions';

export interface TransitionApi {
  transition(id: string, body: TransitionRequest): Promise<unknown>;
  transitionPrivileged(body: TransitionPrivilegedRequest): Promise<unknown>;
  disbursePaypalFunds(body: DisbursePaypalFundsRequest): Promise<{ paypalDisbursementId: string }>;
}

export interface ActionInput {
  carrier?: string;
  trackingNumber?: string;
  disputeReason?: string;
  disputeDetails?: string;
  /** The upload ids of the dispute's photos, in order. */
  disputePhotos?: string[];
}

/** Thrown when a PayPal order lacks the capture id the disbursement needs. */
export class MissingPaypalTransactionError extends Error {
  override readonly name = 'MissingPaypalTransactionError';
}

/**
 * Applies an action with the calls the design names (§4): mark shipped, dispute and cancel payment
 * through the non-privileged route, mark received and cancel privileged; a PayPal order is disbursed first and
 * mark received carries the disbursement id. Every call sends the version the page showed.
 */
export async function performAction(
  api: TransitionApi,
  tx: Pick<TransactionView, 'id' | 'version' | 'paymentMethod' | 'protectedData'>,
  action: Pick<ActionSpec, 'kind' | 'transition'>,
  input: ActionInput = {},
): Promise<void> {
  const expectedVersion = tx.version;
  switch (action.kind) {
    case 'mark-delivered': {
      const trackingNumber = trackingNumberOf(input.trackingNumber);
      const carrier = isCarrierId(input.carrier) ? input.carrier : undefined;
      await api.transition(tx.id, {
        transition: action.transition,
        expectedVersion,
        params: {
          protectedData: {
            ...(carrier ? { carrier } : {}),
            ...(trackingNumber ? { trackingNumber } : {}),
          },
        },
      });
      return;
    }
    case 'dispute':
      await api.transition(tx.id, {
        transition: action.transition,
        expectedVersion,
        params: {
          protectedData: {
            disputeReason: (input.disputeReason ?? '').trim(),
            disputeDetails: (input.disputeDetails ?? '').trim(),
            disputePhotos: input.disputePhotos ?? [],
          },
        },
      });
      return;
    case 'mark-received': {
      if (tx.paymentMethod === 'paypal') {
        const paypalTransactionId = tx.protectedData.paypalTransactionId;
        if (!paypalTransactionId) throw new MissingPaypalTransactionError('No PayPal capture on this order');
        const { paypalDisbursementId } = await api.disbursePaypalFunds({
          paypalTransactionId,
          sharetribeTransactionId: tx.id,
        });
        await api.transitionPrivileged({
          transactionId: tx.id,
          transition: action.transition,
          expectedVersion,
          params: { paypalDisbursementId },
        });
        return;
      }
      await api.transitionPrivileged({
        transactionId: tx.id,
        transition: action.transition,
        expectedVersion,
      });
      return;
    }
    case 'cancel-payment':
      // A party's own transition (not privileged): nothing was charged, so no money moves here.
      await api.transition(tx.id, { transition: action.transition, expectedVersion });
      return;
    case 'cancel':
      await api.transitionPrivileged({
        transactionId: tx.id,
        transition: action.transition,
        expectedVersion,
      });
      return;
  }
}
