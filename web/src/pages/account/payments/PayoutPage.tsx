import { Link, useParams } from '@tanstack/react-router';
import { payoutCurrencyNote } from '../../../../../shared/config/marketplace';
import { pages } from '../../../../../shared/pages';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { StripeOnboarding } from '../../../payments/StripeOnboarding';

/**
 * Payout details [auth] (§2 StripePayoutPage `/account/payments` and StripePayoutOnboardingPage
 * `/account/payments/:returnURLType`): the card provider's Connect onboarding, with the way back
 * from the provider's hosted pages.
 */
export const payoutReturnBasePath = pages.stripePayout;

export function PayoutPage() {
  useDocumentTitle('Payout details');
  const params = useParams({ strict: false });
  return (
    <>
      <h1>Payout details</h1>
      <p className="form-aside payout-page-links">
        Prefer PayPal? <Link to={pages.paypalSettings}>Set up PayPal payouts</Link>. Your saved card for
        purchases is under <Link to={pages.paymentMethods}>Payment methods</Link>.
      </p>
      <p className="form-aside payout-currency-note">{payoutCurrencyNote}</p>
      <StripeOnboarding returnBasePath={payoutReturnBasePath} returnURLType={params.returnURLType} />
    </>
  );
}
