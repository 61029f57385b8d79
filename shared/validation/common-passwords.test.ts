import { describe, expect, it } from 'vitest';
import { base64ToBytes } from './bloom-filter';
import {
  buildCommonPasswordsFilter,
  commonPasswordCheck,
  commonPasswordForm,
  commonPasswordsPolicy,
  commonPasswordValidator,
  commonPasswordWords,
} from './common-passwords';
import { commonPasswordsFilter } from './common-passwords-filter';
import { newPasswordMessages } from './messages';

const tooCommon = 'This password is too common. Choose one that is harder to guess.';
// The committed filter: the bits the API builds from the package (tests/repo/common-passwords-filter.test.ts).
const isCommon = commonPasswordCheck(base64ToBytes(commonPasswordsFilter.base64), commonPasswordsFilter);
const rule = commonPasswordValidator(isCommon);

/** A small deterministic generator (mulberry32), so the sample of random passwords is the same each run. */
function randomPasswords(count: number, seed = 25): string[] {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#%&*-_.';
  const character = () => alphabet[Math.floor(next() * alphabet.length)];
  return Array.from({ length: count }, () =>
    Array.from({ length: 10 + Math.floor(next() * 8) }, character).join(''),
  );
}

describe('common passwords (issue 25)', () => {
  it('refuses the most common ones with one message', () => {
    expect(newPasswordMessages.tooCommon).toBe(tooCommon);
    for (const password of ['password', '12345678', 'qwertyuiop', 'iloveyou1']) {
      expect(isCommon(password), password).toBe(true);
      expect(rule(password), password).toBe(tooCommon);
    }
  });

  it('compares in lower case', () => {
    expect(commonPasswordForm('PassWord')).toBe('password');
    expect(rule('PASSWORD')).toBe(tooCommon);
    expect(rule('QwertyUiop')).toBe(tooCommon);
  });

  it('accepts strong random passwords', () => {
    for (const password of ['tq7#Lm2vRz!pX4', 'Velo-demo-2026!', 'Correct-horse-9', 'Reset-password-3']) {
      expect(isCommon(password), password).toBe(false);
      expect(rule(password), password).toBeUndefined();
    }
  });

  it('refuses few random passwords by mistake (the filter is sized for 0.1 %)', () => {
    expect(commonPasswordsPolicy.falsePositiveRate).toBe(0.001);
    const sample = randomPasswords(20_000);
    const refused = sample.filter(isCommon).length;
    expect(refused / sample.length).toBeLessThan(0.003);
  });

  it('leaves passwords outside the length rule to its own messages', () => {
    expect(rule('123456')).toBeUndefined();
    expect(rule('password'.repeat(33))).toBeUndefined();
    expect(rule(undefined)).toBeUndefined();
    expect(rule(12345678)).toBeUndefined();
  });

  it('keeps in the filter the ranked words the length rule lets through, once each, in lower case', () => {
    const ranked = ['123456', 'password', 'Password', 'qwertyuiop', 'abc', 'iloveyou1', 'sunshine'];
    expect(commonPasswordWords(ranked, 5)).toEqual(['password', 'qwertyuiop']);
    expect(commonPasswordWords(ranked, 10)).toEqual(['password', 'qwertyuiop', 'iloveyou1', 'sunshine']);
    const filter = buildCommonPasswordsFilter(ranked);
    expect(filter.words).toBe(4);
    const check = commonPasswordCheck(filter.bytes, filter);
    expect(['Password', 'SUNSHINE', 'iloveyou1'].every(check)).toBe(true);
    expect(check('sunshine2')).toBe(false);
  });
});
