import { type ReactNode, useState } from 'react';
import { reportError } from '../observability/errors';
import { Modal } from './Modal';
import './dialog.css';

/**
 * A confirmation modal for an action that cannot be undone (delete the card, unlink PayPal, cancel
 * or mark received an order): Cancel (or `cancelLabel`, focused first) and the action; while it runs both are disabled and progress is
 * announced; a failure is reported with `errorTag`, shown, and the dialog stays open.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  failureMessage,
  errorTag,
  action,
  onDone,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves without acting ("Keep order" where "Cancel" would be ambiguous). */
  cancelLabel?: string;
  busyLabel: string;
  failureMessage: string;
  errorTag: string;
  action: () => Promise<unknown>;
  onDone: () => void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await action();
      onDone();
    } catch (failure) {
      reportError(failure, errorTag);
      setError(failureMessage);
      setBusy(false);
    }
  };
  return (
    <Modal title={title} closeLabel="Close" onClose={() => !busy && onClose()} className="centered-dialog">
      {children}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
          {cancelLabel}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {busy ? busyLabel : ''}
      </span>
    </Modal>
  );
}
