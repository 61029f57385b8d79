import { describe, expect, it } from 'vitest';
import { newRun, planSteps } from './steps';

describe('the checkout steps', () => {
  it('plans the card and PayPal flows', () => {
    expect(planSteps({ payment: 'card', saveCard: true, hasMessage: true })).toEqual([
      'initiate',
      'confirm-card',
      'confirm-payment',
      'save-card',
      'message',
    ]);
    expect(planSteps({ payment: 'card', saveCard: false, hasMessage: false })).toEqual([
      'initiate',
      'confirm-card',
      'confirm-payment',
    ]);
    expect(planSteps({ payment: 'paypal', saveCard: false, hasMessage: true })).toEqual([
      'paypal-order',
      'paypal-approve',
      'initiate',
      'confirm-payment',
      'message',
    ]);
  });
});

describe('buying from an enquiry (?transactionId=)', () => {
  it('plans the card steps even when PayPal was chosen', () => {
    expect(planSteps({ payment: 'paypal', saveCard: false, hasMessage: true, enquiry: true })).toEqual([
      'initiate',
      'confirm-card',
      'confirm-payment',
      'message',
    ]);
    expect(newRun({ payment: 'paypal', saveCard: false, hasMessage: false, enquiry: true }).payment).toBe(
      'card',
    );
  });
});
