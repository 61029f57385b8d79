import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BankTokenState, bankTokenErrorMessage, createBankTokenController } from './bank-token';

const canada = { country: 'CA', currency: 'CAD' };
const fields = { transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' };

function setup(request = vi.fn(async () => 'btok_1')) {
  const states: BankTokenState[] = [];
  const controller = createBankTokenController({ request, onChange: (s) => states.push(s) });
  return { controller, request, states };
}

describe('bank token field (debounce 1000 ms, reset, errors)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('requests a token only after the valid values were still for 1000 ms', async () => {
    const { controller, request } = setup();
    controller.update({ ...canada, fields: { ...fields, accountNumber: '0001' }, valid: true });
    await vi.advanceTimersByTimeAsync(500);
    controller.update({ ...canada, fields, valid: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith({ ...canada, fields });
    await vi.runAllTimersAsync();
    expect(controller.state).toEqual({ token: 'btok_1', inProgress: false, error: undefined });
  });

  it('never requests while the fields are invalid', async () => {
    const { controller, request } = setup();
    controller.update({ ...canada, fields: { transitNumber: '1' }, valid: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(request).not.toHaveBeenCalled();
    expect(controller.state.token).toBe('');
  });

  it('resets the token at the start of each request and when the country or currency changes', async () => {
    const { controller, states } = setup(vi.fn(async () => 'btok_a'));
    controller.update({ ...canada, fields, valid: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.state.token).toBe('btok_a');
    controller.update({ ...canada, fields: { ...fields, accountNumber: '000123456780' }, valid: true });
    expect(controller.state.token).toBe('');
    await vi.advanceTimersByTimeAsync(1000);
    expect(states.some((s) => s.inProgress && s.token === '')).toBe(true);
    expect(controller.state.token).toBe('btok_a');
    controller.update({
      country: 'CA',
      currency: 'USD',
      fields: { ...fields, accountNumber: '000123456780' },
      valid: true,
    });
    expect(controller.state.token).toBe('');
  });

  it('ignores the answer of an older request', async () => {
    let resolveFirst: (token: string) => void = () => undefined;
    const request = vi
      .fn<(input: unknown) => Promise<string>>()
      .mockImplementationOnce(() => new Promise((resolve) => (resolveFirst = resolve)))
      .mockImplementationOnce(async () => 'btok_new');
    const { controller } = setup(request as never);
    controller.update({ ...canada, fields, valid: true });
    await vi.advanceTimersByTimeAsync(1000);
    controller.update({ ...canada, fields: { ...fields, accountNumber: '0001234567' }, valid: true });
    await vi.advanceTimersByTimeAsync(1000);
    resolveFirst('btok_old');
    await vi.runAllTimersAsync();
    expect(controller.state.token).toBe('btok_new');
  });

  it('shows the bank connection failure and clears it on the next edit', async () => {
    const { controller } = setup(vi.fn(async () => Promise.reject(new Error('declined'))));
    controller.update({ ...canada, fields, valid: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.state.error).toBe(bankTokenErrorMessage('CA'));
    expect(controller.state.error).toContain('transit number, institution number and account number');
    expect(controller.state.error).toContain('Canada');
    controller.update({ ...canada, fields: { ...fields, transitNumber: '1100' }, valid: false });
    expect(controller.state.error).toBeUndefined();
  });

  it('does nothing when the same values come again', async () => {
    const { controller, request } = setup();
    controller.update({ ...canada, fields, valid: true });
    await vi.advanceTimersByTimeAsync(1000);
    controller.update({ ...canada, fields: { ...fields }, valid: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(request).toHaveBeenCalledTimes(1);
    expect(controller.state.token).toBe('btok_1');
  });
});
