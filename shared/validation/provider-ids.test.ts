import { describe, expect, it } from 'vitest';
import { isProviderId, maxProviderIdLength } from './provider-ids';

describe('isProviderId', () => {
  it("takes Stripe's and PayPal's ids, up to 255 visible ASCII characters", () => {
    for (const id of ['pm_1NvQx2LkdIwHu7ix', 'SIMMERCHANT1A2B3C', 'x'.repeat(maxProviderIdLength)]) {
      expect(isProviderId(id), id).toBe(true);
    }
  });

  it('refuses empty, long, spaced, control and non-ASCII ids', () => {
    for (const id of [
      '',
      'x'.repeat(maxProviderIdLength + 1),
      'a'.repeat(100 * 1024),
      'pm 1',
      'pm_\u0000',
      'pm_🚲',
    ]) {
      expect(isProviderId(id), id.slice(0, 20)).toBe(false);
    }
  });
});
