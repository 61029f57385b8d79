import { describe, expect, it, vi } from 'vitest';
import { deliveredTransaction, fixtureTransaction, pendingPaymentTransaction } from '../fixtures';
import { MissingPaypalTransactionError, performAction, type TransitionApi } from './perform-action';

describe('performAction', () => {
  const api = () =>
    ({
      transition: vi.fn(async () => ({})),
      transitionPrivileged: vi.fn(async () => ({})),
      disbursePaypalFunds: vi.fn(async () => ({ paypalDisbursementId: 'disb-1' })),
    }) satisfies TransitionApi;

  it('marks shipped with the tracking number and the version seen', async () => {
    const calls = api();
    await performAction(
      calls,
      fixtureTransaction(),
      { kind: 'mark-delivered', transition: 'mark-delivered' },
      {
        carrier: 'royal-mail',
        trackingNumber: ' 1Z99 ',
      },
    );
    expect(calls.transition).toHaveBeenCalledWith('tx-1', {
      transition: 'mark-delivered',
      expectedVersion: 3,
      params: { protectedData: { carrier: 'royal-mail', trackingNumber: '1Z99' } },
    });
  });

  it("disputes with the reason, the details and the photos' upload ids", async () => {
    const calls = api();
    await performAction(
      calls,
      fixtureTransaction(deliveredTransaction()),
      { kind: 'dispute', transition: 'dispute' },
      {
        disputeReason: 'damaged',
        disputeDetails: ' Frame cracked ',
        disputePhotos: ['u-1', 'u-2'],
      },
    );
    expect(calls.transition).toHaveBeenCalledWith('tx-1', {
      transition: 'dispute',
      expectedVersion: 4,
      params: {
        protectedData: {
          disputeReason: 'damaged',
          disputeDetails: 'Frame cracked',
          disputePhotos: ['u-1', 'u-2'],
        },
      },
    });
  });

  it('marks a card order received privileged', async () => {
    const calls = api();
    await performAction(calls, fixtureTransaction(), {
      kind: 'mark-received',
      transition: 'mark-received-from-purchased',
    });
    expect(calls.disbursePaypalFunds).not.toHaveBeenCalled();
    expect(calls.transitionPrivileged).toHaveBeenCalledWith({
      transactionId: 'tx-1',
      transition: 'mark-received-from-purchased',
      expectedVersion: 3,
    });
  });

  it('disburses a PayPal order first and sends the disbursement id', async () => {
    const calls = api();
    const order: string[] = [];
    calls.disbursePaypalFunds.mockImplementation(async () => {
      order.push('disburse');
      return { paypalDisbursementId: 'disb-1' };
    });
    calls.transitionPrivileged.mockImplementation(async () => {
      order.push('transition');
      return {};
    });
    const tx = fixtureTransaction({
      paymentMethod: 'paypal',
      protectedData: { paypalTransactionId: 'cap-1' },
    });
    await performAction(calls, tx, { kind: 'mark-received', transition: 'mark-received' });
    expect(order).toEqual(['disburse', 'transition']);
    expect(calls.disbursePaypalFunds).toHaveBeenCalledWith({
      paypalTransactionId: 'cap-1',
      sharetribeTransactionId: 'tx-1',
    });
    expect(calls.transitionPrivileged).toHaveBeenCalledWith({
      transactionId: 'tx-1',
      transition: 'mark-received',
      expectedVersion: 3,
      params: { paypalDisbursementId: 'disb-1' },
    });
  });

  it('does not transition when the disbursement fails', async () => {
    const calls = api();
    calls.disbursePaypalFunds.mockRejectedValue(new Error('502'));
    const tx = fixtureTransaction({
      paymentMethod: 'paypal',
      protectedData: { paypalTransactionId: 'cap-1' },
    });
    await expect(
      performAction(calls, tx, { kind: 'mark-received', transition: 'mark-received' }),
    ).rejects.toThrow();
    expect(calls.transitionPrivileged).not.toHaveBeenCalled();
  });

  it('refuses a PayPal order without its capture id', async () => {
    const tx = fixtureTransaction({ paymentMethod: 'paypal' });
    await expect(
      performAction(api(), tx, { kind: 'mark-received', transition: 'mark-received' }),
    ).rejects.toBeInstanceOf(MissingPaypalTransactionError);
  });

  it('cancels privileged', async () => {
    const calls = api();
    await performAction(calls, fixtureTransaction(), { kind: 'cancel', transition: 'cancel' });
    expect(calls.transitionPrivileged).toHaveBeenCalledWith({
      transactionId: 'tx-1',
      transition: 'cancel',
      expectedVersion: 3,
    });
  });

  it('cancels a payment through the non-privileged route, with the version seen', async () => {
    const calls = api();
    await performAction(calls, fixtureTransaction(pendingPaymentTransaction()), {
      kind: 'cancel-payment',
      transition: 'cancel-payment',
    });
    expect(calls.transition).toHaveBeenCalledWith('tx-1', {
      transition: 'cancel-payment',
      expectedVersion: 1,
    });
    expect(calls.transitionPrivileged).not.toHaveBeenCalled();
  });
});
