import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../shared/errors/catalogue';
import { ApiError, assertValid, invalidField, invalidWebhookSignature } from './errors';

describe('API errors', () => {
  it('take status and default title from the catalogue', () => {
    const error = new ApiError('email-not-found');
    expect(error.status).toBe(apiErrors['email-not-found'].status);
    expect(error.message).toBe(apiErrors['email-not-found'].title);
  });

  it('assertValid throws validation-invalid-params with only the failed fields', () => {
    expect(() => assertValid({ email: undefined })).not.toThrow();
    try {
      assertValid({ email: 'This field is required', name: undefined });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'validation-invalid-params',
        status: 400,
        meta: { fields: { email: 'This field is required' } },
      });
    }
  });

  it('invalidField is 400 validation-invalid-value with its message as title and on its field', () => {
    expect(invalidField('uploadId', 'Could not read file')).toMatchObject({
      code: 'validation-invalid-value',
      status: 400,
      message: 'Could not read file',
      meta: { fields: { uploadId: 'Could not read file' } },
    });
  });

  it('both webhooks refuse a bad signature the same way', () => {
    expect(invalidWebhookSignature('no header')).toMatchObject({
      code: 'validation-invalid-value',
      message: 'The webhook signature is not valid.',
      meta: { reason: 'no header' },
    });
  });
});
