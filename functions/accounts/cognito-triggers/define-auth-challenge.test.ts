import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler as createChallenge } from './create-auth-challenge';
import { handler } from './define-auth-challenge';

type Session = DefineAuthChallengeTriggerEvent['request']['session'];

function event(session: Session, userNotFound = false): DefineAuthChallengeTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'user',
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    triggerSource: 'DefineAuthChallenge_Authentication',
    request: { userAttributes: { sub: 'user' }, session, userNotFound },
    response: { issueTokens: false, failAuthentication: false },
  };
}

const answer = (challengeResult: boolean) => ({
  challengeName: 'CUSTOM_CHALLENGE' as const,
  challengeResult,
  challengeMetadata: 'VELO_LIMITED_SESSION',
});

describe('define auth challenge', () => {
  it('asks one custom challenge first', async () => {
    expect((await handler(event([]))).response).toEqual({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
  });

  it('issues tokens after a correct answer', async () => {
    expect((await handler(event([answer(true)]))).response).toEqual({
      issueTokens: true,
      failAuthentication: false,
    });
  });

  it('fails after a wrong answer, without a second attempt', async () => {
    expect((await handler(event([answer(false)]))).response).toEqual({
      issueTokens: false,
      failAuthentication: true,
    });
    expect((await handler(event([answer(false), answer(true)]))).response.issueTokens).toBe(false);
  });

  it('fails for an unknown user and for any other challenge in the session', async () => {
    expect((await handler(event([], true))).response.failAuthentication).toBe(true);
    const srp = { challengeName: 'PASSWORD_VERIFIER' as const, challengeResult: true };
    expect((await handler(event([srp]))).response).toEqual({ issueTokens: false, failAuthentication: true });
  });
});

describe('create auth challenge', () => {
  it('sends no parameters and keeps no secret', async () => {
    const result = await createChallenge({
      version: '1',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_pool',
      userName: 'user',
      callerContext: { awsSdkVersion: '3', clientId: 'client' },
      triggerSource: 'CreateAuthChallenge_Authentication',
      request: { userAttributes: { sub: 'user' }, challengeName: 'CUSTOM_CHALLENGE', session: [] },
      response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
    });
    expect(result.response.publicChallengeParameters).toEqual({});
    expect(result.response.privateChallengeParameters).toEqual({});
  });
});
