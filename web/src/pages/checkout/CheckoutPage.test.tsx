import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/api/account';
import { messages } from '../../../../shared/errors/catalogue';
import { productOrderMessages } from '../../../../shared/validation/messages';
import { createAppRouter } from '../../router';
import { CheckoutContent, type CheckoutContentProps } from './CheckoutPage';
import { SubmitButton } from './CheckoutStatus';
import { fixtureListing } from './fixtures';
import { PaypalSection } from './PaypalSection';
import { newRun } from './steps';
import type { PaymentsSetup } from './usePaymentsSetup';

const appRouter = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
const render = (node: ReactNode) =>
  renderToString(
    <JotaiProvider>
      <RouterContextProvider router={appRouter}>{node}</RouterContextProvider>
    </JotaiProvider>,
  );

const buyer = { id: 'buyer-1', firstName: 'Bea', lastName: 'Buyer' } as CurrentUser;
const simulated: PaymentsSetup = {
  loaded: true,
  provider: null,
  cardMode: 'simulated',
  paypalMode: 'simulated',
};

function page(props: Partial<CheckoutContentProps> = {}) {
  return render(
    <CheckoutContent
      listing={fixtureListing()}
      user={buyer}
      search={{ deliveryMethod: 'shipping', quantity: 2 }}
      payments={simulated}
      {...props}
    />,
  );
}

describe('CheckoutContent', () => {
  it('offers both delivery methods in a fieldset, the quantity, and the shipping address', () => {
    const html = page();
    expect(html).toMatch(/<fieldset[^>]*><legend>Delivery method<\/legend>/);
    expect(html).toMatch(
      /<input[^>]*value="shipping"[^>]*checked=""|<input[^>]*checked=""[^>]*value="shipping"/,
    );
    expect(html).toContain('>Quantity</label>');
    expect(html).toContain('3<!-- --> available');
    expect(html).toContain('Shipping address');
    expect(html).toContain('>Recipient name</label>');
    expect(html).toContain('Message (optional)');
  });

  it('shows a single delivery method as text', () => {
    const html = page({ listing: fixtureListing({}, { pickupEnabled: false }) });
    expect(html).toMatch(/Delivery method:<\/span> (<!-- -->)?Shipping/);
    expect(html).not.toContain('<legend>Delivery method</legend>');
  });

  it('asks the billing address for a pickup paid by card', () => {
    const html = page({ search: { deliveryMethod: 'pickup', quantity: 1 } });
    expect(html).toContain('<legend>Billing address</legend>');
    expect(html).not.toContain('Billing address same as shipping');
  });

  it('says how the buyer is protected, in the order windows, linking the terms', () => {
    const html = page();
    expect(html).toContain('How you are protected');
    expect(html).toContain('within <!-- -->3<!-- --> days of delivery');
    expect(html).toContain('href="/terms-of-service"');
  });

  it('shows the total beside "Confirm and pay" once priced', () => {
    const priced = render(
      <SubmitButton busy={false} disabled={false} total={{ amount: 5400, currency: 'USD' }} />,
    );
    expect(priced).toMatch(/Total <strong>\$54<\/strong><\/p><button[^>]*>Confirm and pay/);
    expect(render(<SubmitButton busy={false} disabled={false} total={undefined} />)).not.toContain('Total');
  });

  it('hides the quantity at stock 1', () => {
    const html = page({ listing: fixtureListing({ currentStock: 1 }) });
    expect(html).not.toContain('>Quantity</label>');
  });

  it('shows the own-listing message and no form', () => {
    const html = page({ user: { ...buyer, id: 'seller-1' } });
    expect(html).toContain(productOrderMessages.ownListing.replace("'", '&#x27;'));
    expect(html).not.toContain('<form');
  });

  it('says a closed listing is unavailable', () => {
    const html = page({ listing: fixtureListing({ state: 'closed' }) });
    expect(html).toContain(messages.listingUnavailable);
    expect(html).not.toContain('<form');
  });

  it('offers PayPal next to the card, with the simulated card fields', () => {
    const html = page();
    expect(html).toContain('<legend>Pay with</legend>');
    expect(html).toContain('value="paypal"');
    expect(html).toContain('>Card number</label>');
    expect(html).toContain('Card holder&#x27;s name');
    // A shipped order: the billing address is the shipping one until the buyer unchecks it.
    expect(html).toContain('Billing address same as shipping');
    expect(html).not.toContain('<legend>Billing address</legend>');
    expect(html).toContain('Save this card');
    expect(html).toContain('Confirm and pay');
  });

  it('shows the simulated PayPal buttons when PayPal is chosen', () => {
    expect(page()).toMatch(/<input type="radio" name="paymentMethod" value="paypal"\/>PayPal<\/label>/);
    // The section the form shows once PayPal is chosen.
    const section = render(<PaypalSection mode="simulated" busy={false} onPay={() => undefined} />);
    expect(section).toContain('Approve with PayPal (simulated)');
    expect(section).toContain('>Cancel</button>');
  });

  it('hides PayPal when it is not configured and says the publishable key is missing', () => {
    const html = page({ payments: { loaded: true, provider: null, cardMode: null, paypalMode: null } });
    expect(html).not.toContain('value="paypal"');
    expect(html).toContain(messages.missingPublishableKey);
  });

  it('shows the saved card with its brand and last four', () => {
    const user = {
      ...buyer,
      payments: {
        defaultPaymentMethod: {
          stripePaymentMethodId: 'pm_1',
          brand: 'visa',
          last4Digits: '4242',
          expirationMonth: 12,
          expirationYear: 2099,
        },
      },
    } as CurrentUser;
    const html = page({ user });
    expect(html).toContain('•••• 4242');
    expect(html).toContain('Use a new card');
    expect(html).not.toContain('>Card number</label>');
  });

  it('shows "payment made but not confirmed" with a retry, and no second pay button', () => {
    const run = {
      ...newRun({ payment: 'card', saveCard: false, hasMessage: true }),
      status: {
        initiate: 'done',
        'confirm-card': 'done',
        'confirm-payment': 'failed',
        message: 'pending',
      } as const,
      transactionId: 'tx-1',
      failure: { message: messages.paymentNotConfirmed, retry: 'confirm-payment' as const },
    };
    const html = page({ initialRun: run });
    expect(html).toContain(messages.paymentNotConfirmed);
    expect(html).toContain('>Try again</button>');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('Confirming the order<!-- -->: <span class="checkout-step-status">failed</span>');
    expect(html).not.toContain('Confirm and pay');
  });

  it('links to payment methods when saving the card failed, the order kept', () => {
    const run = {
      ...newRun({ payment: 'card', saveCard: true, hasMessage: false }),
      completed: true,
      transactionId: 'tx-1',
      warnings: [
        {
          message: messages.saveDefaultPaymentMethodFailed,
          link: { href: '/account/payment-methods', label: 'Go to payment methods' },
          orderKept: true,
        },
      ],
    };
    const html = page({ initialRun: run });
    expect(html).toContain('Your order has been placed.');
    expect(html).toContain(messages.saveDefaultPaymentMethodFailed);
    expect(html).toContain('href="/account/payment-methods"');
    expect(html).toContain('href="/order/tx-1/details"');
  });
});
