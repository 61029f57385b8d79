/**
 * The real API and provider calls of the checkout's steps (`CheckoutDeps`, steps.ts): the orders
 * API, the card provider (Stripe or the simulated one) and PayPal (the simulated buttons' answer or
 * PayPal's window). Tests pass fakes instead.
 */
import type { SavedCard } from '../../../../shared/api/payments';
import { messages } from '../../../../shared/errors/catalogue';
import type { ShippingAddressValues } from '../../../../shared/validation/addresses';
import { createSetupIntent, savePaymentMethod } from '../../api/payment-methods';
import { createPaypalOrder, initiateOrder, sendMessage, transitionPrivileged } from '../../api/transactions';
import { authStore } from '../../auth/store';
import { reportError } from '../../observability/errors';
import { type CardProvider, CardProviderError } from '../../payments/card-provider';
import { updateStoredPayments } from '../../payments/stored-payments';
import { answerSimulatedPaypalOrder, approveInPaypalWindow } from './PaypalSection';
import type { CheckoutDeps } from './steps';

/** Stores the new default card in the signed-in user (the payment-methods page does the same). */
const storeSavedCard = (card: SavedCard) =>
  updateStoredPayments((payments) => ({ ...payments, defaultPaymentMethod: card }));

/** The order's address is the buyer's saved one now (the API keeps it too): the next checkout starts from it. */
function storeShippingAddress({ recipientPhoneNumber: _phone, ...address }: ShippingAddressValues) {
  authStore.set((state) =>
    state.currentUser ? { currentUser: { ...state.currentUser, shippingAddress: address } } : {},
  );
}

/** The real calls; `paypal` is PayPal's mode and the buyer's answer for this run (its window, if live). */
export function realCheckoutDeps(
  provider: CardProvider | null,
  paypal: { mode: 'simulated' | 'live' | null; action: 'approve' | 'cancel'; popup: Window | null },
  onOrderMade: () => void,
): CheckoutDeps {
  const needProvider = () => {
    if (!provider)
      throw new CardProviderError({ type: 'api_error', message: messages.missingPublishableKey });
    return provider;
  };
  return {
    initiateOrder: async (body) => {
      const answer = await initiateOrder(body);
      const address = body.bodyParams.params.shippingDetails;
      if (address) storeShippingAddress(address);
      return answer;
    },
    transitionPrivileged: (body) => transitionPrivileged(body),
    reportError,
    confirmCardPayment: (secret, intentId, input) => needProvider().confirmPayment(secret, intentId, input),
    saveCard: async (input, paymentMethodId) => {
      let id = paymentMethodId;
      if (!id) {
        const intent = await createSetupIntent();
        id = (
          await needProvider().confirmCardSetup(intent.clientSecret, {
            ...(input.card ? { card: input.card } : {}),
            ...(input.cardForm ? { cardForm: input.cardForm } : {}),
            ...(input.billingDetails ? { billingDetails: input.billingDetails } : {}),
          })
        ).paymentMethodId;
      }
      storeSavedCard(await savePaymentMethod({ stripePaymentMethodId: id }));
    },
    sendMessage: (id, content) => sendMessage(id, content),
    createPaypalOrder: (body) => createPaypalOrder(body),
    approvePaypalOrder: (order) =>
      paypal.mode === 'simulated'
        ? answerSimulatedPaypalOrder(order.id, paypal.action)
        : approveInPaypalWindow(order, paypal.popup),
    onOrderMade,
  };
}
