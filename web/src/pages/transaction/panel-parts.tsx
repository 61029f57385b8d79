import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * What the order page's panels (actions, messages) share: their state, changed a patch at a time;
 * the message of a failed action, announced and focused; a button that shows its progress.
 */

/** State of a panel: `initial` over the defaults (tests, restored pages); `update` merges a patch. */
export function usePanelState<T extends object>(defaults: T, initial: Partial<T> | undefined) {
  const [state, setState] = useState<T>({ ...defaults, ...initial });
  const update = (patch: Partial<T>) => setState((current) => ({ ...current, ...patch }));
  return [state, update, setState] as const;
}

/** The message of a failed action: announced, and focused so keyboard users land on it. */
export function FocusedError({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again when the message changes
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <p ref={ref} className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  );
}

/** A button whose text becomes its progress label (and aria-busy) while its action runs. */
export function ProgressButton({
  type = 'button',
  className,
  pending,
  disabled,
  progressLabel,
  onClick,
  children,
}: {
  type?: 'button' | 'submit';
  className: string;
  pending: boolean;
  disabled: boolean;
  progressLabel: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type={type}
      className={className}
      disabled={disabled}
      aria-busy={pending || undefined}
      {...(onClick ? { onClick } : {})}
    >
      {pending ? progressLabel : children}
    </button>
  );
}
