import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from './custom-message';

const event = (
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  userAttributes: Record<string, string> = { email: 'ada@test.example', given_name: 'Ada' },
) =>
  ({
    triggerSource,
    request: {
      userAttributes,
      codeParameter: '{####}',
      linkParameter: '{##Click##}',
      usernameParameter: null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  }) as unknown as CustomMessageTriggerEvent;

async function mail(source: CustomMessageTriggerEvent['triggerSource'], attributes?: Record<string, string>) {
  const { response } = await handler(event(source, attributes));
  return { subject: response.emailSubject ?? '', html: response.emailMessage ?? '' };
}

/** The code placeholder appears exactly once (cognito-local replaces only the first). */
const placeholders = (html: string) => html.split('{####}').length - 1;

describe('CustomMessage trigger', () => {
  it('sign-up confirmation: verify your e-mail for Velo Exchange, valid 24 hours, what if it was not you', async () => {
    for (const source of ['CustomMessage_SignUp', 'CustomMessage_ResendCode'] as const) {
      const { subject, html } = await mail(source);
      expect(subject).toBe('Verify your e-mail address for Velo Exchange');
      expect(html).toContain('Hello Ada,');
      expect(html).toContain('Your verification code is <strong');
      expect(html).toContain('valid for 24 hours');
      expect(html).toContain('If you did not sign up for Velo Exchange');
      expect(placeholders(html)).toBe(1);
    }
  });

  it('attribute verification (our sign-up and resends) is the same verify-your-e-mail mail', async () => {
    const { subject, html } = await mail('CustomMessage_VerifyUserAttribute');
    expect(subject).toBe('Verify your e-mail address for Velo Exchange');
    expect(html).toContain('valid for 24 hours');
    expect(placeholders(html)).toBe(1);
  });

  it('forgot password: reset your password, valid 1 hour, your password stays if it was not you', async () => {
    const { subject, html } = await mail('CustomMessage_ForgotPassword');
    expect(subject).toBe('Reset your Velo Exchange password');
    expect(html).toContain('Your password reset code is');
    expect(html).toContain('valid for 1 hour');
    expect(html).toContain(
      'If you did not ask for a new password, ignore this e-mail: your password stays as it is.',
    );
    expect(placeholders(html)).toBe(1);
  });

  it('e-mail change: confirm your new address, valid 24 hours, not added without the code', async () => {
    const { subject, html } = await mail('CustomMessage_UpdateUserAttribute');
    expect(subject).toBe('Confirm your new e-mail address for Velo Exchange');
    expect(html).toContain('Your confirmation code is');
    expect(html).toContain('valid for 24 hours');
    expect(html).toContain('without the code this address is not added to any account');
    expect(placeholders(html)).toBe(1);
  });

  it("an invitation (AdminCreateUser) names the username and the temporary password's placeholders", async () => {
    const input = event('CustomMessage_AdminCreateUser');
    input.request.usernameParameter = '{username}';
    const { response } = await handler(input);
    expect(response.emailSubject).toBe('Your Velo Exchange account');
    expect(response.emailMessage).toContain('{username}');
    expect(placeholders(response.emailMessage ?? '')).toBe(1);
  });

  it('a sign-up on an address taken by an unverified account: the owner learns why, and what to do', async () => {
    const input = event('CustomMessage_UpdateUserAttribute');
    input.request.clientMetadata = { velo_code_purpose: 'claim-address' };
    const { response } = await handler(input);
    expect(response.emailSubject).toBe('Verify your e-mail address for Velo Exchange');
    expect(response.emailMessage).toContain('Someone tried to sign up on Velo Exchange with this address');
    expect(response.emailMessage).toContain('removed 7 days after it was made');
    expect(placeholders(response.emailMessage ?? '')).toBe(1);
  });

  it('leaves sign-in codes (not used: MFA is off) to Cognito', async () => {
    const { response } = await handler(event('CustomMessage_Authentication'));
    expect(response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });

  it('escapes the first name and greets plainly without one', async () => {
    expect((await mail('CustomMessage_SignUp', { given_name: '<b>Bo</b>' })).html).toContain(
      'Hello &lt;b&gt;Bo&lt;/b&gt;,',
    );
    expect((await mail('CustomMessage_ForgotPassword', {})).html).toContain('<p>Hello,</p>');
  });
});
