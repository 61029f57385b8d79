import type { CurrentUserPayments } from '../../../shared/api/payments';
import { authStore } from '../auth/store';

/**
 * Changes the payment state of the signed-in user in the store (a saved card, PayPal's link state),
 * starting from the defaults when the user has none yet. Without a signed-in user: nothing.
 */
export function updateStoredPayments(change: (payments: CurrentUserPayments) => CurrentUserPayments) {
  authStore.set((state) => {
    const user = state.currentUser;
    if (!user) return {};
    const payments: CurrentUserPayments = {
      payoutReady: false,
      stripeConnected: false,
      seenMissingInformation: false,
      ...user.payments,
    };
    return { currentUser: { ...user, payments: change(payments) } };
  });
}
