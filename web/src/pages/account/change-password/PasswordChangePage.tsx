import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { messages } from '../../../../../shared/errors/catalogue';
import { type PasswordChangeValues, validatePasswordChange } from '../../../../../shared/validation/account';
import { changePassword } from '../../../api/account';
import { submitErrors } from '../../../api/errors';
import { FormElement, FormError, SubmitButton } from '../../../forms/fields';
import { NewPasswordField, PasswordField } from '../../../forms/PasswordField';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';

/** Password change [auth] (§2, §4): current and new password; success state passwordChanged. */
export const passwordChangeErrorRules = {
  'validation-invalid-value': { field: 'currentPassword', message: messages.wrongPassword },
} as const;

function PasswordChanged() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <p ref={ref} tabIndex={-1} className="form-success">
      Your password has been changed.
    </p>
  );
}

export function PasswordChangePage() {
  useDocumentTitle('Change password');
  const [passwordChanged, setPasswordChanged] = useState(false);
  // A new key gives a fresh, empty form after a change.
  const [formKey, setFormKey] = useState(0);
  const onSubmit = async (values: PasswordChangeValues) => {
    setPasswordChanged(false);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    } catch (error) {
      return submitErrors(error, {
        fields: ['currentPassword', 'newPassword'],
        codes: passwordChangeErrorRules,
      });
    }
    setPasswordChanged(true);
    setFormKey((key) => key + 1);
    return undefined;
  };
  return (
    <>
      <h1 id="password-title">Password</h1>
      <div role="status" className="form-status">
        {passwordChanged ? <PasswordChanged /> : null}
      </div>
      <Form<PasswordChangeValues> key={formKey} onSubmit={onSubmit} validate={validatePasswordChange}>
        {({ handleSubmit, submitting, submitError }) => (
          <FormElement onSubmit={handleSubmit} aria-labelledby="password-title">
            <PasswordField name="currentPassword" label="Current password" autoComplete="current-password" />
            <NewPasswordField />
            <FormError error={submitError} />
            <SubmitButton inProgress={submitting} progressLabel="Changing…" className="button button-primary">
              Change password
            </SubmitButton>
          </FormElement>
        )}
      </Form>
    </>
  );
}
