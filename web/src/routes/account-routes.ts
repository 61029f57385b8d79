import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { pages, under } from '../../../shared/pages';
import { paypalReturnSearch } from '../pages/account/paypal/paypal-search';
import { signedInRoute } from './root';

/** Profile settings and the account settings with their side tabs (§2, all [auth]). */
export const profileSettingsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.profileSettings,
  component: lazyRouteComponent(
    () => import('../pages/profile-settings/ProfileSettingsPage'),
    'ProfileSettingsPage',
  ),
});

export const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: pages.accountSettings,
  component: lazyRouteComponent(
    () => import('../pages/account/AccountSettingsLayout'),
    'AccountSettingsLayout',
  ),
});

/** A tab of the account settings: its path below `/account`. */
const tab = <P extends string>(path: P) => under(pages.accountSettings, path);

export const accountIndexRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: pages.contactDetails, replace: true });
  },
});

export const contactDetailsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: tab(pages.contactDetails),
  component: lazyRouteComponent(
    () => import('../pages/account/contact-details/ContactDetailsPage'),
    'ContactDetailsPage',
  ),
});

export const passwordChangeRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: tab(pages.passwordChange),
  component: lazyRouteComponent(
    () => import('../pages/account/change-password/PasswordChangePage'),
    'PasswordChangePage',
  ),
});

// Payments: payout details (Stripe Connect), the provider's way back, PayPal, saved card.
const payoutPage = lazyRouteComponent(() => import('../pages/account/payments/PayoutPage'), 'PayoutPage');

export const stripePayoutRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: tab(pages.stripePayout),
  component: payoutPage,
});

export const stripePayoutOnboardingRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: tab(pages.stripePayoutOnboarding),
  component: payoutPage,
});

export const paypalSettingsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: tab(pages.paypalSettings),
  validateSearch: paypalReturnSearch,
  component: lazyRouteComponent(
    () => import('../pages/account/paypal/PaypalSettingsPage'),
    'PaypalSettingsPage',
  ),
});

export const paymentMethodsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: tab(pages.paymentMethods),
  component: lazyRouteComponent(
    () => import('../pages/account/payment-methods/PaymentMethodsPage'),
    'PaymentMethodsPage',
  ),
});
