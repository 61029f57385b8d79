import { describe, expect, it } from 'vitest';
import {
  isPossibleConfirmationCode,
  passwordValidator,
  validateContactDetails,
  validateIdpSignup,
  validateLogin,
  validatePasswordChange,
  validatePasswordRecovery,
  validatePasswordReset,
  validateProfile,
  validateSignup,
} from './account';

const good = { email: 'jane@example.com', firstName: 'Jane', lastName: 'Doe', password: 'secret123' };

describe('signup (§5 exact messages)', () => {
  it('accepts a valid signup', () => {
    expect(validateSignup(good)).toEqual({});
  });
  it('uses the spec wording', () => {
    expect(validateSignup({})).toEqual({
      email: 'You need to add an email.',
      firstName: 'You need to add a first name.',
      lastName: 'You need to add a last name.',
      password: 'You need to add a password.',
    });
    expect(validateSignup({ ...good, email: 'jane@' }).email).toBe('A valid email address is required');
    expect(validateSignup({ ...good, firstName: '   ' }).firstName).toBe('You need to add a first name.');
  });
  it('bounds the password to 8–256 characters', () => {
    expect(validateSignup({ ...good, password: '1234567' }).password).toBe(
      'The password should be at least 8 characters.',
    );
    // The length rule only: the common-password rule (which refuses it) is account-requests.ts's.
    expect(validateSignup({ ...good, password: '12345678' }).password).toBeUndefined();
    expect(validateSignup({ ...good, password: 'x'.repeat(256) }).password).toBeUndefined();
    expect(validateSignup({ ...good, password: 'x'.repeat(257) }).password).toBe(
      'The password should be at most 256 characters.',
    );
    const v = passwordValidator({ required: 'r', tooShort: 's', tooLong: 'l' });
    expect([v(''), v('short'), v('x'.repeat(300)), v('just right')]).toEqual(['r', 's', 'l', undefined]);
  });
});

describe('social sign-up confirm step', () => {
  it('asks for the names with the signup wording', () => {
    expect(validateIdpSignup({ firstName: 'Jane', lastName: 'Doe' })).toEqual({});
    expect(validateIdpSignup({})).toEqual({
      firstName: 'You need to add a first name.',
      lastName: 'You need to add a last name.',
    });
  });
});

describe('other account forms', () => {
  it('login', () => {
    expect(validateLogin({})).toEqual({
      email: 'This field is required',
      password: 'This field is required',
    });
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({
      email: 'A valid email address is required',
    });
  });
  it('password change', () => {
    expect(validatePasswordChange({})).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'A new password is required',
    });
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'short' }).newPassword).toBe(
      'The password should be at least 8 characters',
    );
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'long enough' })).toEqual({});
  });
  it('password reset and recovery', () => {
    expect(
      validatePasswordReset({ email: 'a@b.co', passwordResetToken: 't', newPassword: 'x'.repeat(8) }),
    ).toEqual({});
    expect(validatePasswordReset({ email: 'a@b.co', passwordResetToken: 't', newPassword: 'x' })).toEqual({
      newPassword: 'Password should be at least 8 characters',
    });
    expect(validatePasswordReset({}).email).toBe('This field is required');
    expect(validatePasswordRecovery({ email: 'bad' })).toEqual({
      email: 'A valid email address is required',
    });
    expect(validatePasswordRecovery({ email: 'a@b.co' })).toEqual({});
  });
  it('contact details need the current password only to change the email', () => {
    expect(validateContactDetails({ email: 'a@b.co', currentEmail: 'a@b.co' })).toEqual({});
    expect(validateContactDetails({ email: 'new@b.co', currentEmail: 'a@b.co' })).toEqual({
      currentPassword: 'A password is required',
    });
    expect(
      validateContactDetails({ email: 'new@b.co', currentEmail: 'a@b.co', currentPassword: 'short' }),
    ).toEqual({
      currentPassword: 'The password should be at least 8 characters',
    });
    expect(validateContactDetails({ email: '' })).toEqual({ email: 'An email address is required' });
  });
  it('profile', () => {
    expect(validateProfile({ firstName: 'J', lastName: 'D', bio: 'x'.repeat(5000) })).toEqual({});
    expect(validateProfile({ bio: 'x'.repeat(5001) })).toEqual({
      firstName: 'This field is required',
      lastName: 'This field is required',
      bio: 'Must be 5000 characters or less',
    });
  });
});

describe('isPossibleConfirmationCode', () => {
  it("takes Cognito's codes (1 to 2,048 characters, no white space) and nothing else", () => {
    expect(isPossibleConfirmationCode('123456')).toBe(true);
    expect(isPossibleConfirmationCode('x'.repeat(2_048))).toBe(true);
    for (const code of ['', 'x'.repeat(2_049), '12 34', '1234\n', 'a'.repeat(100 * 1024)]) {
      expect(isPossibleConfirmationCode(code), code.slice(0, 20)).toBe(false);
    }
  });
});
