import { describe, expect, it } from 'vitest';
import { isUuid } from '../../../../shared/ids';
import { checkoutSearch } from './search';

/** A transaction id as the API makes them (shared/ids: a v5 UUID of customer and checkout key). */
const transactionId = '2f1c7f4e-9a7b-5c3d-8e2f-0a1b2c3d4e5f';

describe('the checkout search params', () => {
  it('keeps a known delivery method and a whole quantity', () => {
    expect(checkoutSearch({ deliveryMethod: 'shipping', quantity: '2' })).toEqual({
      deliveryMethod: 'shipping',
      quantity: 2,
    });
    expect(checkoutSearch({ deliveryMethod: 'teleport', quantity: '-1' })).toEqual({});
    expect(checkoutSearch({ quantity: '1.5' })).toEqual({});
  });

  it("keeps an enquiry's transaction id in our id format", () => {
    expect(isUuid(transactionId)).toBe(true);
    expect(checkoutSearch({ transactionId, deliveryMethod: 'pickup', quantity: '1' })).toEqual({
      transactionId,
      deliveryMethod: 'pickup',
      quantity: 1,
    });
    expect(checkoutSearch({ transactionId: transactionId.toUpperCase() })).toEqual({
      transactionId: transactionId.toUpperCase(),
    });
  });

  it('drops a malformed transaction id and keeps the rest', () => {
    for (const malformed of [
      'tx-1',
      '../x',
      '',
      `${transactionId}x`,
      // The shape of a UUID without its version and variant.
      '00000000-0000-0000-0000-000000000000',
      42,
      [transactionId],
    ]) {
      expect(checkoutSearch({ transactionId: malformed, quantity: '2' })).toEqual({ quantity: 2 });
    }
  });
});
