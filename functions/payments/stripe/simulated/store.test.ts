import { describe, expect, it, vi } from 'vitest';

const send = vi.fn(async () => ({ Item: { data: { object: 'account', id: 'acct_1' } } }));
vi.mock('../../../lib/aws', () => ({ dynamo: () => ({ send }), tableName: () => 'velo-test' }));

const { getObject } = await import('./store');

describe('the simulated Stripe store', () => {
  it('reads an object by an id Stripe could have made', async () => {
    expect(await getObject('account', 'acct_1')).toEqual({ object: 'account', id: 'acct_1' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('knows no object by an id Stripe could not have made, without a read (its key would fail)', async () => {
    send.mockClear();
    for (const id of ['', 'a'.repeat(100 * 1024), 'acct 1', 'acct_🚲']) {
      expect(await getObject('account', id)).toBeUndefined();
    }
    expect(send).not.toHaveBeenCalled();
  });
});
