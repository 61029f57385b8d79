import { Link, Navigate, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import type { IdentityProviderName } from '../../../../shared/api/account';
import { pages } from '../../../../shared/pages';
import {
  type IdpSignupValues,
  type LoginValues,
  type SignupValues,
  validateIdpSignup,
  validateLogin,
  validateSignup,
} from '../../../../shared/validation/account';
import { afterLoginPath, keepFrom } from '../../auth/from';
import { readIdpFlow, socialProviders } from '../../auth/idp';
import { loadRuntimeConfig } from '../../auth/runtime-config';
import { useAuth } from '../../auth/store';
import { NavigateHref } from '../../components/HrefLink';
import { EmailField, FormElement, FormError, SubmitButton, TextField } from '../../forms/fields';
import { NewPasswordField, PasswordField } from '../../forms/PasswordField';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import './auth-pages.css';

/**
 * The sign-in actions come with Amplify (~40 kB gzipped): loaded as soon as the page renders, in
 * parallel with the visitor typing, instead of before the page can show.
 */
const authActions = () => import('../../auth/actions');

/**
 * One authentication screen (§2) with the tabs login, signup and confirm (the last only during a
 * social sign-in). `from` (where the visitor was going) is kept on the tab links and used after
 * signing in. Social buttons show only for the providers `/config.json` lists (none locally).
 */
type Tab = 'login' | 'signup' | 'confirm';

function useFrom(): string | undefined {
  return useSearch({ strict: false }).from;
}

function AuthTabs({ tab, from }: { tab: Tab; from: string | undefined }) {
  if (tab === 'confirm') return null;
  const search = keepFrom(from);
  return (
    <nav className="auth-tabs" aria-label="Log in or sign up">
      <Link
        to={pages.login}
        search={search}
        className="auth-tab"
        aria-current={tab === 'login' ? 'page' : undefined}
      >
        Log in
      </Link>
      <Link
        to={pages.signup}
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
    const errors = await (await authActions()).login(values.email, values.password);
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
          <PasswordField name="password" label="Password" autoComplete="current-password" />
          <p className="form-aside">
            <Link to={pages.passwordRecovery}>Forgot your password?</Link>
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
    const errors = await (await authActions()).signup(values);
    if (errors) {
      submitted.current = false;
      return errors;
    }
    // Signed in now (§4); next, the code that was sent to the new address.
    await navigate({ to: pages.emailVerification, search: keepFrom(from), replace: true });
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
          <NewPasswordField name="password" label="Password" />
          <p className="form-aside">
            By signing up you accept the <a href={pages.termsOfService}>terms of service</a> and the{' '}
            <a href={pages.privacyPolicy}>privacy policy</a>.
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

/** The configured providers (runtime config), once loaded; none if it cannot be loaded. */
function useSocialProviders(): IdentityProviderName[] {
  const [providers, setProviders] = useState<IdentityProviderName[]>([]);
  useEffect(() => {
    let live = true;
    loadRuntimeConfig()
      .then((config) => live && setProviders(socialProviders(config)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

const providerLabels: Record<IdentityProviderName, string> = {
  Google: 'Continue with Google',
  Facebook: 'Continue with Facebook',
};

function SocialButtons({ from }: { from: string | undefined }) {
  const providers = useSocialProviders();
  const busy = useAuth((state) => state.inProgress !== null);
  const [error, setError] = useState<string | undefined>();
  if (providers.length === 0) return null;
  return (
    <div className="social-buttons">
      <p className="form-aside">or</p>
      {providers.map((provider) => (
        <button
          key={provider}
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={async () => setError(await (await authActions()).socialLogin(provider, from))}
        >
          {providerLabels[provider]}
        </button>
      ))}
      <FormError error={error} />
    </div>
  );
}

/**
 * Back from Google or Facebook (§2 ConfirmPage, §7 POST /api/auth/create-user-with-idp): the
 * profile is created at once with the names the provider gave (a returning user just goes on);
 * only if names are missing does the form ask for them.
 */
function ConfirmForm({ from }: { from: string | undefined }) {
  const navigate = useNavigate();
  const flow = useRef(readIdpFlow()).current;
  const target = afterLoginPath(flow?.from ?? from);
  const [state, setState] = useState<
    { status: 'checking' } | { status: 'names'; values: IdpSignupValues } | { status: 'no-session' }
  >({ status: 'checking' });
  useEffect(() => {
    if (!flow) return;
    let live = true;
    authActions()
      .then((actions) => actions.finishSocialSignIn())
      .then(async (result) => {
        if (!live) return;
        if (result.status === 'done') await navigate({ href: target, replace: true });
        else setState(result.status === 'names' ? { status: 'names', values: result.values } : result);
      });
    return () => {
      live = false;
    };
  }, [flow, navigate, target]);
  if (!flow || state.status === 'no-session')
    return <Navigate to={pages.login} search={keepFrom(from)} replace />;
  if (state.status === 'checking') return <p aria-live="polite">Signing you in…</p>;
  const onSubmit = async (values: IdpSignupValues) => {
    const errors = await (await authActions()).confirmSocialSignup(values);
    if (errors) return errors;
    await navigate({ href: target, replace: true });
    return undefined;
  };
  return (
    <Form<IdpSignupValues> onSubmit={onSubmit} validate={validateIdpSignup} initialValues={state.values}>
      {({ handleSubmit, submitting, submitError }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="auth-title">
          <p>Check your name, then finish creating your account.</p>
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
  useEffect(() => {
    void authActions();
  }, []);
  return (
    <div className="page auth-page">
      <div className="auth-card">
        <AuthTabs tab={tab} from={from} />
        <h1 id="auth-title">{headings[tab]}</h1>
        {tab === 'login' ? <LoginForm from={from} /> : null}
        {tab === 'signup' ? <SignupForm from={from} /> : null}
        {tab === 'confirm' ? null : <SocialButtons from={from} />}
        {tab === 'confirm' ? <ConfirmForm from={from} /> : null}
      </div>
    </div>
  );
}

export const LoginPage = () => <AuthenticationPage tab="login" />;
export const SignupPage = () => <AuthenticationPage tab="signup" />;
export const ConfirmPage = () => <AuthenticationPage tab="confirm" />;
