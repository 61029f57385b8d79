import { type ReactNode, useId } from 'react';
import { useField } from 'react-final-form';
import type { Validator } from '../../../shared/validation/core';
import { FieldFrame } from '../forms/fields';
import './choice-fields.css';

/**
 * Select and checkbox fields for react-final-form forms, in the forms' frame (forms.css): labelled,
 * the message linked with aria-describedby and shown after touch (or after a failed save until the
 * field changes), aria-invalid on the control so a submit can focus it.
 */

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectOptionGroup {
  label: string;
  options: readonly SelectOption[];
}

function fieldMessage(meta: {
  touched?: boolean | undefined;
  error?: unknown;
  submitError?: unknown;
  dirtySinceLastSubmit?: boolean | undefined;
}): string | undefined {
  const serverError =
    typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit ? meta.submitError : undefined;
  return meta.touched ? ((meta.error as string | undefined) ?? serverError) : undefined;
}

/** A select with a "Choose…" first option; `options` or `groups` (shown as optgroups). */
export function SelectField({
  name,
  label,
  hint,
  validate,
  required,
  placeholder = 'Choose…',
  options,
  groups,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  validate?: Validator<unknown>;
  required?: boolean;
  placeholder?: string;
  options?: readonly SelectOption[];
  groups?: readonly SelectOptionGroup[];
}) {
  const { input, meta } = useField<string>(name, validate ? { validate } : {});
  return (
    <FieldFrame
      label={label}
      hint={hint}
      message={fieldMessage(meta)}
      className="select-field"
      control={(ids) => (
        <select {...input} {...ids} value={input.value ?? ''} aria-required={required ? true : undefined}>
          <option value="">{placeholder}</option>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {groups?.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    />
  );
}

/** One checkbox with its label after it; a boolean field (`value` unset) or one value of an array field. */
export function CheckboxField({
  name,
  label,
  value,
  invalid,
  describedBy,
}: {
  name: string;
  label: ReactNode;
  value?: string;
  /** Marks the box invalid (a group's message): a submit then focuses it. */
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const id = useId();
  const { input } = useField(name, { type: 'checkbox', ...(value !== undefined ? { value } : {}) });
  return (
    <div className="checkbox-field">
      <input
        {...input}
        id={id}
        type="checkbox"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/**
 * A group of checkboxes of one array field (`name`), in a fieldset with a legend; the field's
 * message is linked to the group and its first box.
 */
export function CheckboxGroupField({
  name,
  legend,
  hint,
  options,
  validate,
}: {
  name: string;
  legend: string;
  hint?: ReactNode;
  options: readonly SelectOption[];
  validate?: Validator<unknown>;
}) {
  const id = useId();
  const { meta } = useField<string[]>(name, {
    subscription: { touched: true, error: true, submitError: true, dirtySinceLastSubmit: true },
    ...(validate ? { validate } : {}),
  });
  const message = fieldMessage(meta);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="checkbox-group" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <div className="checkbox-group-options">
        {options.map((option, index) => (
          <CheckboxField
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            invalid={Boolean(message) && index === 0}
          />
        ))}
      </div>
      {message ? (
        <p id={errorId} className="field-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
