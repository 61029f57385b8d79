import { describe, expect, it } from 'vitest';
import { callCognito, cognitoFailure, isCognitoError } from './cognito';
import { ApiError } from './errors';

const exception = (name: string, message = 'Cognito says no') => Object.assign(new Error(message), { name });

describe('the Cognito error mapping', () => {
  it('answers a named exception with the caller’s answer, given the error', () => {
    const answer = cognitoFailure(exception('InvalidPasswordException', 'Password too short'), {
      InvalidPasswordException: (error) => new ApiError('validation-invalid-params', error.message),
    });
    expect(answer).toBeInstanceOf(ApiError);
    expect((answer as ApiError).code).toBe('validation-invalid-params');
    expect((answer as ApiError).message).toBe('Password too short');
  });

  it('makes Cognito’s throttles and attempt limits our 429 unless the caller answers them', () => {
    for (const name of ['LimitExceededException', 'TooManyRequestsException']) {
      expect((cognitoFailure(exception(name)) as ApiError).code).toBe('too-many-requests');
    }
    const own = new ApiError('email-too-many-verification-requests');
    expect(cognitoFailure(exception('LimitExceededException'), { LimitExceededException: () => own })).toBe(
      own,
    );
  });

  it('leaves any other error as it is (a server error, not a guess)', () => {
    const other = exception('InternalErrorException');
    expect(cognitoFailure(other, { UserNotFoundException: () => new ApiError('email-not-found') })).toBe(
      other,
    );
    expect(cognitoFailure(undefined)).toBeUndefined();
  });

  it('callCognito passes a result through and throws the mapped failure', async () => {
    await expect(callCognito(async () => 'ok')).resolves.toBe('ok');
    await expect(
      callCognito(
        async () => {
          throw exception('UserNotFoundException');
        },
        { UserNotFoundException: () => new ApiError('email-not-found') },
      ),
    ).rejects.toMatchObject({ code: 'email-not-found' });
  });

  it('isCognitoError matches by name only', () => {
    expect(isCognitoError(exception('UserNotFoundException'), 'UserNotFoundException')).toBe(true);
    expect(isCognitoError(exception('UserNotFoundException'), 'AliasExistsException')).toBe(false);
    expect(isCognitoError(null, 'UserNotFoundException')).toBe(false);
  });
});
