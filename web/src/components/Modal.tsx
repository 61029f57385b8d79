import { type ReactNode, useEffect, useId, useRef } from 'react';
import { holdDocumentForDialog } from '../lib/dialog-document';
import './modal.css';

/**
 * A full-screen dialog (the mobile menu and search, §2): labelled by its title, focus moves into it
 * on open (to the element marked `data-autofocus`, else the first input) and back to where it was on close; Escape, the close button, a click on the backdrop and
 * focus leaving it (Tab past the last item: the spec's "closes on blur") all close it.
 */
export function Modal({
  title,
  titleHidden = false,
  closeLabel,
  onClose,
  children,
  className = '',
}: {
  title: string;
  titleHidden?: boolean;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus], input') ?? dialog;
    first?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog?.contains(event.target)) onCloseRef.current();
    };
    const release = holdDocumentForDialog({ keydown: onKeyDown, focusin: onFocusIn });
    return () => {
      release();
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div
      className="modal-backdrop"
      onPointerDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        className={`modal ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId} className={titleHidden ? 'visually-hidden' : 'modal-title'}>
            {title}
          </h2>
          <button type="button" className="modal-close" onClick={onClose}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{closeLabel}</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
