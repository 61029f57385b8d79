import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { pages } from '../../../../shared/pages';
import { validatePasswordRecovery } from '../../../../shared/validation/account';
import { requestPasswordReset } from '../../api/account';
import { submitErrors } from '../../api/errors';
import { EmailField, FormElement, FormError, SubmitButton } from '../../forms/fields';
import { StepHeading } from '../../lib/focus';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../authentication/auth-pages.css';

/**
 * Password recovery (§2, §4): request → "check your e-mail" naming the address (passwordRequested),
 * with a link to type the e-mail again; errors, including an unknown address, keep what was typed.
 */
export const recoveryErrorRules = {
  'email-not-found': { field: 'email', message: apiErrors['email-not-found'].title },
} as const;

export function PasswordRecoveryPage() {
  useDocumentTitle('Reset your password');
  // The address the code went to; the form's values survive "retype", so the address stays editable.
  const [requestedFor, setRequestedFor] = useState<string | null>(null);
  const [email, setEmail] = useState('');

  if (requestedFor) {
    return (
      <div className="page auth-page">
        <div className="auth-card">
          <StepHeading>Check your email</StepHeading>
          <p>
            We sent a code to <strong>{requestedFor}</strong>. Use it to choose a new password.
          </p>
          <Link
            to={pages.passwordReset}
            search={{ email: requestedFor }}
            className="button button-primary button-block"
          >
            Enter the code
          </Link>
          <p className="form-aside">
            Wrong address?{' '}
            <button type="button" className="link-button" onClick={() => setRequestedFor(null)}>
              Type your email again
            </button>
          </p>
        </div>
      </div>
    );
  }

  const onSubmit = async (values: { email: string }) => {
    const address = values.email.trim();
    try {
      const sentTo = await requestPasswordReset(address);
      setEmail(address);
      setRequestedFor(sentTo);
      return undefined;
    } catch (error) {
      return submitErrors(error, {
        fields: ['email'],
        codes: recoveryErrorRules,
        fallback: messages.somethingWentWrong,
      });
    }
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 id="recover-title">Forgot your password?</h1>
        <p>Enter the email address you signed up with. We will send you a code to choose a new password.</p>
        <Form<{ email: string }>
          onSubmit={onSubmit}
          validate={validatePasswordRecovery}
          initialValues={{ email }}
        >
          {({ handleSubmit, submitting, submitError }) => (
            <FormElement onSubmit={handleSubmit} aria-labelledby="recover-title">
              <EmailField />
              <FormError error={submitError} />
              <SubmitButton inProgress={submitting} progressLabel="Sending…">
                Send the code
              </SubmitButton>
            </FormElement>
          )}
        </Form>
        <p className="form-aside">
          Remembered it? <Link to={pages.login}>Log in</Link>
        </p>
      </div>
    </div>
  );
}
