import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler, publicSignUpRefused } from './pre-sign-up';

const event = (triggerSource: PreSignUpTriggerEvent['triggerSource']) =>
  ({
    triggerSource,
    request: { userAttributes: { email: 'a@b.example' } },
    response: {},
  }) as unknown as PreSignUpTriggerEvent;

describe('pre sign-up', () => {
  it("refuses Cognito's public SignUp", async () => {
    await expect(handler(event('PreSignUp_SignUp'))).rejects.toThrow(publicSignUpRefused);
  });

  it('lets our API (AdminCreateUser) and social sign-in through unchanged', async () => {
    for (const source of ['PreSignUp_AdminCreateUser', 'PreSignUp_ExternalProvider'] as const) {
      const input = event(source);
      expect(await handler(input)).toBe(input);
    }
  });
});
