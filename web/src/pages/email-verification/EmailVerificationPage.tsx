import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { messages } from '../../../../shared/errors/catalogue';
import { required } from '../../../../shared/validation/core';
import { passwordResetMessages } from '../../../../shared/validation/messages';
import { sendVerificationEmail, verifyEmail } from '../../api/account';
import { ApiRequestError } from '../../api/client';
import { errorCode, errorMessage, submitErrors } from '../../api/errors';
import { setCurrentUser } from '../../auth/actions';
import { afterLoginPath } from '../../auth/from';
import { useCurrentUser } from '../../auth/store';
import { HrefLink } from '../../components/HrefLink';
import { FormElement, FormError, SubmitButton, TextField } from '../../forms/fields';
import { StepHeading } from '../../lib/focus';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { updateMarketingProfile } from '../../observability/marketing';
import '../authentication/auth-pages.css';

/**
 * E-mail verification [auth] (§2): the code from the e-mail, and sending a new one — limited to 5 a
 * day, with the spec's too-many-requests message, and never two sends at once (§8).
 */

/** Ours: the API answers validation-invalid-value for a wrong or expired code. */
export const invalidCodeMessage = 'The code is wrong or has expired. Check the e-mail, or send a new code.';

/**
 * The resend button's message (§8): the distinct too-many-requests text for the daily limit, and
 * "sending" when another send is still in flight (the API refuses a second concurrent send).
 */
export function resendErrorMessage(error: unknown): string {
  if (errorCode(error) === 'email-too-many-verification-requests') {
    const meta = error instanceof ApiRequestError ? error.firstError?.meta : undefined;
    return meta?.reason === 'in-flight'
      ? messages.verificationAlreadySending
      : messages.resendVerificationTooMany;
  }
  return errorMessage(error, { fallback: messages.resendVerificationFailed });
}

const codeValidator = required(passwordResetMessages.passwordRequired);

type ResendState = { status: 'idle' | 'sending' | 'sent' } | { status: 'error'; message: string };

function ResendCode({ email }: { email: string }) {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  const resend = async () => {
    if (state.status === 'sending') return;
    setState({ status: 'sending' });
    try {
      await sendVerificationEmail();
      setState({ status: 'sent' });
    } catch (error) {
      setState({
        status: 'error',
        message: resendErrorMessage(error),
      });
    }
  };
  const sending = state.status === 'sending';
  return (
    <div className="resend">
      <p>Didn't get the e-mail? Check your spam folder, or send a new code.</p>
      <button
        type="button"
        className="button button-secondary"
        onClick={resend}
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? (
          <>
            <span className="button-spinner" aria-hidden="true" />
            Sending…
          </>
        ) : (
          'Send a new code'
        )}
      </button>
      <div role="status" className="resend-status">
        {sending ? <span className="visually-hidden">Sending a new code…</span> : null}
        {state.status === 'sent' ? (
          <p className="form-success">A new code is on its way to {email}.</p>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

export function EmailVerificationPage() {
  useDocumentTitle('Verify your email');
  const user = useCurrentUser();
  const { from } = useSearch({ strict: false });
  const [justVerified, setJustVerified] = useState(false);
  if (!user) return null;
  const next = afterLoginPath(from);

  if (user.emailVerified) {
    return (
      <div className="page auth-page">
        <div className="auth-card">
          {justVerified ? <StepHeading>Your email is verified</StepHeading> : <h1>Your email is verified</h1>}
          <p>
            Thank you! <strong>{user.email}</strong> is verified.
          </p>
          <HrefLink href={next} className="button button-primary button-block">
            Continue
          </HrefLink>
        </div>
      </div>
    );
  }

  const onSubmit = async ({ verificationToken }: { verificationToken: string }) => {
    try {
      const updated = await verifyEmail(verificationToken.trim());
      setJustVerified(true);
      setCurrentUser(updated.emailVerified ? updated : { ...updated, emailVerified: true });
      // Klaviyo hears only of verified addresses: the marketing profile is made now (issue 25).
      void updateMarketingProfile();
      return undefined;
    } catch (error) {
      return submitErrors(error, {
        fields: ['verificationToken'],
        codes: { 'validation-invalid-value': { field: 'verificationToken', message: invalidCodeMessage } },
      });
    }
  };

  return (
    <div className="page auth-page">
      <div className="auth-card">
        <h1 id="verify-title">Verify your email</h1>
        <p>
          We sent a verification code to <strong>{user.email}</strong>. Enter it here to verify your email
          address.
        </p>
        <Form<{ verificationToken: string }> onSubmit={onSubmit}>
          {({ handleSubmit, submitting, submitError }) => (
            <FormElement onSubmit={handleSubmit} aria-labelledby="verify-title">
              <TextField
                name="verificationToken"
                label="Verification code"
                validate={codeValidator}
                autoComplete="one-time-code"
                inputMode="numeric"
                spellCheck={false}
                required
              />
              <FormError error={submitError} />
              <SubmitButton inProgress={submitting} progressLabel="Verifying…">
                Verify
              </SubmitButton>
            </FormElement>
          )}
        </Form>
        <ResendCode email={user.email} />
        <p className="form-aside">
          <HrefLink href={next}>Do this later</HrefLink>
        </p>
      </div>
    </div>
  );
}
