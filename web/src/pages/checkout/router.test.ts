import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../router';
import { checkoutSearch } from './search';

const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/'] }) });

describe('the checkout route', () => {
  it('is signed-in only and wins over the listing variant route', () => {
    const [, params, found] = router.getMatchedRoutes('/l/steel-bike/listing-1/checkout');
    expect(found?.id).toBe('/signed-in/l/$slug/$id/checkout');
    expect(found?.parentRoute?.id).toBe('/signed-in');
    expect(params).toEqual({ slug: 'steel-bike', id: 'listing-1' });
  });

  it('leaves other third segments to the variant route', () => {
    const [, params, found] = router.getMatchedRoutes('/l/steel-bike/listing-1/draft');
    expect(found?.id).toBe('/signed-in/l/$slug/$id/$variant');
    expect(params).toMatchObject({ variant: 'draft' });
    expect(router.getMatchedRoutes('/l/steel-bike/listing-1')[2]?.id).toBe('/l/$slug/$id');
  });

  it("keeps the order panel's search params", () => {
    const route = router.routesById['/signed-in/l/$slug/$id/checkout'];
    const validate = route.options.validateSearch as (raw: Record<string, unknown>) => unknown;
    expect(validate({ deliveryMethod: 'shipping', quantity: '2' })).toEqual({
      deliveryMethod: 'shipping',
      quantity: 2,
    });
    expect(validate({ deliveryMethod: 'drone', quantity: '0' })).toEqual({});
  });

  it("validates with the page's own search validator: an enquiry's transaction id comes through", () => {
    const route = router.routesById['/signed-in/l/$slug/$id/checkout'];
    expect(route.options.validateSearch).toBe(checkoutSearch);
    const validate = route.options.validateSearch as (raw: Record<string, unknown>) => unknown;
    const transactionId = '2f1c7f4e-9a7b-5c3d-8e2f-0a1b2c3d4e5f';
    expect(validate({ transactionId, quantity: '2' })).toEqual({ transactionId, quantity: 2 });
    expect(validate({ transactionId: 'not-an-id', quantity: '2' })).toEqual({ quantity: 2 });
  });
});
