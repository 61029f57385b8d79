import { afterEach, describe, expect, it, vi } from 'vitest';

const packageName = '@zxcvbn-ts/language-common';

describe("the API's common-password check (issue 25)", () => {
  afterEach(() => {
    vi.doUnmock(packageName);
    vi.resetModules();
  });

  it('is built once from the package beside the bundle, and tried again after a failed load', async () => {
    vi.doMock(packageName, () => {
      throw new Error('Cannot find package');
    });
    const { commonPasswords } = await import('./common-passwords');
    await expect(commonPasswords()).rejects.toThrow();
    vi.doUnmock(packageName);
    const check = await commonPasswords();
    expect(['password', '12345678', 'qwertyuiop', 'iloveyou1'].every(check)).toBe(true);
    expect(check('tq7#Lm2vRz!pX4')).toBe(false);
    expect(await commonPasswords()).toBe(check);
  });
});
