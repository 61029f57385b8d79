import { renderToString as render } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { apiErrors, messages } from '../../../../../shared/errors/catalogue';
import { deliveredTransaction, fixtureTransaction, pendingPaymentTransaction } from '../fixtures';
import { actionsFor } from '../view';
import { Actions } from './Actions';
import { cancelPaymentConfirmation } from './CancelPayment';

const noop = () => undefined;

/** The whole `<input id="…">` (or textarea) tag of the html. */
const tag = (html: string, name: string, id: string) =>
  new RegExp(`<${name}[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('Actions', () => {
  const tx = fixtureTransaction();
  const markShipped = actionsFor([{ name: 'mark-delivered' }], 'provider');

  it('shows the §8 message of a failed action and keeps the carrier and tracking number typed', () => {
    const html = render(
      <Actions
        transaction={tx}
        actions={markShipped}
        onApplied={noop}
        initial={{
          carrier: 'dhl',
          trackingNumber: '1Z99-KEEP',
          error: { kind: 'mark-delivered', message: messages.transitionInProgress },
        }}
      />,
    );
    expect(html).toMatch(/<p[^>]*role="alert"[^>]*>Transition already in progress<\/p>/);
    expect(tag(html, 'input', 'tx-tracking-number')).toContain('value="1Z99-KEEP"');
    expect(html).toMatch(/<option value="dhl" selected="">DHL<\/option>/);
  });

  it('shows the shipment messages on the fields', () => {
    const html = render(
      <Actions
        transaction={tx}
        actions={markShipped}
        onApplied={noop}
        initial={{
          shipmentErrors: {
            carrier: 'You need to choose a carrier.',
            trackingNumber: 'You need to add a tracking number.',
          },
        }}
      />,
    );
    expect(html).toContain('You need to choose a carrier.');
    expect(html).toContain('You need to add a tracking number.');
    expect(tag(html, 'select', 'tx-carrier')).toContain('aria-invalid="true"');
  });

  it('shows progress and disables the buttons while an action runs', () => {
    const html = render(
      <Actions
        transaction={tx}
        actions={markShipped}
        onApplied={noop}
        initial={{ pending: 'mark-delivered' }}
      />,
    );
    expect(html).toContain('Marking shipped…');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*aria-busy="true"/);
  });

  it('keeps the dispute reason and shows the refresh message on a stale order', () => {
    const dispute = actionsFor([{ name: 'dispute' }], 'customer');
    const html = render(
      <Actions
        transaction={fixtureTransaction(deliveredTransaction())}
        actions={dispute}
        onApplied={noop}
        initial={{
          disputeOpen: true,
          disputeReason: 'The frame is cracked',
          error: { kind: 'dispute', message: apiErrors['transaction-invalid-transition'].title },
        }}
      />,
    );
    expect(html).toContain('>What went wrong?</label>');
    expect(html).toContain('The frame is cracked</textarea>');
    expect(html).toContain(apiErrors['transaction-invalid-transition'].title);
  });

  it('shows the required-reason message of the dispute validator', () => {
    const html = render(
      <Actions
        transaction={fixtureTransaction(deliveredTransaction())}
        actions={actionsFor([{ name: 'dispute' }], 'customer')}
        onApplied={noop}
        initial={{
          disputeOpen: true,
          fieldError: { kind: 'dispute', message: 'You need to specify a reason' },
        }}
      />,
    );
    expect(html).toContain('You need to specify a reason');
    expect(tag(html, 'textarea', 'tx-dispute-reason')).toContain('aria-invalid="true"');
  });

  describe('Cancel payment', () => {
    const pending = fixtureTransaction(pendingPaymentTransaction());
    const cancelPayment = actionsFor([{ name: 'cancel-payment' }], 'customer');
    const now = new Date('2026-11-20T10:00:00.000Z');

    it('says by when to complete the payment, beside the button', () => {
      const html = render(
        <Actions transaction={pending} actions={cancelPayment} onApplied={noop} now={now} />,
      );
      expect(html).toContain('Complete the payment by <time');
      expect(html).toContain('dateTime="2026-11-20T10:13:00.000Z"');
      expect(html).toContain('or cancel it now to release the item.');
      expect(html).toMatch(
        /<button type="button" class="button button-secondary"[^>]*>Cancel payment<\/button>/,
      );
    });

    it('shows its progress while it runs, and its message when it failed', () => {
      const running = render(
        <Actions
          transaction={pending}
          actions={cancelPayment}
          onApplied={noop}
          initial={{ pending: 'cancel-payment' }}
        />,
      );
      expect(running).toContain('Canceling payment…');
      expect(running).toMatch(/<button type="button"[^>]*disabled=""[^>]*aria-busy="true"/);
      const failed = render(
        <Actions
          transaction={pending}
          actions={cancelPayment}
          onApplied={noop}
          initial={{ error: { kind: 'cancel-payment', message: messages.oopsSomethingWentWrong } }}
        />,
      );
      expect(failed).toContain(messages.oopsSomethingWentWrong);
    });

    it('asks first: nothing was charged, the item goes back on sale', () => {
      const body = render(
        <cancelPaymentConfirmation.Body action={cancelPayment[0]!} transaction={pending} />,
      );
      expect(cancelPaymentConfirmation).toMatchObject({
        title: 'Cancel this payment?',
        confirmLabel: 'Cancel payment',
        cancelLabel: 'Keep order',
      });
      expect(body).toContain('You have not been charged.');
    });
  });
});
