import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../shared/process/graph';
import { createAppRouter } from '../../router';
import { EnquiryActions, enquiryCheckoutHref } from './EnquiryActions';
import { fixtureShow, fixtureTransaction } from './fixtures';

const appRouter = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });
const render = (node: ReactNode) =>
  renderToString(<RouterContextProvider router={appRouter}>{node}</RouterContextProvider>);

const customer: Role = 'customer';
const provider: Role = 'provider';
const enquiry = fixtureTransaction({ state: 'enquiry', lastTransition: 'enquire', orderData: {} });

describe('EnquiryActions', () => {
  it('gives the customer "Buy now": the checkout on this transaction', () => {
    const html = render(<EnquiryActions show={fixtureShow(enquiry)} role={customer} />);
    expect(html).toContain('Buy now');
    expect(html).toContain('href="/l/steel-gravel-bike/listing-1/checkout?transactionId=tx-1"');
  });

  it('tells the provider to answer the enquiry, with no buy button', () => {
    const html = render(<EnquiryActions show={fixtureShow(enquiry)} role={provider} />);
    expect(html).toContain('An enquiry about your listing');
    expect(html).not.toContain('Buy now');
  });

  it('shows nothing once the enquiry became an order', () => {
    expect(render(<EnquiryActions show={fixtureShow(fixtureTransaction())} role={customer} />)).toBe('');
  });

  it('carries the delivery method and quantity when the order has them', () => {
    expect(enquiryCheckoutHref({ ...enquiry, orderData: { deliveryMethod: 'pickup', quantity: 2 } })).toBe(
      '/l/steel-gravel-bike/listing-1/checkout?transactionId=tx-1&deliveryMethod=pickup&quantity=2',
    );
  });
});
