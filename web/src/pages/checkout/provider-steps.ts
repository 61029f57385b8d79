/**
 * What each submit step asks of the API and the payment providers (PayPal's order and approval,
 * initiate or request-payment-after-enquiry, the card confirmation, confirm-payment, the card save
 * and the first message), and what it adds to the run.
 */
import type { InitiateAnswer } from '../../../../shared/api/transactions';
import { CardProviderError } from '../../payments/card-provider';
import { PaypalCanceled } from './failures';
import type { CheckoutDeps, CheckoutOrder, CheckoutRun, CheckoutStep } from './steps';

/** Runs one step; what it learned (the order, the payment intent, PayPal's order) goes into the run. */
export async function runStep(
  step: CheckoutStep,
  run: CheckoutRun,
  order: CheckoutOrder,
  deps: CheckoutDeps,
): Promise<Partial<CheckoutRun>> {
  switch (step) {
    case 'paypal-order':
      return {
        paypalOrder: await deps.createPaypalOrder({
          listingId: order.listingId,
          orderData: order.orderData,
          checkoutKey: order.checkoutKey,
        }),
      };
    case 'paypal-approve': {
      if (!run.paypalOrder) throw new Error('No PayPal order.');
      const approved = await deps.approvePaypalOrder(run.paypalOrder);
      if (approved.status === 'VOIDED') throw new PaypalCanceled('The PayPal payment was canceled.');
      if (approved.status !== 'APPROVED' && approved.status !== 'COMPLETED')
        throw new Error(`PayPal order ${approved.status}`);
      return { paypalOrder: approved };
    }
    case 'initiate': {
      const card = order.card;
      const answer = order.enquiryTransactionId
        ? await requestPaymentAfterEnquiry(order.enquiryTransactionId, run, order, deps)
        : await deps.initiateOrder({
            checkoutKey: order.checkoutKey,
            bodyParams: {
              transition: 'request-payment',
              params: {
                listingId: order.listingId,
                ...order.orderData,
                paymentMethod: run.payment,
                ...(card?.input.paymentMethodId ? { stripePaymentMethodId: card.input.paymentMethodId } : {}),
                ...(card?.save && !card.input.paymentMethodId ? { setupFutureUsage: true } : {}),
                ...(run.payment === 'paypal' && run.paypalOrder
                  ? { protectedData: { paypalOrderId: run.paypalOrder.id } }
                  : {}),
              },
            },
          });
      if ('speculative' in answer.transaction) throw new Error('A speculative answer.');
      return {
        transactionId: answer.transaction.id,
        ...(answer.stripePaymentIntentClientSecret
          ? { clientSecret: answer.stripePaymentIntentClientSecret }
          : {}),
        ...(answer.stripePaymentIntentId ? { paymentIntentId: answer.stripePaymentIntentId } : {}),
        initiatedAt: run.initiatedAt ?? (deps.now ? deps.now() : Date.now()),
      };
    }
    case 'confirm-card': {
      if (!order.card || !run.clientSecret)
        throw new CardProviderError({ type: 'api_error', message: 'No payment intent.' });
      const result = await deps.confirmCardPayment(
        run.clientSecret,
        run.paymentIntentId ?? '',
        order.card.input,
      );
      if (result.status !== 'requires_capture' && result.status !== 'succeeded') {
        throw new CardProviderError({
          type: 'card_error',
          code: result.status === 'requires_action' ? 'payment_intent_authentication_failure' : undefined,
          message: `Payment ${result.status}`,
        });
      }
      return result.paymentMethodId ? { newPaymentMethodId: result.paymentMethodId } : {};
    }
    case 'confirm-payment':
      if (!run.transactionId) throw new Error('No order.');
      await deps.transitionPrivileged({
        transactionId: run.transactionId,
        transition: 'confirm-payment',
        ...(run.paypalOrder ? { params: { protectedData: { paypalOrderId: run.paypalOrder.id } } } : {}),
      });
      return {};
    case 'save-card':
      if (!order.card) return {};
      await deps.saveCard(order.card.input, run.newPaymentMethodId);
      return {};
    case 'message':
      if (!run.transactionId || !order.message.trim()) return {};
      await deps.sendMessage(run.transactionId, order.message.trim());
      return {};
  }
}

/**
 * request-payment-after-enquiry on the enquiry (card only): the order data and the card's choices
 * as initiate sends them. Asked again (a retry), the API answers the order it made the first time.
 */
async function requestPaymentAfterEnquiry(
  transactionId: string,
  run: CheckoutRun,
  order: CheckoutOrder,
  deps: CheckoutDeps,
): Promise<InitiateAnswer> {
  if (run.payment !== 'card') throw new Error('Orders from an enquiry are paid by card.');
  const card = order.card;
  const answer = await deps.transitionPrivileged({
    transactionId,
    transition: 'request-payment-after-enquiry',
    params: {
      ...order.orderData,
      paymentMethod: 'card',
      ...(card?.input.paymentMethodId ? { stripePaymentMethodId: card.input.paymentMethodId } : {}),
      ...(card?.save && !card.input.paymentMethodId ? { setupFutureUsage: true } : {}),
    },
  });
  if (!('speculative' in answer.transaction) && answer.transaction.id !== transactionId)
    throw new Error('The order was not made on the enquiry.');
  return answer;
}
