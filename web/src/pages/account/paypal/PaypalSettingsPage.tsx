import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { PaypalOnboardingStatus, PaypalStateView } from '../../../../../shared/api/payments';
import { pages } from '../../../../../shared/pages';
import {
  actionUrlOf,
  getPaypalMerchantId,
  getPaypalOnboardingLinks,
  getPaypalOnboardingStatus,
  offboardPaypal,
} from '../../../api/payment-methods';
import { loadCurrentUser } from '../../../auth/actions';
import { useCurrentUser } from '../../../auth/store';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { reportError } from '../../../observability/errors';
import { updateStoredPayments } from '../../../payments/stored-payments';
import { flagText, isPaypalLinked, paypalFlags, paypalProblemMessages, paypalReturnOf } from './paypal-rules';
import '../payments/payments.css';

/**
 * PayPal settings [auth] (§2): the merchant id and status flags, the §8 PayPal problems, linking
 * through PayPal's onboarding (the link with rel `action_url`), the way back (merchant id and
 * onboarding status fetched with updateUserMaybe, then the current user reloaded) and unlinking
 * through a confirmation modal.
 */

const somethingWrong = 'Something went wrong with PayPal. Please try again.';

function storePaypal(paypal: PaypalStateView) {
  updateStoredPayments((payments) => ({ ...payments, paypal: { ...payments.paypal, ...paypal } }));
}

function UnlinkModal({ onClose, onUnlinked }: { onClose: () => void; onUnlinked: () => void }) {
  return (
    <ConfirmDialog
      title="Unlink your PayPal account?"
      confirmLabel="Proceed & Unlink My Account From PayPal"
      busyLabel="Unlinking…"
      failureMessage={somethingWrong}
      errorTag="paypal-offboard-failed"
      action={offboardPaypal}
      onDone={onUnlinked}
      onClose={onClose}
    >
      <p>
        Buyers will no longer be able to pay you with PayPal. You can link your PayPal account again at any
        time.
      </p>
    </ConfirmDialog>
  );
}

export function PaypalSettingsPage() {
  useDocumentTitle('PayPal settings');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const search = useRouterState({ select: (state) => state.location.search }) as Record<string, unknown>;
  const back = paypalReturnOf(search);
  const [linking, setLinking] = useState(false);
  const [checking, setChecking] = useState(back.kind === 'linked');
  const [error, setError] = useState<string | null>(
    back.kind === 'failed' ? 'Linking your PayPal account was not completed. Please try again.' : null,
  );
  const [status, setStatus] = useState<PaypalOnboardingStatus | null>(null);
  const [notice, setNotice] = useState('');
  const [unlinkOpen, setUnlinkOpen] = useState(false);
  const handledReturn = useRef(false);
  const userId = user?.id;

  // Back from PayPal: merchant id, onboarding status (stored on the user), then the user reloaded.
  useEffect(() => {
    if (back.kind !== 'linked' || !userId || handledReturn.current) return;
    handledReturn.current = true;
    const merchantIdInPayPal = back.merchantIdInPayPal;
    void (async () => {
      try {
        const merchantId = (await getPaypalMerchantId(userId).catch(() => undefined)) ?? merchantIdInPayPal;
        const answer = await getPaypalOnboardingStatus(merchantId);
        setStatus(answer);
        storePaypal({ merchantId, paypalOffboarded: false, ...answer });
        await loadCurrentUser({ force: true }).catch(() => undefined);
        setNotice('Your PayPal account is linked.');
      } catch (failure) {
        reportError(failure, 'paypal-onboarding-status-failed');
        setError(somethingWrong);
      } finally {
        setChecking(false);
        void navigate({ to: pages.paypalSettings, search: {}, replace: true });
      }
    })();
  }, [back, userId, navigate]);

  const link = async () => {
    if (!userId) return;
    setLinking(true);
    setError(null);
    try {
      const href = actionUrlOf(await getPaypalOnboardingLinks(userId));
      if (!href) throw new Error('PayPal gave no action_url link');
      window.location.assign(href);
    } catch (failure) {
      reportError(failure, 'paypal-onboarding-link-failed');
      setError(somethingWrong);
      setLinking(false);
    }
  };

  const paypal: PaypalStateView | undefined = user?.payments?.paypal
    ? { ...user.payments.paypal, ...(status ?? {}) }
    : status
      ? { ...status }
      : undefined;
  const linked = isPaypalLinked(paypal);
  const problems = checking ? [] : paypalProblemMessages(paypal);

  return (
    <div className="paypal-page">
      <h1>PayPal</h1>
      <p className="payments-status" role="status">
        {checking ? 'Checking your PayPal account…' : notice}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {user && !checking ? (
        <section className="paypal-section" aria-labelledby="paypal-account-title">
          <h2 id="paypal-account-title">Your PayPal account</h2>
          {problems.length > 0 ? (
            <ul className="paypal-problems">
              {problems.map((problem) => (
                <li key={problem} className="notice notice-warning">
                  {problem}
                </li>
              ))}
            </ul>
          ) : (
            <p>Your PayPal account is linked and can receive payments.</p>
          )}
          {linked && paypal ? (
            <>
              <dl className="paypal-flags">
                <div className="paypal-flag">
                  <dt>Merchant ID</dt>
                  <dd>{paypal.merchantId}</dd>
                </div>
                {paypalFlags.map((flag) => (
                  <div key={flag.key} className="paypal-flag">
                    <dt>{flag.label}</dt>
                    <dd>{flagText(paypal[flag.key])}</dd>
                  </div>
                ))}
              </dl>
              <button type="button" className="button" onClick={() => setUnlinkOpen(true)}>
                Unlink PayPal account
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void link()}
              disabled={linking}
              aria-busy={linking}
            >
              {linking ? 'Opening PayPal…' : 'Link PayPal account'}
            </button>
          )}
        </section>
      ) : null}
      {unlinkOpen ? (
        <UnlinkModal
          onClose={() => setUnlinkOpen(false)}
          onUnlinked={() => {
            setUnlinkOpen(false);
            setStatus(null);
            storePaypal({ paypalOffboarded: true, merchantId: null, paypalOnboarded: false });
            setNotice('Your PayPal account was unlinked.');
            void loadCurrentUser({ force: true }).catch(() => undefined);
          }}
        />
      ) : null}
    </div>
  );
}
