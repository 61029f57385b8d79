import type { FieldErrors } from '../../../../../shared/validation/core';
import type { ShipmentValues } from '../../../../../shared/validation/orders';
import type { ActionKind, ActionSpec } from '../view';
import type { DisputePhotoDraft } from './dispute-photos';

/** What the panel shows; `initial` lets a test (or a restored page) start from a given state. */
export interface ActionsState {
  pending: ActionKind | null;
  error: { kind: ActionKind; message: string } | null;
  carrier: string;
  trackingNumber: string;
  /** The dispute's reason id (shared/config/disputes.ts), its details and its photos (issue 25). */
  disputeReason: string;
  disputeDetails: string;
  disputePhotos: DisputePhotoDraft[];
  disputeOpen: boolean;
  /** A field message shown after a submit with invalid input (the dispute reason). */
  fieldError: { kind: ActionKind; message: string } | null;
  /** The dispute form's messages by field after a submit with invalid input. */
  disputeErrors: Partial<Record<'disputeReason' | 'disputeDetails' | 'disputePhotos', string>> | null;
  /** The shipment fields' messages after a submit with invalid input. */
  shipmentErrors: FieldErrors<ShipmentValues> | null;
}

export const emptyState: ActionsState = {
  pending: null,
  error: null,
  carrier: '',
  trackingNumber: '',
  disputeReason: '',
  disputeDetails: '',
  disputePhotos: [],
  disputeOpen: false,
  fieldError: null,
  disputeErrors: null,
  shipmentErrors: null,
};

/** The tag a failed action is reported with. */
export const errorTags: Record<ActionKind, string> = {
  'mark-delivered': 'mark-delivered-failed',
  'mark-received': 'mark-received-failed',
  dispute: 'dispute-failed',
  cancel: 'cancel-failed',
  'cancel-payment': 'cancel-payment-failed',
};

/** What the panel hands each action group that types or submits: the one state, and the runner. */
export interface ActionGroupProps {
  action: ActionSpec;
  state: ActionsState;
  update: (patch: Partial<ActionsState>) => void;
  /** Runs the action (its progress, its §8 message, then `onApplied`). */
  onRun: (action: ActionSpec) => void;
}
