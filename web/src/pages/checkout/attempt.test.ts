import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/errors/catalogue';
import { type AttemptContext, nextAttempt } from './attempt';
import { fixtureSavedCard } from './fixtures';
import { type CheckoutRun, newRun } from './steps';
import type { CheckoutValues } from './values';

const values: CheckoutValues = {
  deliveryMethod: 'pickup',
  quantity: '1',
  paymentMethod: 'card',
  cardChoice: 'new',
  saveCard: false,
  message: ' Hello! ',
  name: ' Bea Buyer ',
  cardNumber: '4000 0000 0000 0002',
  expMonth: '12',
  expYear: '2099',
  cvc: '123',
};

function context(overrides: Partial<AttemptContext> = {}): AttemptContext & { keysMade: number } {
  const made = { keysMade: 0 };
  return Object.assign(made, {
    listingId: 'listing-1',
    enquiryTransactionId: undefined,
    savedCard: undefined,
    cardElement: null,
    run: undefined,
    lastOrder: undefined,
    checkoutKey: 'key-1',
    newKey: () => `key-${++made.keysMade + 1}`,
    ...overrides,
  });
}

/** The run a declined card leaves: the order exists, the card step failed. */
function declinedRun(): CheckoutRun {
  const run = newRun({ payment: 'card', saveCard: false, hasMessage: true });
  return {
    ...run,
    status: { ...run.status, initiate: 'done', 'confirm-card': 'failed' },
    transactionId: 'tx-1',
    failure: { message: 'The card was declined.' },
  };
}

describe('one attempt of the checkout', () => {
  it('starts a new run with the visit key, the typed card and the trimmed message', () => {
    const attempt = nextAttempt(values, context());
    expect(attempt.order).toEqual({
      listingId: 'listing-1',
      checkoutKey: 'key-1',
      orderData: { deliveryMethod: 'pickup', stockReservationQuantity: 1 },
      card: {
        input: {
          card: { number: '4000000000000002', expMonth: 12, expYear: 2099, cvc: '123' },
          billingDetails: { name: 'Bea Buyer' },
        },
        save: false,
      },
      message: 'Hello!',
    });
    expect(attempt.start).toEqual(newRun({ payment: 'card', saveCard: false, hasMessage: true }));
  });

  it('goes on with the same order from its failed step, with the same key', () => {
    const first = nextAttempt(values, context());
    const ctx = context({ run: declinedRun(), lastOrder: first.order });
    const again = nextAttempt({ ...values, cardNumber: '4242 4242 4242 4242' }, ctx);
    expect(again.order.checkoutKey).toBe('key-1');
    expect(ctx.keysMade).toBe(0);
    expect(again.start).toMatchObject({
      transactionId: 'tx-1',
      status: {
        initiate: 'done',
        'confirm-card': 'pending',
        'confirm-payment': 'pending',
        message: 'pending',
      },
    });
  });

  it('makes a new order with a new key when the order changed after it was made', () => {
    const first = nextAttempt(values, context());
    const ctx = context({ run: declinedRun(), lastOrder: first.order });
    const changed = nextAttempt({ ...values, deliveryMethod: 'shipping', recipientName: 'Bea' }, ctx);
    expect(changed.order.checkoutKey).toBe('key-2');
    expect(changed.start.transactionId).toBeUndefined();
    expect(changed.start.status.initiate).toBe('pending');
  });

  it('makes a new key after a PayPal attempt that ended before an order existed', () => {
    const paypal = { ...values, paymentMethod: 'paypal' as const };
    const first = nextAttempt(paypal, context());
    expect(first.order.card).toBeUndefined();
    const canceled: CheckoutRun = {
      ...first.start,
      status: { ...first.start.status, 'paypal-order': 'done', 'paypal-approve': 'failed' },
      failure: { message: messages.paypalPaymentCanceled },
    };
    const again = nextAttempt(paypal, context({ run: canceled, lastOrder: first.order }));
    expect(again.order.checkoutKey).toBe('key-2');
    expect(again.start.status['paypal-order']).toBe('pending');
  });

  it('pays an enquiry by card on the enquiry, and charges a saved card by its id', () => {
    const attempt = nextAttempt(
      { ...values, paymentMethod: 'paypal', cardChoice: 'saved', saveCard: true },
      context({ enquiryTransactionId: 'tx-9', savedCard: fixtureSavedCard }),
    );
    expect(attempt.order).toMatchObject({
      enquiryTransactionId: 'tx-9',
      card: { input: { paymentMethodId: 'pm_saved' }, save: false },
    });
    expect(attempt.start.payment).toBe('card');
    expect(attempt.start.steps).toEqual(['initiate', 'confirm-card', 'confirm-payment', 'message']);
  });
});
