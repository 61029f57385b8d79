import { describe, expect, it } from 'vitest';
import { inboxIndexTab, inboxOnly, inboxRole, isInboxTab, loadInboxIndexTab, transactionHref } from './inbox';

/** A fake fetch answering `body` with `status`, recording the URLs. */
function fakeFetch(body: unknown, status = 200) {
  const urls: string[] = [];
  const fetchImpl = (async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { urls, options: { fetch: fetchImpl, token: null } };
}

describe('inbox tabs (§2 /inbox/{tab})', () => {
  it('accepts orders and sales only', () => {
    expect(isInboxTab('orders')).toBe(true);
    expect(isInboxTab('sales')).toBe(true);
    for (const tab of ['order', 'sale', 'Sales', '', 'enquiries', 'orders ', '__proto__']) {
      expect(isInboxTab(tab)).toBe(false);
    }
  });

  it('maps a tab to the query and the role', () => {
    expect(inboxOnly('orders')).toBe('order');
    expect(inboxOnly('sales')).toBe('sale');
    expect(inboxRole('orders')).toBe('customer');
    expect(inboxRole('sales')).toBe('provider');
  });

  it('links a row to the order page for the customer and the sale page for the provider', () => {
    expect(transactionHref('tx-1', 'customer')).toBe('/order/tx-1/details');
    expect(transactionHref('tx-1', 'provider')).toBe('/sale/tx-1/details');
    expect(transactionHref('a/b', 'customer')).toBe('/order/a%2Fb/details');
  });
});

describe('which tab /inbox opens', () => {
  it('opens sales for a user with listings, else orders', () => {
    expect(inboxIndexTab(true)).toBe('sales');
    expect(inboxIndexTab(false)).toBe('orders');
  });

  it("decides from the current user's has-listings flag (a draft is not a listing)", async () => {
    const seller = fakeFetch({ data: { id: 'u1', hasListings: true } });
    expect(await loadInboxIndexTab(seller.options)).toBe('sales');
    expect(seller.urls).toEqual(['/api/me']);

    const buyer = fakeFetch({ data: { id: 'u2', hasListings: false } });
    expect(await loadInboxIndexTab(buyer.options)).toBe('orders');
  });

  it('falls back to sales when the listings cannot be read', async () => {
    const failing = fakeFetch({ error: { code: 'server-error', message: 'no' } }, 500);
    expect(await loadInboxIndexTab(failing.options)).toBe('sales');
  });
});
