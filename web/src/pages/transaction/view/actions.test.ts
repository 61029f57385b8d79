import { describe, expect, it } from 'vitest';
import { apiErrors, messages } from '../../../../../shared/errors/catalogue';
import { fixtureTransaction } from '../fixtures';
import { actionErrorMessage, actionsFor, reloadsAfterRefusal, shipmentRequired } from './actions';

describe('actions', () => {
  const all = [
    { name: 'mark-delivered' },
    { name: 'mark-received-from-purchased' },
    { name: 'cancel' },
    { name: 'dispute' },
    { name: 'review-1-by-customer' },
  ] as const;

  it("keeps only what the route's role presses, with the spec's labels", () => {
    expect(actionsFor([...all], 'provider').map((a) => [a.kind, a.label])).toEqual([
      ['mark-delivered', 'Mark shipped'],
    ]);
    expect(actionsFor([...all], 'customer').map((a) => [a.kind, a.transition, a.label])).toEqual([
      ['mark-received', 'mark-received-from-purchased', 'Mark received'],
      ['cancel', 'cancel', 'Cancel order'],
      ['dispute', 'dispute', 'Report a problem'],
    ]);
  });

  it('per state: purchased (seller), delivered (buyer), nothing when the server allows nothing', () => {
    expect(actionsFor([{ name: 'mark-delivered' }], 'provider').map((a) => a.kind)).toEqual([
      'mark-delivered',
    ]);
    expect(
      actionsFor([{ name: 'mark-received' }, { name: 'dispute' }], 'customer').map((a) => a.kind),
    ).toEqual(['mark-received', 'dispute']);
    expect(actionsFor([], 'customer')).toEqual([]);
  });

  it('maps errors to the §8 messages', () => {
    expect(actionErrorMessage('mark-delivered', 'transition-in-progress')).toBe(
      'Transition already in progress',
    );
    expect(actionErrorMessage('mark-received', 'transaction-invalid-transition')).toBe(
      apiErrors['transaction-invalid-transition'].title,
    );
    expect(actionErrorMessage('mark-received', 'paypal-disbursement-failed')).toBe(
      'Funds were not successfully disbursed from paypal',
    );
    expect(actionErrorMessage('mark-delivered', 'server-error')).toBe(messages.markShippedFailed);
    expect(actionErrorMessage('mark-received-from-purchased', undefined)).toBe(messages.markReceivedFailed);
    expect(actionErrorMessage('dispute', 'forbidden')).toBe(messages.disputeFailed);
    expect(actionErrorMessage('cancel', undefined)).toBe(messages.oopsSomethingWentWrong);
    expect(actionErrorMessage('dispute', undefined, true)).toBe(messages.topbarNetworkError);
  });

  it('asks the carrier and tracking number for shipped orders only; a pickup is handed over', () => {
    expect(shipmentRequired(fixtureTransaction())).toBe(true);
    expect(shipmentRequired(fixtureTransaction({ orderData: { deliveryMethod: 'pickup' } }))).toBe(false);
    const pickup = actionsFor([{ name: 'mark-delivered' }], 'provider', 'pickup');
    expect(pickup.map((a) => [a.label, a.progressLabel])).toEqual([
      ['Mark handed over', 'Marking handed over…'],
    ]);
  });

  it('offers the buyer Cancel payment on an order pending payment, never the seller', () => {
    const allowed = [{ name: 'cancel-payment' }, { name: 'expire-payment' }, { name: 'confirm-payment' }];
    expect(actionsFor(allowed, 'customer')).toEqual([
      {
        kind: 'cancel-payment',
        transition: 'cancel-payment',
        label: 'Cancel payment',
        progressLabel: 'Canceling payment…',
      },
    ]);
    expect(actionsFor(allowed, 'provider')).toEqual([]);
  });

  it('a refused Cancel payment says why and reloads the order; other failures do not reload', () => {
    expect(actionErrorMessage('cancel-payment', 'transaction-invalid-transition')).toBe(
      apiErrors['transaction-invalid-transition'].title,
    );
    expect(actionErrorMessage('cancel-payment', 'server-error')).toBe(messages.oopsSomethingWentWrong);
    expect(reloadsAfterRefusal('cancel-payment', 'transaction-invalid-transition')).toBe(true);
    expect(reloadsAfterRefusal('cancel-payment', 'transition-in-progress')).toBe(true);
    expect(reloadsAfterRefusal('cancel-payment', 'server-error')).toBe(false);
    expect(reloadsAfterRefusal('cancel-payment', undefined)).toBe(false);
    // The dispute reason typed would be lost in a reload: its message shows on the form instead.
    expect(reloadsAfterRefusal('dispute', 'transaction-invalid-transition')).toBe(false);
  });
});
