import { createMemoryHistory, isNotFound, isRedirect, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../shared/api/account';
import type { TransactionPage, TransactionRow } from '../../../../shared/api/transactions';
import { ApiRequestError } from '../../api/client';
import { authStore } from '../../auth/store';
import { createAppRouter } from '../../router';
import { emptyTexts, InboxRow } from './InboxPage';

const getTransactions = vi.hoisted(() => vi.fn());
vi.mock('../../api/transactions', () => ({
  getTransactions,
  getNotifications: vi.fn(() => new Promise(() => {})),
}));

const me = { id: 'me', firstName: 'Ana', displayName: 'Ana P', email: 'ana@example.com' } as CurrentUser;

function row(index: number, overrides: Partial<TransactionRow> = {}): TransactionRow {
  return {
    id: `tx-${index}`,
    state: 'delivered',
    lastTransition: 'mark-delivered',
    lastTransitionedAt: '2026-03-04T10:00:00.000Z',
    listing: { id: `l-${index}`, title: `Bike ${index}`, slug: `bike-${index}` },
    otherParty: { id: `u-${index}`, displayName: `Rider ${index}`, abbreviatedName: `R${index}` },
    role: 'customer',
    payinTotal: { amount: 10000, currency: 'USD' },
    payoutTotal: { amount: 9000, currency: 'USD' },
    ...overrides,
  };
}

function page(
  data: TransactionRow[],
  pageNumber = 1,
  totalItems = data.length,
): TransactionPage<TransactionRow> {
  return {
    data,
    meta: { page: pageNumber, perPage: 10, totalItems, totalPages: Math.ceil(totalItems / 10) },
  };
}

/** Loads `url` in the app's router (data, lazy page) and server-renders it. */
async function visit(url: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  // The loader returns its request unawaited: let it settle before rendering.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { router, html: renderToString(<RouterProvider router={router} />) };
}

/** The visible and hidden text of the rendered rows, one string per row. */
function rowTexts(html: string): string[] {
  return [...html.matchAll(/<li class="inbox-row[^"]*">(.*?)<\/li>/g)].map((match) =>
    match[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' '),
  );
}

beforeEach(() => {
  authStore.set({ status: 'authenticated', currentUser: me });
});

afterEach(() => {
  authStore.reset();
  getTransactions.mockReset();
  vi.unstubAllGlobals();
});

describe('InboxPage (§2 /inbox/{tab})', () => {
  it('lists orders with the other party, listing, label for the customer and date, each a link', async () => {
    getTransactions.mockResolvedValue(
      page([row(1), row(2, { state: 'purchased', lastTransition: 'confirm-payment' })], 1, 23),
    );
    const { html } = await visit('/inbox/orders?page=2');
    expect(getTransactions).toHaveBeenCalledWith('order', 2);
    expect(html).toContain('<h1>Inbox</h1>');
    expect(html).toMatch(/<a[^>]*href="\/inbox\/orders"[^>]*aria-current="page"[^>]*>Orders<\/a>/);
    expect(html).not.toMatch(/href="\/inbox\/sales"[^>]*aria-current/);
    expect(html).toMatch(/<a[^>]*href="\/order\/tx-1\/details"[^>]*class="inbox-row-link"/);
    const [first, second] = rowTexts(html);
    // delivered: on its way, the customer has to mark it received (needs action); purchased: waits for the seller.
    expect(first).toMatch(/^R1Rider 1, Bike 1, Needs your action: On its way, (Mar 4|Wed)/);
    expect(second).toMatch(/^R2Rider 2, Bike 2, Waiting for the seller to ship, /);
    expect(second).not.toContain('Needs your action');
    expect(html).toContain('<time');
    // 23 orders: 3 pages, page 2 current, links keep the tab.
    expect(html).toMatch(/<nav class="pagination" aria-label="Orders pages">/);
    expect(html).toMatch(/aria-current="page" href="\/inbox\/orders\?page=2"/);
    expect(html).toContain('href="/inbox/orders?page=3"');
    expect(html).toContain('rel="prev" href="/inbox/orders"');
  });

  it('lists sales with the label for the provider and links to the sale page', async () => {
    getTransactions.mockResolvedValue(
      page([
        row(1, {
          role: 'provider',
          state: 'purchased',
          lastTransition: 'confirm-payment',
          deliveryMethod: 'shipping',
          deadline: { transition: 'auto-cancel', dueAt: '2026-03-09T10:00:00.000Z' },
        }),
        row(2, { role: 'provider', state: 'delivered', deliveryMethod: 'pickup' }),
        row(3, { role: 'provider', state: 'payment-expired', lastTransition: 'expire-payment' }),
        row(4, {
          role: 'provider',
          state: 'canceled',
          lastTransition: 'cancel',
          refund: { amount: { amount: 10000, currency: 'USD' }, refundedAt: '2026-03-04T11:00:00.000Z' },
        }),
      ]),
    );
    const { html } = await visit('/inbox/sales');
    expect(getTransactions).toHaveBeenCalledWith('sale', undefined);
    expect(html).toMatch(/href="\/inbox\/sales"[^>]*aria-current="page"/);
    expect(html).toContain('href="/sale/tx-1/details"');
    const texts = rowTexts(html);
    expect(texts).toHaveLength(3); // payment expired is not shown (§4)
    expect(texts[0]).toContain('Needs your action: Ship by Mon, Mar 9');
    expect(texts[1]).toContain('Picked up');
    expect(texts[1]).not.toContain('Needs your action');
    expect(texts[2]).toContain('Canceled, Refunded $100');
    expect(html).not.toContain('class="pagination"');
  });

  it('shows the empty state of each tab', async () => {
    getTransactions.mockResolvedValue(page([]));
    expect((await visit('/inbox/orders')).html).toContain(emptyTexts.orders);
    expect((await visit('/inbox/sales')).html).toContain(emptyTexts.sales);
  });

  it('shows the failure with a retry button', async () => {
    getTransactions.mockRejectedValue(new ApiRequestError(500, null, 'down'));
    const { html } = await visit('/inbox/sales');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Oops, something went wrong. Please refresh the page and try again.');
    expect(html).toContain('Try again');
  });

  it('answers not found for any other tab, without loading transactions', async () => {
    for (const tab of ['enquiries', 'order', 'SALES']) {
      const { router, html } = await visit(`/inbox/${tab}`);
      expect(isNotFound(router.state.matches[0]?.error)).toBe(true);
      expect(html).toContain('Page not found');
      expect(html).not.toContain('<h1>Inbox</h1>');
    }
    expect(getTransactions).not.toHaveBeenCalled();
  });

  it('sends /inbox to sales for a user with listings and to orders otherwise, replacing the entry', async () => {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
    const inbox = router.routesById['/signed-in/inbox'];
    const decide = async (hasListings: boolean) => {
      const fetchImpl = vi.fn(async (_url: string) => Response.json({ data: { id: 'me', hasListings } }));
      vi.stubGlobal('fetch', fetchImpl);
      const thrown: unknown = await Promise.resolve(
        (inbox.options.beforeLoad as (context: unknown) => unknown)({}),
      ).catch((error: unknown) => error);
      expect(String(fetchImpl.mock.calls[0]?.[0])).toBe('/api/me');
      expect(isRedirect(thrown)).toBe(true);
      const { options } = thrown as { options: { to: string; params: unknown; replace: boolean } };
      expect(options).toMatchObject({ to: '/inbox/$tab', replace: true });
      return options.params;
    };
    expect(await decide(true)).toEqual({ tab: 'sales' });
    expect(await decide(false)).toEqual({ tab: 'orders' });
  });

  it('is a signed-in route (anonymous visitors go to log in)', () => {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
    expect(router.routesById['/signed-in/inbox'].parentRoute.id).toBe('/signed-in');
    expect(router.routesById['/signed-in/inbox/$tab'].parentRoute.id).toBe('/signed-in');
  });
});

describe('InboxRow', () => {
  it('shows banned and deleted users with their placeholder name', async () => {
    const { renderAt } = await import('../../components/test-router');
    const html = await renderAt(
      '/inbox/orders',
      <ul>
        <InboxRow
          row={row(1, { otherParty: { id: 'x', displayName: '', abbreviatedName: '', deleted: true } })}
          forRole="customer"
        />
      </ul>,
    );
    expect(html).toContain('Deleted user');
    expect(html).toContain('avatar-placeholder');
  });
});
