import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { pages } from '../../../shared/pages';
import { keepFrom, validateFromSearch, validateOAuthCallbackSearch } from '../auth/from';
import { redirectSignedIn } from '../auth/guard';
import { readIdpFlow } from '../auth/idp';
import { passwordResetSearch } from '../pages/password-reset/search';
import { rootRoute, signedInRoute } from './root';

// Authentication (§2): one screen with the tabs login, signup and confirm; `from` is kept.
const authenticationPage = (tab: 'LoginPage' | 'SignupPage' | 'ConfirmPage') =>
  lazyRouteComponent(() => import('../pages/authentication/AuthenticationPage'), tab);

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.login,
  validateSearch: validateFromSearch,
  beforeLoad: redirectSignedIn,
  component: authenticationPage('LoginPage'),
});

export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.signup,
  validateSearch: validateFromSearch,
  beforeLoad: redirectSignedIn,
  component: authenticationPage('SignupPage'),
});

// The social sign-in's way back (the OAuth callback); it exists only during such a flow.
export const confirmRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.confirm,
  validateSearch: validateOAuthCallbackSearch,
  beforeLoad: ({ search }) => {
    if (!readIdpFlow()) throw redirect({ to: pages.signup, search: keepFrom(search.from), replace: true });
  },
  component: authenticationPage('ConfirmPage'),
});

export const passwordRecoveryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.passwordRecovery,
  component: lazyRouteComponent(
    () => import('../pages/password-recovery/PasswordRecoveryPage'),
    'PasswordRecoveryPage',
  ),
});

export const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: pages.passwordReset,
  validateSearch: passwordResetSearch,
  component: lazyRouteComponent(
    () => import('../pages/password-reset/PasswordResetPage'),
    'PasswordResetPage',
  ),
});

export const emailVerificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.emailVerification,
  validateSearch: validateFromSearch,
  component: lazyRouteComponent(
    () => import('../pages/email-verification/EmailVerificationPage'),
    'EmailVerificationPage',
  ),
});
