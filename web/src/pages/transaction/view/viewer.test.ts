import { describe, expect, it } from 'vitest';
import { messages } from '../../../../../shared/errors/catalogue';
import { fixtureTransaction } from '../fixtures';
import { fetchFailedMessage, viewerHasRole } from './viewer';

describe('viewer and role', () => {
  const tx = fixtureTransaction();
  it('accepts only the party of the route', () => {
    expect(viewerHasRole(tx, 'customer', 'buyer-1')).toBe(true);
    expect(viewerHasRole(tx, 'provider', 'buyer-1')).toBe(false);
    expect(viewerHasRole(tx, 'provider', 'seller-1')).toBe(true);
    expect(viewerHasRole(tx, 'customer', 'seller-1')).toBe(false);
    expect(viewerHasRole(tx, 'customer', undefined)).toBe(false);
  });

  it('names the failed fetch per role (§8)', () => {
    expect(fetchFailedMessage('customer')).toBe(messages.fetchOrderFailed);
    expect(fetchFailedMessage('provider')).toBe(messages.fetchSaleFailed);
  });
});
