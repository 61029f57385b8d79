import { describe, expect, it } from 'vitest';
import { currentFunction, meteredHandler, outsideHandlers, startMetering, UsageMeter } from './usage-meter';

describe('UsageMeter', () => {
  it('rounds each invocation up to the millisecond (at least 1), as Lambda bills', () => {
    const meter = new UsageMeter();
    meter.invoked('orders/http/show', 0.2);
    meter.invoked('orders/http/show', 10.01);
    expect(meter.snapshot().invocations['orders/http/show']).toEqual({ count: 2, billedMs: 1 + 11 });
  });

  it('adds DynamoDB units and S3 requests per handler; reset forgets them', () => {
    const meter = new UsageMeter();
    meter.dynamo('a', { requests: 1, writeUnits: 9 });
    meter.dynamo('a', { requests: 1, readUnits: 0.5 });
    meter.s3Request('a', 'PutObject');
    meter.s3Request('a', 'PutObject');
    expect(meter.snapshot().dynamodb.a).toMatchObject({ requests: 2, readUnits: 0.5, writeUnits: 9 });
    expect(meter.snapshot().s3).toEqual({ a: { PutObject: 2 } });
    meter.reset();
    expect(meter.snapshot()).toEqual({ invocations: {}, dynamodb: {}, s3: {} });
  });
});

describe('meteredHandler', () => {
  // The order matters: metering is off until startMetering, then on for the rest of this process.
  it('off: the handler itself, nothing counted', () => {
    const handler = async () => 'ok';
    expect(meteredHandler('x', handler)).toBe(handler);
  });

  it('on: counts the invocation and names the handler while it runs (failures too)', async () => {
    const meter = startMetering();
    const seen: string[] = [];
    const wrapped = meteredHandler('orders/workflow/plan', async (value: number) => {
      seen.push(currentFunction());
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(currentFunction());
      return value * 2;
    });
    expect(await wrapped(21)).toBe(42);
    const failing = meteredHandler('orders/workflow/plan', async () => {
      throw new Error('boom');
    });
    await expect(failing()).rejects.toThrow('boom');
    expect(seen).toEqual(['orders/workflow/plan', 'orders/workflow/plan']);
    expect(currentFunction()).toBe(outsideHandlers);
    const tally = meter.snapshot().invocations['orders/workflow/plan']!;
    expect(tally.count).toBe(2);
    expect(tally.billedMs).toBeGreaterThanOrEqual(5);
  });
});
