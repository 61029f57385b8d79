import { beforeAll, describe, expect, it } from 'vitest';
import { api, mark, messagesTo, signUp, testCloud, uniqueEmail } from './accounts';
import { eventually } from './cloud-env';

beforeAll(() => {
  testCloud();
});

/** The one mail to `email` sent after `since`, once it is in the outbox. */
function mailAfter(email: string, since: string) {
  return eventually(async () => messagesTo(email).find((message) => message.sentAt > since));
}

// Cognito's code e-mails come from the CustomMessage trigger (cognito-local calls the same handler
// through the local Lambda Invoke): each names its purpose, how long the code is valid and what to
// do if it was not you, with the code itself in a line of its own.
describe('code e-mails in the dev outbox', () => {
  it('the sign-up verification mail says to verify the address, valid 24 hours', async () => {
    const account = await signUp({ firstName: 'Ada' });
    const [mail] = messagesTo(account.email);
    expect(mail?.subject).toBe('Verify your e-mail address for Velo Exchange');
    expect(mail?.html).toContain('<strong');
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.text).toMatch(/Your verification code is \d{6}\n/);
    expect(mail?.text).toContain('The code is valid for 24 hours.');
    expect(mail?.text).toContain('If you did not sign up for Velo Exchange');
  });

  it('the password reset mail says it resets the password, valid 1 hour', async () => {
    const account = await signUp();
    const since = await mark();
    expect((await api('POST', '/api/auth/password-reset', { body: { email: account.email } })).status).toBe(
      202,
    );
    const mail = await mailAfter(account.email, since);
    expect(mail.subject).toBe('Reset your Velo Exchange password');
    expect(mail.text).toMatch(/Your password reset code is \d{6}\n/);
    expect(mail.text).toContain('The code is valid for 1 hour.');
    expect(mail.text).toContain('your password stays as it is');
  });

  it('the e-mail change mail asks to confirm the new address, at the new address', async () => {
    const account = await signUp();
    const newEmail = uniqueEmail('moved');
    const since = await mark();
    const changed = await api('POST', '/api/me/email', {
      token: account.accessToken,
      body: { email: newEmail, currentPassword: account.password },
    });
    expect(changed.status).toBe(200);
    const mail = await mailAfter(newEmail, since);
    expect(mail.subject).toBe('Confirm your new e-mail address for Velo Exchange');
    expect(mail.text).toMatch(/Your confirmation code is \d{6}\n/);
    expect(mail.text).toContain('The code is valid for 24 hours.');
    expect(mail.text).toContain('without the code this address is not added to any account');
  });
});
