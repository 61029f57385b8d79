import { describe, expect, it } from 'vitest';
import {
  validatePasswordChangeRequest,
  validatePasswordResetRequest,
  validateSignupRequest,
} from './account-requests';
import { base64ToBytes } from './bloom-filter';
import { commonPasswordCheck } from './common-passwords';
import { commonPasswordsFilter } from './common-passwords-filter';

const tooCommon = 'This password is too common. Choose one that is harder to guess.';
const refused = ['password', '12345678', 'qwertyuiop', 'iloveyou1'];
const strong = 'tq7#Lm2vRz!pX4';
const isCommon = commonPasswordCheck(base64ToBytes(commonPasswordsFilter.base64), commonPasswordsFilter);
const signup = { email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe' };
const reset = { email: 'jane@example.com', passwordResetToken: '123456' };

describe("the API's checks of a new password (issue 25)", () => {
  it('refuses common passwords on sign-up, change and reset with the same message', () => {
    for (const password of refused) {
      expect(validateSignupRequest({ ...signup, password }, isCommon)).toEqual({ password: tooCommon });
      expect(
        validatePasswordChangeRequest({ currentPassword: 'old', newPassword: password }, isCommon),
      ).toEqual({
        newPassword: tooCommon,
      });
      expect(validatePasswordResetRequest({ ...reset, newPassword: password }, isCommon)).toEqual({
        newPassword: tooCommon,
      });
    }
  });

  it('accepts a strong password', () => {
    expect(validateSignupRequest({ ...signup, password: strong }, isCommon)).toEqual({});
    expect(
      validatePasswordChangeRequest({ currentPassword: 'password', newPassword: strong }, isCommon),
    ).toEqual({});
    expect(validatePasswordResetRequest({ ...reset, newPassword: strong }, isCommon)).toEqual({});
  });

  it("keeps the forms' own messages first", () => {
    expect(validateSignupRequest({ ...signup, password: '123456' }, isCommon).password).toBe(
      'The password should be at least 8 characters.',
    );
    expect(validatePasswordChangeRequest({ currentPassword: '', newPassword: 'password' }, isCommon)).toEqual(
      {
        currentPassword: 'Current password is required',
        newPassword: tooCommon,
      },
    );
    expect(validatePasswordResetRequest({ newPassword: '' }, isCommon)).toEqual({
      email: 'This field is required',
      passwordResetToken: 'This field is required',
      newPassword: 'This field is required',
    });
  });

  it('does not check the current password (an old common one still opens the account)', () => {
    expect(
      validatePasswordChangeRequest({ currentPassword: 'password', newPassword: strong }, isCommon),
    ).toEqual({});
  });
});
