import { describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../../lib/http';
import { signStripePayload, verifyStripeSignature } from '../real';
import { rawBody } from './webhook';

describe('rawBody', () => {
  const payload =
    '{"id":"evt_1","object":"event","type":"account.updated","data":{"object":{"id":"acct_1"}}}';
  it('gives the bytes Stripe signed, base64 bodies (API Gateway) decoded', () => {
    const encoded = { body: Buffer.from(payload).toString('base64'), isBase64Encoded: true } as HttpEvent;
    expect(rawBody(encoded)).toBe(payload);
    expect(verifyStripeSignature(rawBody(encoded), signStripePayload(payload, 'whsec_t'), 'whsec_t').id).toBe(
      'evt_1',
    );
    expect(rawBody({ body: payload, isBase64Encoded: false } as HttpEvent)).toBe(payload);
    expect(rawBody({ isBase64Encoded: false } as HttpEvent)).toBe('');
  });
});
