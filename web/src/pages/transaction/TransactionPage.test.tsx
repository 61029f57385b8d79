import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterContextProvider,
  RouterProvider,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../shared/api/account';
import type { AllowedTransitionView, TransactionShow } from '../../../../shared/api/transactions';
import { messages } from '../../../../shared/errors/catalogue';
import { londonAddress } from '../../../../shared/text/addresses.test-helper';
import { ApiRequestError, settle } from '../../api/client';
import { authStore } from '../../auth/store';
import { createAppRouter } from '../../router';
import { parseSearch, stringifySearch } from '../../search/params';
import {
  deliveredTransaction,
  fixtureShow,
  fixtureTransaction,
  PURCHASED_AT,
  pendingPaymentTransaction,
} from './fixtures';
import { MessageThread } from './MessageThread';
import { OrderDetailsPage, SaleDetailsPage, TransactionContent } from './TransactionPage';

const appRouter = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={appRouter}>{node}</RouterContextProvider>);

const soon = new Date(Date.parse(PURCHASED_AT) + 3_600_000);
const noop = () => undefined;

function page(
  role: 'customer' | 'provider',
  show: TransactionShow,
  allowed: AllowedTransitionView[] | 'failed' = [],
) {
  const userId = role === 'customer' ? show.transaction.customerId : show.transaction.providerId;
  return render(
    <TransactionContent
      role={role}
      show={show}
      allowed={allowed}
      userId={userId}
      onApplied={noop}
      now={soon}
    />,
  );
}

afterEach(() => authStore.reset());

describe('TransactionContent', () => {
  it("shows the status of the viewer's role and delivery method, never as an action", () => {
    const show = fixtureShow(deliveredTransaction());
    expect(page('customer', show)).toMatch(/class="tx-state tx-state-delivered">On its way</);
    const sale = page('provider', show);
    expect(sale).toMatch(/class="tx-state tx-state-delivered">Shipped</);
    expect(sale).not.toContain('Mark as received');
    // Purchased: the seller's label carries the ship-by day of the server's deadline.
    expect(page('provider', fixtureShow())).toMatch(/>Ship by Wed,\u00a0Nov\u00a025</);
    expect(page('customer', fixtureShow())).toMatch(/>Waiting for the seller to ship</);
    const pickup = fixtureShow({ orderData: { deliveryMethod: 'pickup', quantity: 1 } });
    expect(page('customer', pickup)).toMatch(/>Ready for pickup</);
    expect(page('provider', pickup)).toMatch(/>Hand over by Wed,\u00a0Nov\u00a025</);
  });

  it("the seller's Ship to (copyable) and the buyer's Shipping to", () => {
    const shippingDetails = londonAddress;
    const show = fixtureShow({ protectedData: { shippingDetails } });
    const sale = page('provider', show);
    expect(sale).toContain('>Ship to</h2>');
    for (const text of [
      'Ann Smith',
      '10 Downing Street',
      'London',
      'SW1A 2AA',
      'United Kingdom',
      '+44 20 7946 0958',
    ]) {
      expect(sale).toContain(text);
    }
    expect(sale).toContain('>Copy address</button>');
    const order = page('customer', show);
    expect(order).toContain('>Shipping to</h2>');
    expect(order).toContain('SW1A 2AA');
    expect(
      page('provider', fixtureShow({ state: 'reviewed', protectedData: { shippingDetails } })),
    ).not.toContain('Ship to');
  });

  it('a pickup: the place with copy and maps for the buyer, and before payment when it comes', () => {
    const place = {
      address: 'Berlin, Germany',
      building: 'Kastanienallee 12',
      geolocation: { lat: 52.5, lng: 13.4 },
    };
    const paid = fixtureShow({
      orderData: { deliveryMethod: 'pickup', quantity: 1 },
      protectedData: { pickupLocation: place },
    });
    const order = page('customer', paid);
    expect(order).toContain('>Pickup address</h2>');
    expect(order).toContain('Kastanienallee 12');
    expect(order).toContain(
      'href="https://www.openstreetmap.org/search?query=Kastanienallee%2012%2C%20Berlin%2C%20Germany"',
    );
    expect(order).toContain('Open in maps');
    const pending = fixtureShow({
      state: 'pending-payment',
      orderData: { deliveryMethod: 'pickup', quantity: 1 },
    });
    expect(page('customer', pending)).toContain('shown here once your payment is confirmed');
  });

  it('links the tracking number to the carrier and shows a refund as a refund', () => {
    const shipped = page('customer', fixtureShow(deliveredTransaction()));
    expect(shipped).toContain('UPS tracking number: ');
    expect(shipped).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    const refunded = fixtureShow({
      state: 'canceled',
      refund: { amount: { amount: 107500, currency: 'USD' }, refundedAt: PURCHASED_AT },
    });
    expect(page('customer', refunded)).toContain('Refunded $1,075');
    expect(page('provider', refunded)).toContain('Refunded $1,075 to the buyer');
  });

  it('heads the page with the listing (linked) and the other party', () => {
    const html = page('customer', fixtureShow());
    expect(html).toMatch(
      /<h1[^>]*><a[^>]*href="\/l\/steel-gravel-bike\/listing-1"[^>]*>Steel gravel bike<\/a><\/h1>/,
    );
    expect(html).toContain('Seller: ');
    expect(html).toContain('href="/u/seller-1"');
    expect(html).toContain('The seller ships the item and adds a tracking number within 5 days');
    expect(page('provider', fixtureShow())).toContain('Buyer: ');
  });

  it('breaks the order down per role', () => {
    const order = page('customer', fixtureShow());
    expect(order).toContain('Service fee');
    expect(order).not.toContain('Marketplace fee');
    expect(order).toContain('Total price');
    expect(order).toContain('$1,075');

    const sale = page('provider', fixtureShow());
    expect(sale).toContain('Marketplace fee');
    expect(sale).not.toContain('Service fee');
    expect(sale).toContain('You&#x27;ll make');
    expect(sale).toContain('$925');
    expect(sale).not.toContain('$1,075');
  });

  it('an enquiry has no price yet: no breakdown (a $0 total would mislead)', () => {
    const enquiry = fixtureShow(
      fixtureTransaction({
        state: 'enquiry',
        lineItems: [],
        payinTotal: { amount: 0, currency: 'USD' },
        payoutTotal: { amount: 0, currency: 'USD' },
      }),
    );
    for (const role of ['customer', 'provider'] as const) {
      const html = page(role, enquiry);
      expect(html).not.toContain('Order breakdown');
      expect(html).not.toContain('$0');
    }
  });

  it('shows the activity and the deadlines still running', () => {
    const order = page('customer', fixtureShow());
    expect(order).toContain('The order was placed.');
    expect(order).toContain('The seller must ship by ');
    expect(order).toContain('You can cancel the order until ');
    const sale = page('provider', fixtureShow());
    expect(sale).toContain('Ship by ');
    expect(sale).not.toContain('You can cancel');
  });

  it('shows the actions the server allows, per state and role', () => {
    const purchasedSale = page('provider', fixtureShow(), [{ name: 'mark-delivered' }]);
    expect(purchasedSale).toContain('Mark shipped');
    expect(purchasedSale).toContain('>Carrier</label>');
    expect(purchasedSale).toContain('>Royal Mail</option>');
    expect(purchasedSale).toContain('>Tracking number</label>');
    expect(purchasedSale).not.toContain('Mark received');
    const pickupSale = page(
      'provider',
      fixtureShow({ orderData: { deliveryMethod: 'pickup', quantity: 1 } }),
      [{ name: 'mark-delivered' }],
    );
    expect(pickupSale).toContain('Mark handed over');
    expect(pickupSale).not.toContain('Tracking number');

    const purchasedOrder = page('customer', fixtureShow(), [
      { name: 'mark-received-from-purchased' },
      { name: 'cancel' },
    ]);
    expect(purchasedOrder).toContain('Mark received');
    expect(purchasedOrder).toContain('Cancel order');
    expect(purchasedOrder).not.toContain('Mark shipped');

    const deliveredOrder = page('customer', fixtureShow(deliveredTransaction()), [
      { name: 'mark-received' },
      { name: 'dispute' },
    ]);
    expect(deliveredOrder).toContain('Mark received');
    expect(deliveredOrder).toContain('Report a problem');
    expect(deliveredOrder).toContain('1Z999AA10123456784');

    const nothing = page('customer', fixtureShow({ state: 'canceled' }), []);
    expect(nothing).not.toContain('What you can do');
    // A transition the other role takes is never shown, even if listed.
    expect(page('customer', fixtureShow(), [{ name: 'mark-delivered' }])).not.toContain('Mark shipped');
  });

  it('an order pending payment tells the buyer what to do and by when, and offers Cancel payment', () => {
    const html = page('customer', fixtureShow(pendingPaymentTransaction()), [{ name: 'cancel-payment' }]);
    expect(html).toContain('>Pending payment</p>');
    expect(html).toContain('Finish it in the checkout if it is still open, or cancel it here.');
    expect(html).toContain('Complete the payment by <time');
    expect(html).toContain('>Cancel payment</button>');
    const expired = page(
      'customer',
      fixtureShow(pendingPaymentTransaction({ state: 'payment-expired' })),
      [],
    );
    expect(expired).toContain('>Payment expired</p>');
    expect(expired).toContain('Nothing was charged.');
    expect(expired).not.toContain('Cancel payment');
  });

  it('says fetching failed when the allowed transitions could not be loaded', () => {
    expect(page('provider', fixtureShow(), 'failed')).toContain(messages.fetchSaleFailed);
  });

  it('disables messaging with the reason when the other party was removed', () => {
    const banned = fixtureShow(
      {},
      { provider: { id: 'seller-1', displayName: 'x', abbreviatedName: 'x', banned: true } },
    );
    const order = page('customer', banned);
    expect(order).toContain(messages.sendingMessageNotAllowed);
    expect(order).not.toContain('id="tx-message-content"');
    expect(order).toContain('Banned user');
    expect(order).not.toContain('href="/u/seller-1"');
    // The seller can still write to the buyer.
    expect(page('provider', banned)).toContain('id="tx-message-content"');
  });
});

describe('MessageThread', () => {
  const other = fixtureShow().provider;
  const message = (id: string, senderId: string, content: string) => ({
    id,
    transactionId: 'tx-1',
    createdAt: PURCHASED_AT,
    content,
    senderId,
  });

  it('shows messages oldest first with You and the other name, and offers older pages', () => {
    const html = render(
      <MessageThread
        transactionId="tx-1"
        userId="buyer-1"
        other={other}
        initial={{
          status: 'ready',
          totalPages: 2,
          pages: [
            [message('m2', 'seller-1', 'Shipped today'), message('m1', 'buyer-1', 'Is it still there?')],
          ],
        }}
      />,
    );
    expect(html.indexOf('Is it still there?')).toBeLessThan(html.indexOf('Shipped today'));
    expect(html).toContain('>You<');
    expect(html).toContain('>Sam S<');
    expect(html).toContain('Show older messages');
  });

  it("keeps the text and says 'failed to send' when sending failed", () => {
    const html = render(
      <MessageThread
        transactionId="tx-1"
        userId="buyer-1"
        other={other}
        initial={{ status: 'ready', draft: 'Hello there', sendError: messages.sendFailed }}
      />,
    );
    expect(html).toContain('Hello there</textarea>');
    expect(html).toMatch(/role="alert"[^>]*>Failed to send\. Please try again\.</);
  });

  it('is disabled with the reason when the other party was removed', () => {
    const html = render(
      <MessageThread
        transactionId="tx-1"
        userId="buyer-1"
        other={{ ...other, deleted: true }}
        disabledReason={messages.sendingMessageNotAllowed}
        initial={{ status: 'ready' }}
      />,
    );
    expect(html).toContain(messages.sendingMessageNotAllowed);
    expect(html).not.toContain('<textarea');
  });

  it('an unverified viewer before payment gets why and the verification link instead of the form', () => {
    const html = render(
      <MessageThread
        transactionId="tx-1"
        userId="buyer-1"
        other={other}
        verifyEmailFirst
        initial={{ status: 'ready' }}
      />,
    );
    expect(html).toContain('Verify your e-mail address to send messages.');
    expect(html).toContain('href="/verify-email"');
    expect(html).not.toContain('<textarea');
  });

  it('says loading messages failed', () => {
    const html = render(
      <MessageThread transactionId="tx-1" userId="buyer-1" other={other} initial={{ status: 'failed' }} />,
    );
    expect(html).toContain(messages.messagesLoadingFailed);
  });
});

describe('OrderDetailsPage and SaleDetailsPage', () => {
  /** The page at its route id ('/signed-in/order/$id/details') with a loader answering `show`. */
  async function renderPage(role: 'customer' | 'provider', show: Promise<TransactionShow>, userId: string) {
    authStore.set({ status: 'authenticated', currentUser: { id: userId } as CurrentUser });
    const root = createRootRoute({ component: Outlet });
    const signedIn = createRoute({ getParentRoute: () => root, id: 'signed-in' });
    const kind = role === 'customer' ? 'order' : 'sale';
    const details = createRoute({
      getParentRoute: () => signedIn,
      path: `/${kind}/$id/details`,
      loader: async () => {
        const data = { show: settle(show), allowed: settle(Promise.resolve([] as AllowedTransitionView[])) };
        await data.show;
        await data.allowed;
        return data;
      },
      component: role === 'customer' ? OrderDetailsPage : SaleDetailsPage,
    });
    const router = createRouter({
      routeTree: root.addChildren([signedIn.addChildren([details])]),
      history: createMemoryHistory({ initialEntries: [`/${kind}/tx-1/details`] }),
      parseSearch,
      stringifySearch,
    });
    await router.load();
    return renderToString(<RouterProvider router={router} />);
  }

  it('shows the order to its customer', async () => {
    const html = await renderPage('customer', Promise.resolve(fixtureShow()), 'buyer-1');
    expect(html).toContain('Waiting for the seller to ship');
    expect(html).toContain('Steel gravel bike');
  });

  it('is not found for a customer opening the sale page', async () => {
    const html = await renderPage('provider', Promise.resolve(fixtureShow()), 'buyer-1');
    expect(html).toContain('Page not found');
    expect(html).not.toContain('Steel gravel bike');
  });

  it('is not found on a 404', async () => {
    const html = await renderPage('customer', Promise.reject(new ApiRequestError(404, null)), 'buyer-1');
    expect(html).toContain('Page not found');
  });

  it('says fetching failed, with a retry, on another error', async () => {
    const html = await renderPage('provider', Promise.reject(new ApiRequestError(500, null)), 'seller-1');
    expect(html).toContain(messages.fetchSaleFailed);
    expect(html).toContain('Try again');
  });
});
