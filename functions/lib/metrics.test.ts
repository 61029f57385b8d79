import { describe, expect, it, vi } from 'vitest';
import { captureEmf, metricValues } from './emf.test-helper';
import { httpHandler, json } from './http';
import { loggedHandler } from './lambda-handler';
import { metrics as catalogue } from './metric-catalogue';
import { countProviderCall, flushMetrics, type PlainMetricKey, recordMetric } from './metrics';
import { metricsPackage } from './powertools';

const { emf } = captureEmf();

const event = {
  routeKey: 'GET /api/test',
  rawPath: '/api/test',
  requestContext: { requestId: 'req-1', http: { method: 'GET' } },
} as unknown as Parameters<ReturnType<typeof httpHandler>>[0];
const context = { functionName: 'test', awsRequestId: 'aws-1' } as Parameters<
  ReturnType<typeof httpHandler>
>[1];

describe('metrics in the embedded metric format', () => {
  it('writes each business metric with its catalogue name and unit, the stage namespace and service=velo only', () => {
    const expected: Record<PlainMetricKey, [string, string, number]> = {
      ordersPlaced: ['OrdersPlaced', 'Count', 1],
      paymentsCaptured: ['PaymentsCaptured', 'Count', 1],
      refundsIssued: ['RefundsIssued', 'Count', 1],
      payoutsDisbursed: ['PayoutsDisbursed', 'Count', 1],
      timerFires: ['TimerFires', 'Count', 1],
      searchLatency: ['SearchLatency', 'Milliseconds', 12.5],
      oldestOverdueDue: ['OldestOverdueDueItemAge', 'Seconds', 600],
      oldestUnfinishedMoneyOp: ['OldestUnfinishedMoneyOperationAge', 'Seconds', 0],
    };
    for (const [key, [, , value]] of Object.entries(expected)) recordMetric(key as PlainMetricKey, value);
    flushMetrics();
    const lines = emf();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    const [directive] = line!._aws.CloudWatchMetrics;
    expect(directive!.Namespace).toBe('Velo/test');
    expect(directive!.Dimensions).toEqual([['service']]);
    expect(line!.service).toBe('velo');
    expect(line!.provider).toBeUndefined();
    for (const [key, [name, unit, value]] of Object.entries(expected)) {
      expect(catalogue[key as PlainMetricKey]).toMatchObject({ name, unit });
      expect(directive!.Metrics).toContainEqual({ Name: name, Unit: unit });
      expect(line![name], name).toBe(value);
    }
  });

  it('writes the provider metrics in their own line, with service and provider', () => {
    recordMetric('ordersPlaced');
    countProviderCall('stripe', false);
    countProviderCall('stripe', true);
    countProviderCall('paypal', false);
    flushMetrics();
    const lines = emf();
    expect(lines).toHaveLength(3);
    const stripe = lines.find((line) => line.provider === 'stripe')!;
    expect(stripe._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'provider']]);
    expect(stripe._aws.CloudWatchMetrics[0]!.Metrics).toEqual([
      { Name: 'PaymentProviderCalls', Unit: 'Count' },
      { Name: 'PaymentProviderFailures', Unit: 'Count' },
    ]);
    expect(metricValues([stripe], 'PaymentProviderCalls')).toEqual([1, 1]);
    expect(metricValues([stripe], 'PaymentProviderFailures')).toEqual([1]);
    const paypal = lines.find((line) => line.provider === 'paypal')!;
    expect(metricValues([paypal], 'PaymentProviderCalls')).toEqual([1]);
    expect(paypal.PaymentProviderFailures).toBeUndefined();
    const plain = lines.find((line) => line.provider === undefined)!;
    expect(plain.PaymentProviderCalls).toBeUndefined();
    expect(plain.OrdersPlaced).toBe(1);
  });

  it('writes nothing when nothing was recorded, nor twice, nor when disabled', () => {
    flushMetrics();
    expect(emf()).toEqual([]);
    recordMetric('timerFires');
    flushMetrics();
    flushMetrics();
    expect(emf()).toHaveLength(1);
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    // A new buffer reads the switch (as a new container would).
    countProviderCall('paypal', true);
    flushMetrics();
    expect(emf().filter((line) => line.provider === 'paypal')).toEqual([]);
  });
});

describe('the wrappers flush every invocation', () => {
  it('httpHandler: after an answer and after an unexpected error (a 500)', async () => {
    const ok = httpHandler(async () => {
      recordMetric('searchLatency', 3);
      return json(200, {});
    });
    expect((await ok(event, context)).statusCode).toBe(200);
    expect(metricValues(emf(), 'SearchLatency')).toEqual([3]);
    const failing = httpHandler(async () => {
      recordMetric('ordersPlaced');
      throw new Error('boom');
    });
    expect((await failing(event, context)).statusCode).toBe(500);
    expect(metricValues(emf(), 'OrdersPlaced')).toEqual([1]);
  });

  it('loggedHandler: after a result and after a throw', async () => {
    const fine = loggedHandler(async () => {
      recordMetric('timerFires');
      return 'done';
    });
    expect(await fine({})).toBe('done');
    const failing = loggedHandler(async () => {
      recordMetric('refundsIssued');
      throw new Error('task failed');
    });
    await expect(failing({})).rejects.toThrow('task failed');
    expect(metricValues(emf(), 'TimerFires')).toEqual([1]);
    expect(metricValues(emf(), 'RefundsIssued')).toEqual([1]);
  });

  it('a flush that fails never breaks the answer', async () => {
    vi.spyOn(metricsPackage().Metrics.prototype, 'publishStoredMetrics').mockImplementation(() => {
      throw new Error('stdout closed');
    });
    const handler = httpHandler(async () => {
      recordMetric('ordersPlaced');
      return json(201, { ok: true });
    });
    expect((await handler(event, context)).statusCode).toBe(201);
    expect(await loggedHandler(async () => recordMetric('timerFires'))({})).toBeUndefined();
  });
});
