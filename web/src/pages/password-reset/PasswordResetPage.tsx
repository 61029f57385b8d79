import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { messages } from '../../../../shared/errors/catalogue';
import { pages } from '../../../../shared/pages';
import { type PasswordResetValues, validatePasswordReset } from '../../../../shared/validation/account';
import { confirmPasswordReset } from '../../api/account';
import { submitErrors } from '../../api/errors';
import { EmailField, FormElement, FormError, SubmitButton, TextField } from '../../forms/fields';
import { NewPasswordField } from '../../forms/PasswordField';
import { StepHeading } from '../../lib/focus';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../authentication/auth-pages.css';

/** Ours: the API answers validation-invalid-value for a wrong or expired reset code. */
export const invalidResetCodeMessage = 'The code is wrong or has expired. Request a new one and try again.';

/** Password reset (§2, §4): e-mail, code and new password; in progress, success, error. */
export function PasswordResetPage() {
  useDocumentTitle('Choose a new password');
  const search = useSearch({ from: pages.passwordReset });
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <div className="page auth-page">
        <div className="auth-card">
          <StepHeading>Your password has been reset</StepHeading>
          <p>You can now log in with your new password.</p>
          <Link to={pages.login} className="button button-primary button-block">
            Log in
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = async (values: PasswordResetValues) => {
    try {
      await confirmPasswordReset({
        email: values.email.trim(),
        passwordResetToken: values.passwordResetToken.trim(),
        newPassword: values.newPassword,
      });
      setDone(true);
      return undefined;
    } catch (error) {
      return submitErrors(error, {
        fields: ['email', 'passwordResetToken', 'newPassword'],
        codes: {
          'validation-invalid-value': { field: 'passwordResetToken', message: invalidResetCodeMessage },
        },
        fallback: messages.passwordResetFailed,
      });
    }
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 id="reset-title">Choose a new password</h1>
        <p>Enter the code from the email we sent you and your new password.</p>
        <Form<PasswordResetValues>
          onSubmit={onSubmit}
          validate={validatePasswordReset}
          initialValues={{ email: search.email ?? '', passwordResetToken: search.code ?? '' }}
        >
          {({ handleSubmit, submitting, submitError }) => (
            <FormElement onSubmit={handleSubmit} aria-labelledby="reset-title">
              <EmailField />
              <TextField
                name="passwordResetToken"
                label="Code"
                autoComplete="one-time-code"
                inputMode="numeric"
                spellCheck={false}
                required
              />
              <NewPasswordField />
              <FormError error={submitError} />
              <SubmitButton inProgress={submitting} progressLabel="Resetting…">
                Reset password
              </SubmitButton>
            </FormElement>
          )}
        </Form>
        <p className="form-aside">
          No code? <Link to={pages.passwordRecovery}>Send a new one</Link>
        </p>
      </div>
    </div>
  );
}
