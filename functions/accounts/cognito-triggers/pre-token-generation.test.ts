import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from './pre-token-generation';

function event(clientMetadata?: Record<string, string>): PreTokenGenerationV2TriggerEvent {
  return {
    version: '2',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'user',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource: 'TokenGeneration_Authentication',
    request: {
      userAttributes: { sub: 'user' },
      groupConfiguration: {},
      scopes: ['aws.cognito.signin.user.admin', 'openid', 'email'],
      ...(clientMetadata ? { clientMetadata } : {}),
    },
    response: { claimsAndScopeOverrideDetails: {} },
  };
}

describe('pre token generation (V2)', () => {
  it('gives a limited session only user:limited', async () => {
    const result = await handler(event({ velo_session: 'limited' }));
    expect(result.response.claimsAndScopeOverrideDetails.accessTokenGeneration).toEqual({
      scopesToSuppress: ['aws.cognito.signin.user.admin', 'openid', 'email'],
      scopesToAdd: ['user:limited'],
    });
  });

  it('leaves every other sign-in unchanged', async () => {
    for (const metadata of [undefined, {}, { velo_session: 'full' }] as Array<
      Record<string, string> | undefined
    >) {
      const input = event(metadata);
      const before = structuredClone(input);
      expect(await handler(input)).toEqual(before);
    }
  });
});
