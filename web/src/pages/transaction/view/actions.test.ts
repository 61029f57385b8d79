import { describe, expect, it } from 'vitest';
import { apiErrors, messages } from '../../../../../shared/errors/catalogue';
import { fixtureTransaction } from '../fixtures';
import { actionErrorMessage, actionsFor, shipmentRequired } from './actions';

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
});
