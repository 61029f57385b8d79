import type { ReactNode } from 'react';
import type { TransactionView } from '../../../../../shared/api/transactions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FocusedError, ProgressButton } from '../panel-parts';
import { type ActionKind, type ActionSpec, actionErrorMessage } from '../view';
import { type ActionsState, errorTags } from './actions-state';

/** The button of an action: its progress while it runs; disabled while any action runs. */
export function ActionButton({
  action,
  pending,
  ...props
}: {
  action: ActionSpec;
  pending: ActionKind | null;
  type?: 'submit';
  className: string;
  onClick?: () => void;
}) {
  return (
    <ProgressButton
      {...props}
      pending={pending === action.kind}
      disabled={pending !== null}
      progressLabel={action.progressLabel}
    >
      {action.label}
    </ProgressButton>
  );
}

/** The §8 message of the failed action, when it is this one. */
export function ActionError({ error, kind }: { error: ActionsState['error']; kind: ActionKind }) {
  return error?.kind === kind ? <FocusedError message={error.message} /> : null;
}

/** A confirmation's words: its title, its two buttons, and what the action does. */
export interface Confirmation {
  title: string;
  confirmLabel: string;
  cancelLabel: string;
  Body: (props: { action: ActionSpec; transaction: TransactionView }) => ReactNode;
}

/**
 * Asks before an action that cannot be undone (cancel; mark received, which pays the seller); the
 * action itself then runs on the page's button (its progress, its §8 message).
 */
export function ActionConfirmation({
  action,
  transaction,
  confirmation: { Body, ...labels },
  onConfirmed,
  onClose,
}: {
  action: ActionSpec;
  transaction: TransactionView;
  confirmation: Confirmation;
  onConfirmed: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      {...labels}
      busyLabel={action.progressLabel}
      failureMessage={actionErrorMessage(action.transition, undefined)}
      errorTag={errorTags[action.kind]}
      action={() => Promise.resolve()}
      onDone={onConfirmed}
      onClose={onClose}
    >
      <Body action={action} transaction={transaction} />
    </ConfirmDialog>
  );
}
