import { type PriceName, price, targetPer1000Orders } from './prices';

/**
 * The cost model, pure: what a measured run of N completed orders used (./run-usage.ts gathers it
 * from the local cloud) → what AWS bills per 1,000 completed orders, line by line. No I/O here, so
 * the sums, the rounding and the scaling are tested alone (./model.test.ts).
 */

export type Architecture = 'arm64' | 'x86_64';

export interface FunctionSettings {
  deployName: string;
  memoryMb: number;
  architecture: Architecture;
}

export interface FunctionUsage {
  /** The handler module (functions/<handler>.ts). */
  handler: string;
  settings: FunctionSettings;
  invocations: number;
  /** Sum of each invocation's duration rounded up to 1 ms. */
  billedMs: number;
}

export interface RunUsage {
  orders: number;
  functions: FunctionUsage[];
  stateTransitions: number;
  dynamo: { readUnits: number; writeUnits: number; estimatedWriteUnits: number };
  events: number;
  mails: number;
  s3: { tierOne: number; tierTwo: number };
  apiRequests: number;
  /** X-Ray traces: one per API request and per asynchronous start (execution, stream batch, rule delivery). */
  traces: number;
  /** CloudWatch Logs bytes ingested (estimated per invocation, ./run-usage.ts). */
  logBytes: number;
}

export interface CostLine {
  service: string;
  item: string;
  /** Units per 1,000 completed orders. */
  per1000: number;
  unit: string;
  unitPrice: number;
  usdPer1000: number;
  /** An estimate rather than a count (the note says of what). */
  estimated?: string;
}

/** Lambda's billed GB-seconds: milliseconds (already rounded up per invocation) × memory in GB. */
export function gbSeconds(billedMs: number, memoryMb: number): number {
  return (billedMs / 1000) * (memoryMb / 1024);
}

/** A count over the run, scaled to 1,000 orders. */
export function per1000(count: number, orders: number): number {
  if (!(orders > 0)) throw new Error('No completed orders: nothing to scale');
  return (count * 1000) / orders;
}

function line(
  service: string,
  item: string,
  count: number,
  orders: number,
  priceName: PriceName,
  unit: string,
  estimated?: string,
): CostLine {
  const scaled = per1000(count, orders);
  const unitPrice = price(priceName);
  return {
    service,
    item,
    per1000: scaled,
    unit,
    unitPrice,
    usdPer1000: scaled * unitPrice,
    ...(estimated ? { estimated } : {}),
  };
}

export function lambdaGbSeconds(functions: readonly FunctionUsage[], architecture: Architecture): number {
  return functions
    .filter((fn) => fn.settings.architecture === architecture)
    .reduce((sum, fn) => sum + gbSeconds(fn.billedMs, fn.settings.memoryMb), 0);
}

export function costLines(run: RunUsage): CostLine[] {
  const n = run.orders;
  const invocations = run.functions.reduce((sum, fn) => sum + fn.invocations, 0);
  const lines = [
    line('Lambda', 'requests', invocations, n, 'lambdaRequest', 'requests'),
    line('Lambda', 'compute arm64', lambdaGbSeconds(run.functions, 'arm64'), n, 'lambdaGbSecondArm', 'GB-s'),
    line(
      'Lambda',
      'compute x86_64',
      lambdaGbSeconds(run.functions, 'x86_64'),
      n,
      'lambdaGbSecondX86',
      'GB-s',
    ),
    line(
      'Step Functions',
      'state transitions',
      run.stateTransitions,
      n,
      'stepFunctionsTransition',
      'transitions',
    ),
    line('DynamoDB', 'reads', run.dynamo.readUnits, n, 'dynamoReadUnit', 'RRU'),
    line('DynamoDB', 'writes', run.dynamo.writeUnits, n, 'dynamoWriteUnit', 'WRU'),
    line(
      'DynamoDB',
      'refused writes',
      run.dynamo.estimatedWriteUnits,
      n,
      'dynamoWriteUnit',
      'WRU',
      'from item sizes',
    ),
    line('EventBridge', 'custom events', run.events, n, 'eventBridgeEvent', 'events'),
    line('SES', 'e-mails', run.mails, n, 'sesMail', 'mails'),
    line('S3', 'PUT/COPY/POST/LIST', run.s3.tierOne, n, 's3TierOneRequest', 'requests'),
    line('S3', 'GET/HEAD', run.s3.tierTwo, n, 's3TierTwoRequest', 'requests'),
    line('API Gateway', 'HTTP API requests', run.apiRequests, n, 'httpApiRequest', 'requests'),
    line(
      'CloudFront',
      'API requests',
      run.apiRequests,
      n,
      'cloudFrontRequest',
      'requests',
      'the API calls only; pages and assets not counted',
    ),
    line('WAF', 'requests inspected', run.apiRequests, n, 'wafRequest', 'requests', 'as CloudFront'),
    line('X-Ray', 'traces', run.traces, n, 'xrayTrace', 'traces', 'all sampled (under 1 a second)'),
    line(
      'CloudWatch Logs',
      'ingestion',
      run.logBytes / 1024 ** 3,
      n,
      'logIngestionGb',
      'GB',
      'bytes per invocation',
    ),
  ];
  return lines;
}

export function totalUsd(lines: readonly CostLine[]): number {
  return lines.reduce((sum, entry) => sum + entry.usdPer1000, 0);
}

export type Verdict = 'PASS' | 'OVER';

export function verdict(total: number, target = targetPer1000Orders): Verdict {
  return total <= target ? 'PASS' : 'OVER';
}

/** The most expensive line (where to look first when the total is over). */
export function biggestLine(lines: readonly CostLine[]): CostLine | undefined {
  return [...lines].sort((a, b) => b.usdPer1000 - a.usdPer1000)[0];
}

export interface FunctionCost {
  handler: string;
  deployName: string;
  memoryMb: number;
  architecture: Architecture;
  invocationsPerOrder: number;
  meanBilledMs: number;
  usdPer1000: number;
}

/** Each function's share of the Lambda lines (requests + compute), most expensive first. */
export function functionCosts(run: RunUsage): FunctionCost[] {
  return run.functions
    .map((fn) => {
      const compute =
        gbSeconds(fn.billedMs, fn.settings.memoryMb) *
        price(fn.settings.architecture === 'arm64' ? 'lambdaGbSecondArm' : 'lambdaGbSecondX86');
      const requests = fn.invocations * price('lambdaRequest');
      return {
        handler: fn.handler,
        deployName: fn.settings.deployName,
        memoryMb: fn.settings.memoryMb,
        architecture: fn.settings.architecture,
        invocationsPerOrder: fn.invocations / run.orders,
        meanBilledMs: fn.invocations ? fn.billedMs / fn.invocations : 0,
        usdPer1000: per1000(compute + requests, run.orders),
      };
    })
    .sort((a, b) => b.usdPer1000 - a.usdPer1000);
}
