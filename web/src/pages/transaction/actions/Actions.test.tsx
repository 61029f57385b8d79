import { renderToString as render } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../../../shared/config/constants';
import { apiErrors, messages } from '../../../../../shared/errors/catalogue';
import { deadlineDayText } from '../../../components/DateLabel';
import { deliveredTransaction, fixtureTransaction, pendingPaymentTransaction } from '../fixtures';
import { actionsFor } from '../view';
import { Actions } from './Actions';
import { type ActionsState, emptyState } from './actions-state';
import { cancelPaymentConfirmation } from './CancelPayment';
import DisputeForm from './DisputeForm';

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

  it('loads the dispute form as its own chunk: the panel shows its progress meanwhile', () => {
    const html = render(
      <Actions
        transaction={fixtureTransaction(deliveredTransaction())}
        actions={actionsFor([{ name: 'dispute' }], 'customer')}
        onApplied={noop}
        initial={{ disputeOpen: true }}
      />,
    );
    expect(html).toContain('Loading the form…');
    expect(html).not.toContain('>Report a problem</button>');
  });

  describe('the dispute form', () => {
    const [dispute] = actionsFor([{ name: 'dispute' }], 'customer');
    const form = (state: Partial<ActionsState>) =>
      render(
        <DisputeForm
          action={dispute!}
          transaction={fixtureTransaction(deliveredTransaction())}
          state={{ ...emptyState, disputeOpen: true, ...state }}
          update={noop}
          updateWith={noop}
          onRun={noop}
        />,
      );

    it('keeps the reason and details and shows the refresh message on a stale order', () => {
      const html = form({
        disputeReason: 'other',
        disputeDetails: 'The frame is cracked',
        error: { kind: 'dispute', message: apiErrors['transaction-invalid-transition'].title },
      });
      expect(html).toContain('<legend');
      expect(tag(html, 'input', 'tx-dispute-reason-other')).toContain('checked=""');
      expect(tag(html, 'input', 'tx-dispute-reason-damaged')).not.toContain('checked=""');
      expect(html).toContain('The frame is cracked</textarea>');
      expect(html).toContain(apiErrors['transaction-invalid-transition'].title);
    });

    it('offers the four reasons, up to six JPEG or PNG photos, and says what happens next by when', () => {
      const html = form({});
      for (const label of [
        'I did not receive the item',
        'The item is not as described',
        'The item arrived damaged',
        'Something else',
      ]) {
        expect(html).toContain(label);
      }
      expect(tag(html, 'input', 'tx-dispute-photos')).toContain('accept="image/jpeg,image/png"');
      expect(html).toContain('What happens next');
      // The date 60 days on (the server's exact deadline shows on the page once reported).
      const by = deadlineDayText(new Date(Date.now() + 60 * DAY_MS));
      expect(html.replaceAll('<!-- -->', '')).toContain(
        `If it has not decided by ${by}, the order is canceled and you are refunded in full.`,
      );
    });

    it("shows the form's messages on their fields", () => {
      const html = form({
        disputeErrors: {
          disputeReason: 'You need to specify a reason',
          disputeDetails: 'Please describe the problem.',
        },
      });
      expect(html).toContain('You need to specify a reason');
      expect(tag(html, 'input', 'tx-dispute-reason-damaged')).toContain('aria-invalid="true"');
      expect(tag(html, 'textarea', 'tx-dispute-details')).toContain('aria-invalid="true"');
    });
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
