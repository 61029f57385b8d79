import { Link, Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { useRef } from 'react';
import { Form } from 'react-final-form';
import { messages } from '../../../shared/errors/catalogue';
import {
  type LoginValues,
  type SignupValues,
  signupValidators,
  validateLogin,
  validateSignup,
} from '../../../shared/validation/account';
import { validateFields } from '../../../shared/validation/core';
import { apiRequest } from '../api/client';
import { submitErrors } from '../api/errors';
import { login, setCurrentUser, signup } from '../auth/actions';
import { afterLoginPath, keepFrom } from '../auth/from';
import { idpFlowKey, readIdpFlow } from '../auth/idp';
import { useAuth } from '../auth/store';
import { NavigateHref } from '../components/HrefLink';
import { EmailField, FormElement, FormError, SubmitButton, TextField } from '../forms/fields';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './auth-pages.css';

/**
 * One authentication screen (§2) with the tabs login, signup and confirm (the last only during a
 * social sign-up). `from` (where the visitor was going) is kept on the tab links and used after
 * signing in. No social buttons: no identity provider is configured.
 */
type Tab = 'login' | 'signup' | 'confirm';

function useFrom(): string | undefined {
  return (useSearch({ strict: false }) as { from?: string }).from;
}

function AuthTabs({ tab, from }: { tab: Tab; from: string | undefined }) {
  if (tab === 'confirm') return null;
  const search = keepFrom(from);
  return (
    <nav className="auth-tabs" aria-label="Log in or sign up">
      <Link
        to="/login"
        search={search}
        className="auth-tab"
        aria-current={tab === 'login' ? 'page' : undefined}
      >
        Log in
      </Link>
      <Link
        to="/signup"
        search={search}
        className="auth-tab"
        aria-current={tab === 'signup' ? 'page' : undefined}
      >
        Sign up
      </Link>
    </nav>
  );
}

/**
 * Someone who is (or becomes, in another tab) signed in while no operation of this page runs goes
 * on to `from`. `submitted` marks that this page started the sign-in and navigates by itself.
 */
function useSignedInRedirect(from: string | undefined, submitted: { current: boolean }) {
  const signedIn = useAuth((state) => state.status === 'authenticated' && state.inProgress === null);
  return signedIn && !submitted.current ? <NavigateHref href={afterLoginPath(from)} /> : null;
}

function LoginForm({ from }: { from: string | undefined }) {
  const navigate = useNavigate();
  const submitted = useRef(false);
  const redirect = useSignedInRedirect(from, submitted);
  if (redirect) return redirect;
  const onSubmit = async (values: LoginValues) => {
    submitted.current = true;
    const errors = await login(values.email, values.password);
    if (errors) {
      submitted.current = false;
      return errors;
    }
    await navigate({ href: afterLoginPath(from), replace: true });
    return undefined;
  };
  return (
    <Form<LoginValues> onSubmit={onSubmit} validate={validateLogin}>
      {({ handleSubmit, submitting, submitError }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="auth-title">
          <EmailField />
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
          />
          <p className="form-aside">
            <Link to="/recover-password">Forgot your password?</Link>
          </p>
          <FormError error={submitError} />
          <SubmitButton inProgress={submitting} progressLabel="Logging in…">
            Log in
          </SubmitButton>
        </FormElement>
      )}
    </Form>
  );
}

function SignupForm({ from }: { from: string | undefined }) {
  const navigate = useNavigate();
  const submitted = useRef(false);
  const redirect = useSignedInRedirect(from, submitted);
  if (redirect) return redirect;
  const onSubmit = async (values: SignupValues) => {
    submitted.current = true;
    const errors = await signup(values);
    if (errors) {
      submitted.current = false;
      return errors;
    }
    // Signed in now (§4); next, the code that was sent to the new address.
    await navigate({ to: '/verify-email', search: keepFrom(from), replace: true });
    return undefined;
  };
  return (
    <Form<SignupValues> onSubmit={onSubmit} validate={validateSignup}>
      {({ handleSubmit, submitting, submitError }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="auth-title">
          <EmailField />
          <div className="field-row">
            <TextField name="firstName" label="First name" autoComplete="given-name" required />
            <TextField name="lastName" label="Last name" autoComplete="family-name" required />
          </div>
          <TextField
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            required
          />
          <p className="form-aside">
            By signing up you accept the <a href="/terms-of-service">terms of service</a> and the{' '}
            <a href="/privacy-policy">privacy policy</a>.
          </p>
          <FormError error={submitError} />
          <SubmitButton inProgress={submitting} progressLabel="Signing up…">
            Sign up
          </SubmitButton>
        </FormElement>
      )}
    </Form>
  );
}

interface ConfirmValues {
  email: string;
  firstName: string;
  lastName: string;
}

const validateConfirm = (values: Partial<ConfirmValues>) =>
  validateFields(values, {
    email: signupValidators.email,
    firstName: signupValidators.firstName,
    lastName: signupValidators.lastName,
  });

/** Social sign-up confirmation (§7 POST /api/auth/create-user-with-idp). */
function ConfirmForm({ from }: { from: string | undefined }) {
  const navigate = useNavigate();
  const flow = readIdpFlow();
  if (!flow) return <Navigate to="/signup" search={keepFrom(from)} replace />;
  const onSubmit = async (values: ConfirmValues) => {
    try {
      const answer = await apiRequest<{ data: Parameters<typeof setCurrentUser>[0] }>(
        'POST',
        '/auth/create-user-with-idp',
        { body: { idpId: flow.idpId, idpToken: flow.idpToken, ...values } },
      );
      setCurrentUser(answer.data);
      sessionStorage.removeItem(idpFlowKey);
      await navigate({ href: afterLoginPath(from), replace: true });
      return undefined;
    } catch (error) {
      return submitErrors(error, {
        fields: ['email', 'firstName', 'lastName'],
        codes: { 'email-taken': { field: 'email', message: messages.emailTaken } },
        fallback: messages.signupFailed,
      });
    }
  };
  return (
    <Form<ConfirmValues>
      onSubmit={onSubmit}
      validate={validateConfirm}
      initialValues={{
        email: flow.email ?? '',
        firstName: flow.firstName ?? '',
        lastName: flow.lastName ?? '',
      }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="auth-title">
          <p>Check your details, then finish creating your account.</p>
          <EmailField />
          <div className="field-row">
            <TextField name="firstName" label="First name" autoComplete="given-name" required />
            <TextField name="lastName" label="Last name" autoComplete="family-name" required />
          </div>
          <FormError error={submitError} />
          <SubmitButton inProgress={submitting} progressLabel="Creating your account…">
            Continue
          </SubmitButton>
        </FormElement>
      )}
    </Form>
  );
}

const titles: Record<Tab, string> = {
  login: 'Log in',
  signup: 'Sign up',
  confirm: 'Confirm your account',
};

const headings: Record<Tab, string> = {
  login: 'Log in to Velo Exchange',
  signup: 'Create your account',
  confirm: 'Confirm your account',
};

function AuthenticationPage({ tab }: { tab: Tab }) {
  const from = useFrom();
  useDocumentTitle(titles[tab]);
  return (
    <div className="page auth-page">
      <div className="auth-card">
        <AuthTabs tab={tab} from={from} />
        <h1 id="auth-title">{headings[tab]}</h1>
        {tab === 'login' ? <LoginForm from={from} /> : null}
        {tab === 'signup' ? <SignupForm from={from} /> : null}
        {tab === 'confirm' ? <ConfirmForm from={from} /> : null}
      </div>
    </div>
  );
}

export const LoginPage = () => <AuthenticationPage tab="login" />;
export const SignupPage = () => <AuthenticationPage tab="signup" />;
export const ConfirmPage = () => <AuthenticationPage tab="confirm" />;
