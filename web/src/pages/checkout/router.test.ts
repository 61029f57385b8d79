import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../../router';

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
});
