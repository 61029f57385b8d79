import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../../shared/api/account';
import type { Listing } from '../../../../shared/api/types';
import { apiErrors, messages } from '../../../../shared/errors/catalogue';
import { listingPath } from '../../../../shared/pages';
import { enquiryMessages, productOrderMessages } from '../../../../shared/validation/messages';
import { ApiRequestError } from '../../api/client';
import { authStore } from '../../auth/store';
import { createAppRouter } from '../../router';
import { ContactSeller } from './ContactSeller';
import { ContactSellerModal } from './ContactSellerModal';
import { contactMode, type EnquiryDeps, sendEnquiry, validateEnquiry } from './enquiry';

vi.mock('../../observability/errors', () => ({ reportError: vi.fn() }));

const appRouter = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={appRouter}>{node}</RouterContextProvider>);

const listing: Listing = {
  id: 'l1',
  slug: 'sram-xx1',
  title: 'SRAM XX1 derailleur',
  description: 'Wireless.',
  price: { amount: 38000, currency: 'USD' },
  state: 'published',
  publicData: {
    category: 'derailleurs',
    condition: 'usedFairCondition',
    pickupEnabled: true,
    shippingEnabled: false,
    location: { city: 'Vancouver', region: 'BC', country: 'CA' },
  },
  geolocation: { lat: 49.28, lng: -123.12 },
  currentStock: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  author: { id: 'seller', displayName: 'Maya T', abbreviatedName: 'MT' },
  images: [],
};

const api = (status: number, code: string) =>
  new ApiRequestError(status, { errors: [{ id: 'e', status, code, title: 'x' }] });

afterEach(() => authStore.reset());

describe('contactMode (§6: contact for signed-in users other than the owner)', () => {
  it('hides the action from the owner, for unpublished listings and sellers without a profile', () => {
    expect(contactMode(listing, { id: 'seller' }, false)).toBe('none');
    expect(contactMode({ ...listing, state: 'closed' }, { id: 'buyer' }, false)).toBe('none');
    expect(contactMode({ ...listing, author: { ...listing.author, banned: true } }, { id: 'b' }, false)).toBe(
      'none',
    );
  });

  it('tells a viewer whose address is unverified to verify it first (issue 25)', () => {
    expect(contactMode(listing, { id: 'buyer', emailVerified: false }, false)).toBe('verify');
    expect(contactMode(listing, { id: 'buyer', emailVerified: true }, false)).toBe('contact');
    expect(contactMode(listing, { id: 'seller', emailVerified: false }, false)).toBe('none');
  });

  it('sends signed-out visitors to log in, others to the modal', () => {
    expect(contactMode(listing, undefined, true)).toBe('login');
    expect(contactMode(listing, { id: 'buyer' }, false)).toBe('contact');
    expect(listingPath(listing)).toBe('/l/sram-xx1/l1');
  });
});

describe('validateEnquiry (§5 Enquiry: message required)', () => {
  it('needs a message that is not only spaces', () => {
    expect(validateEnquiry({})).toEqual({ message: enquiryMessages.messageRequired });
    expect(validateEnquiry({ message: '   ' })).toEqual({ message: enquiryMessages.messageRequired });
    expect(validateEnquiry({ message: 'Is it still available?' })).toEqual({});
  });
});

function fakeDeps(overrides: Partial<EnquiryDeps> = {}) {
  const calls: string[] = [];
  const deps: EnquiryDeps = {
    enquire: async (listingId, key) => {
      calls.push(`enquire:${listingId}:${key}`);
      return { id: 'tx-9' };
    },
    sendMessage: async (id, content) => {
      calls.push(`message:${id}:${content}`);
    },
    ...overrides,
  };
  return { deps, calls };
}

describe('sendEnquiry (§4: initiate the transaction, then send the first message)', () => {
  const input = { listingId: 'l1', checkoutKey: 'k1', content: '  Hello Maya  ' };

  it('enquires, then sends the trimmed message on the new transaction', async () => {
    const { deps, calls } = fakeDeps();
    expect(await sendEnquiry(input, deps)).toEqual({ ok: true, transactionId: 'tx-9' });
    expect(calls).toEqual(['enquire:l1:k1', 'message:tx-9:Hello Maya']);
  });

  it('says why the enquiry failed, with no message sent', async () => {
    for (const [error, message] of [
      [api(403, 'forbidden'), productOrderMessages.ownListing],
      [api(404, 'transaction-listing-not-found'), messages.listingUnavailable],
      // The day's 10 enquiries (issue 25).
      [api(429, 'too-many-requests'), apiErrors['too-many-requests'].title],
      [api(0, 'network-error'), messages.topbarNetworkError],
      [api(500, 'server-error'), messages.sendFailed],
    ] as const) {
      const { deps, calls } = fakeDeps({
        enquire: async () => {
          throw error;
        },
      });
      expect(await sendEnquiry(input, deps)).toEqual({ ok: false, message });
      expect(calls).toEqual([]);
    }
  });

  it('keeps the enquiry when the message fails, and a retry only sends the message', async () => {
    const failing = fakeDeps({
      sendMessage: async () => {
        throw api(500, 'server-error');
      },
    });
    expect(await sendEnquiry(input, failing.deps)).toEqual({
      ok: false,
      transactionId: 'tx-9',
      message: messages.sendFailed,
    });
    const { deps, calls } = fakeDeps();
    expect(await sendEnquiry({ ...input, transactionId: 'tx-9' }, deps)).toEqual({
      ok: true,
      transactionId: 'tx-9',
    });
    expect(calls).toEqual(['message:tx-9:Hello Maya']);
  });

  it('says the day’s limit of messages was reached when the message is refused with 429', async () => {
    const { deps } = fakeDeps({
      sendMessage: async () => {
        throw api(429, 'too-many-requests');
      },
    });
    expect(await sendEnquiry(input, deps)).toEqual({
      ok: false,
      transactionId: 'tx-9',
      message: apiErrors['too-many-requests'].title,
    });
  });
});

describe('ContactSeller', () => {
  it('shows "Contact the seller" to a signed-in buyer and to visitors', () => {
    authStore.set({ status: 'authenticated', currentUser: { id: 'buyer' } as CurrentUser });
    expect(render(<ContactSeller listing={listing} />)).toContain('Contact the seller');
    authStore.set({ status: 'anonymous', currentUser: null });
    expect(render(<ContactSeller listing={listing} />)).toContain('Contact the seller');
  });

  it('shows an unverified buyer why not and the verification link instead of the button', () => {
    authStore.set({
      status: 'authenticated',
      currentUser: { id: 'buyer', emailVerified: false } as CurrentUser,
    });
    const html = render(<ContactSeller listing={listing} />);
    expect(html).toContain('Verify your e-mail address to send messages.');
    expect(html).toContain('href="/verify-email"');
    expect(html).not.toContain('Contact the seller');
  });

  it('is not there for the owner', () => {
    authStore.set({ status: 'authenticated', currentUser: { id: 'seller' } as CurrentUser });
    expect(render(<ContactSeller listing={listing} />)).toBe('');
  });
});

describe('ContactSellerModal', () => {
  const { deps } = fakeDeps();

  it('is a labelled dialog with the message field and the send button', () => {
    const html = render(<ContactSellerModal listing={listing} deps={deps} onClose={() => undefined} />);
    expect(html).toContain('role="dialog"');
    expect(html).toContain('Contact the seller');
    expect(html).toMatch(/<label for="contact-message">Message<\/label>/);
    expect(html).toMatch(/<textarea[^>]*id="contact-message"/);
    expect(html).toContain('Send message');
    expect(html).toContain('Maya T');
  });

  it("says 'failed to send' with a link to the enquiry when only the message failed", () => {
    const html = render(
      <ContactSellerModal
        listing={listing}
        deps={deps}
        onClose={() => undefined}
        initialError={messages.sendFailed}
        initialTransactionId="tx-9"
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain(messages.sendFailed);
    expect(html).toContain('href="/order/tx-9/details"');
  });
});
