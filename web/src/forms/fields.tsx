import { type FormEvent, type ReactNode, useId, useRef } from 'react';
import { useField } from 'react-final-form';
import type { Validator } from '../../../shared/validation/core';
import './forms.css';

/**
 * Form building blocks on react-final-form. Fields are labelled, their messages are linked with
 * aria-describedby, and a message shows only after the field was touched (left, or the form
 * submitted). Server messages (submission errors) show until the field is edited again.
 */

interface FieldBaseProps {
  name: string;
  label: string;
  hint?: ReactNode;
  validate?: Validator<unknown>;
  autoComplete?: string;
  className?: string;
  /** Marks the field as required for assistive technology (validation gives the messages). */
  required?: boolean;
}

interface TextFieldProps extends FieldBaseProps {
  type?: 'text' | 'email' | 'password' | 'tel';
  inputMode?: 'text' | 'email' | 'numeric' | 'decimal' | 'tel';
  format?: (value: string) => string;
  parse?: (value: string) => string;
  maxLength?: number;
  /**
   * Counts the characters against this limit ("42/60" under the field) instead of cutting the
   * typing at it: past the limit the field's own message (its validator's max-length one) shows at
   * once, untouched or not, so nothing typed is silently lost. Use it instead of `maxLength`.
   */
  countTo?: number;
  autoFocus?: boolean;
  spellCheck?: boolean;
  /** The id of a `<datalist>` whose options the browser suggests while typing. */
  list?: string;
}

export function useFieldMessage(
  name: string,
  options: Parameters<typeof useField>[1],
  /** Shows the message before the field is touched (a counted field past its limit). */
  showNow = (_value: string | undefined) => false,
) {
  const field = useField<string>(name, options);
  const { meta } = field;
  const serverError =
    typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit ? meta.submitError : undefined;
  const message =
    meta.touched || showNow(field.input.value)
      ? ((meta.error as string | undefined) ?? serverError)
      : undefined;
  return { ...field, message };
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** The frame every field shares: label, optional hint, the control, and its message, linked for assistive tech. */
export function FieldFrame({
  id: idProp,
  label,
  hint,
  message,
  className,
  control,
  after,
}: {
  /** A fixed id for the control (e.g. a field repeated on one page); generated otherwise. */
  id?: string | undefined;
  label: string;
  hint?: ReactNode;
  message: string | undefined;
  className?: string | undefined;
  control: (ids: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
  /** Shown right under the control (a character count), described by its id `${id}-after`. */
  after?: ReactNode;
}) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const hintId = hint ? `${id}-hint` : undefined;
  const afterId = after ? `${id}-after` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedByIds = describedBy(hintId, afterId, errorId);
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {control({
        id,
        ...(message ? { 'aria-invalid': true as const } : {}),
        ...(describedByIds ? { 'aria-describedby': describedByIds } : {}),
      })}
      {after ? (
        <p id={afterId} className="field-after">
          {after}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="field-error">
          {message}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  name,
  label,
  hint,
  validate,
  type = 'text',
  format,
  parse,
  className,
  required,
  countTo,
  ...inputProps
}: TextFieldProps) {
  const isOver = (value: string | undefined) => countTo !== undefined && (value ?? '').length > countTo;
  const { input, message } = useFieldMessage(
    name,
    {
      ...(validate ? { validate } : {}),
      ...(format ? { format: (value: string | undefined) => format(value ?? '') } : {}),
      ...(parse ? { parse: (value: string) => parse(value) } : {}),
    },
    isOver,
  );
  const count = (input.value ?? '').length;
  return (
    <FieldFrame
      label={label}
      hint={hint}
      message={message}
      className={className}
      after={
        countTo === undefined ? undefined : (
          <span className={isOver(input.value) ? 'field-count field-count-over' : 'field-count'}>
            {count}/{countTo}
            <span className="visually-hidden"> characters</span>
          </span>
        )
      }
      control={(ids) => (
        <input
          {...input}
          {...inputProps}
          {...ids}
          value={input.value ?? ''}
          type={type}
          aria-required={required ? true : undefined}
        />
      )}
    />
  );
}

interface TextAreaFieldProps extends FieldBaseProps {
  rows?: number;
}

export function TextAreaField({
  name,
  label,
  hint,
  validate,
  rows = 5,
  className,
  required,
}: TextAreaFieldProps) {
  const { input, message } = useFieldMessage(name, validate ? { validate } : {});
  return (
    <FieldFrame
      label={label}
      hint={hint}
      message={message}
      className={className}
      control={(ids) => (
        <textarea
          {...input}
          {...ids}
          value={input.value ?? ''}
          rows={rows}
          aria-required={required ? true : undefined}
        />
      )}
    />
  );
}

/** The e-mail field every account form has. */
export function EmailField({ name = 'email', label = 'Email', ...props }: Partial<TextFieldProps>) {
  return (
    <TextField
      {...props}
      name={name}
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      required
    />
  );
}

/** A message for the whole form (a failed request), announced when it appears. */
export function FormError({ error }: { error: unknown }) {
  if (typeof error !== 'string' || !error) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}

/** A submit button that is disabled and shows its progress while the form is being sent. */
export function SubmitButton({
  inProgress,
  progressLabel,
  children,
  disabled = false,
  className = 'button button-primary button-block',
}: {
  inProgress: boolean | undefined;
  progressLabel: string;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <>
      <button
        type="submit"
        className={className}
        disabled={Boolean(inProgress) || disabled}
        aria-busy={Boolean(inProgress)}
      >
        {inProgress ? (
          <>
            <span className="button-spinner" aria-hidden="true" />
            {progressLabel}
          </>
        ) : (
          children
        )}
      </button>
      <span className="visually-hidden" role="status">
        {inProgress ? progressLabel : ''}
      </span>
    </>
  );
}

/**
 * A <form> for react-final-form's handleSubmit. The browser's own validation is off (the spec's
 * messages come from our validators); after a submit that left errors, focus moves to the first
 * invalid field.
 */
export function FormElement({
  onSubmit,
  children,
  className = 'form',
  'aria-labelledby': labelledBy,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<unknown> | undefined;
  children: ReactNode;
  className?: string;
  'aria-labelledby'?: string;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    await onSubmit(event);
    requestAnimationFrame(() => {
      ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };
  return (
    <form ref={ref} className={className} noValidate onSubmit={submit} aria-labelledby={labelledBy}>
      {children}
    </form>
  );
}
