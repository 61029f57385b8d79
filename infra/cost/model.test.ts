import { describe, expect, it } from 'vitest';
import {
  biggestLine,
  costLines,
  functionCosts,
  gbSeconds,
  lambdaGbSeconds,
  per1000,
  type RunUsage,
  totalUsd,
  verdict,
} from './model';
import { price } from './prices';

const arm = { deployName: 'OrdersShow', memoryMb: 512, architecture: 'arm64' as const };
const x86 = { deployName: 'ListingImagesAdd', memoryMb: 1536, architecture: 'x86_64' as const };

const run = (change: Partial<RunUsage> = {}): RunUsage => ({
  orders: 50,
  functions: [
    { handler: 'orders/http/show', settings: arm, invocations: 100, billedMs: 5_000 },
    { handler: 'listings/http/images/add', settings: x86, invocations: 10, billedMs: 2_000 },
  ],
  stateTransitions: 400,
  dynamo: { readUnits: 1_000, writeUnits: 2_000, estimatedWriteUnits: 10 },
  events: 150,
  mails: 450,
  s3: { tierOne: 5, tierTwo: 20 },
  apiRequests: 500,
  traces: 800,
  logBytes: 1024 ** 3 / 20,
  ...change,
});

const lineOf = (usage: RunUsage, service: string, item: string) =>
  costLines(usage).find((line) => line.service === service && line.item === item)!;

describe('Lambda compute', () => {
  it('GB-s = billed seconds × memory in GB', () => {
    expect(gbSeconds(1000, 1024)).toBe(1);
    expect(gbSeconds(5000, 512)).toBe(2.5);
    expect(gbSeconds(2000, 1536)).toBe(3);
  });

  it('each architecture at its own price', () => {
    expect(lambdaGbSeconds(run().functions, 'arm64')).toBe(2.5);
    expect(lambdaGbSeconds(run().functions, 'x86_64')).toBe(3);
    expect(lineOf(run(), 'Lambda', 'compute arm64').usdPer1000).toBeCloseTo(
      2.5 * 20 * price('lambdaGbSecondArm'),
      12,
    );
    expect(lineOf(run(), 'Lambda', 'compute x86_64').usdPer1000).toBeCloseTo(
      3 * 20 * price('lambdaGbSecondX86'),
      12,
    );
    expect(lineOf(run(), 'Lambda', 'requests').per1000).toBe(110 * 20);
  });
});

describe('per 1,000 orders', () => {
  it('scales the run to 1,000 orders', () => {
    expect(per1000(400, 50)).toBe(8000);
    expect(per1000(3, 1000)).toBe(3);
    expect(() => per1000(3, 0)).toThrow(/No completed orders/);
  });

  it('prices each service: transitions, units, events, mails, requests', () => {
    const usage = run();
    expect(lineOf(usage, 'Step Functions', 'state transitions')).toMatchObject({ per1000: 8000 });
    expect(lineOf(usage, 'Step Functions', 'state transitions').usdPer1000).toBeCloseTo(0.2, 10);
    expect(lineOf(usage, 'DynamoDB', 'writes').usdPer1000).toBeCloseTo(40_000 * price('dynamoWriteUnit'), 12);
    expect(lineOf(usage, 'DynamoDB', 'refused writes').estimated).toBeTruthy();
    expect(lineOf(usage, 'SES', 'e-mails').usdPer1000).toBeCloseTo(0.9, 10);
    expect(lineOf(usage, 'S3', 'PUT/COPY/POST/LIST').per1000).toBe(100);
    expect(lineOf(usage, 'API Gateway', 'HTTP API requests').per1000).toBe(10_000);
    expect(lineOf(usage, 'CloudWatch Logs', 'ingestion').per1000).toBeCloseTo(1, 10);
  });

  it('the total is the sum of the lines; PASS up to the target, OVER above', () => {
    const lines = costLines(run());
    expect(totalUsd(lines)).toBeCloseTo(
      lines.reduce((sum, line) => sum + line.usdPer1000, 0),
      12,
    );
    expect(verdict(0.25)).toBe('PASS');
    expect(verdict(0.2501)).toBe('OVER');
    expect(verdict(0.1, 0.05)).toBe('OVER');
    expect(biggestLine(lines)?.service).toBe('SES');
  });

  it("a function's share: its requests and compute, per 1,000 orders, most expensive first", () => {
    const [first, second] = functionCosts(run());
    expect(first!.deployName).toBe('OrdersShow');
    expect(first!.invocationsPerOrder).toBe(2);
    expect(first!.meanBilledMs).toBe(50);
    expect(first!.usdPer1000).toBeCloseTo(
      20 * (2.5 * price('lambdaGbSecondArm') + 100 * price('lambdaRequest')),
      12,
    );
    expect(second!.deployName).toBe('ListingImagesAdd');
  });
});
