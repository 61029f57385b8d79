import { describe, expect, it } from 'vitest';
import type { CostLine } from './model';
import { type CostReport, reportLines, unitPrice } from './report';

const line = (service: string, usdPer1000: number): CostLine => ({
  service,
  item: 'x',
  per1000: 1000,
  unit: 'requests',
  unitPrice: usdPer1000 / 1000,
  usdPer1000,
});

const report = (lines: CostLine[]): CostReport => ({
  orders: 50,
  warmUp: 3,
  seconds: 60,
  mix: { card: 40, paypal: 10 },
  lines,
  functions: [],
  idle: [{ item: 'KMS keys', count: 1, unit: 'keys', usdPerMonth: 1 }],
  assumptions: { tableSizeGb: 1, monthlyActiveUsers: 1000, logBytesPerInvocation: 1024 },
  unknownFunctions: [],
  clientRequests: { api: 500, providers: 50 },
  tableByFunction: [],
  mailsBySubject: { 'Order confirmed: bike': 50 },
  transactionItemBytes: 2048,
});

describe('the cost report', () => {
  it('prices read per million, per 1,000 or per unit', () => {
    expect(unitPrice(0.2 / 1e6, 'request')).toBe('$0.2 / M');
    expect(unitPrice(0.025 / 1000, 'transition')).toBe('$0.025 / 1,000');
    expect(unitPrice(0.57, 'GB')).toBe('$0.57 / GB');
  });

  it('the total and the verdict against $0.25, either way, and the biggest line', () => {
    const under = reportLines(report([line('Step Functions', 0.1), line('SES', 0.05)])).join('\n');
    expect(under).toContain('| **Total** | | | | **$0.1500** |');
    expect(under).toContain('Target ≤ $0.25 per 1,000 orders: PASS ($0.1500)');
    expect(under).toContain('Biggest line: Step Functions x, $0.1000 (67 % of the total).');
    const over = reportLines(report([line('SES', 0.9), line('DynamoDB', 0.2)])).join('\n');
    expect(over).toContain('Target ≤ $0.25 per 1,000 orders: OVER ($1.1000)');
    expect(over).toContain('- 1.0 × Order confirmed: bike');
    expect(over).toContain('| **Total** | | **$1.00** | |');
  });
});
