import { type ReactNode, useId } from 'react';
import { useField } from 'react-final-form';
import { fieldMessage } from '../../forms/AddressFields';

/**
 * The checkout's form pieces shared by its sections: a radio option and a radio group (the address
 * fields are web/src/forms/AddressFields.tsx, shared with the contact details page).
 */

/** One radio option of a react-final-form radio group. */
export function Radio({ name, value, children }: { name: string; value: string; children: ReactNode }) {
  const { input } = useField(name, { type: 'radio', value });
  return (
    <label className="radio-option checkout-radio">
      <input {...input} type="radio" />
      {children}
    </label>
  );
}

/** A radio group in a fieldset; its message is linked to the group. */
export function RadioGroup({
  name,
  legend,
  children,
}: {
  name: string;
  legend: string;
  children: ReactNode;
}) {
  const id = useId();
  const { meta } = useField(name, {
    subscription: { touched: true, error: true, submitError: true, dirtySinceLastSubmit: true },
  });
  const message = fieldMessage(meta);
  return (
    <fieldset
      className="checkout-fieldset checkout-radios"
      aria-describedby={message ? `${id}-error` : undefined}
      aria-invalid={message ? true : undefined}
    >
      <legend>{legend}</legend>
      {children}
      {message ? (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
