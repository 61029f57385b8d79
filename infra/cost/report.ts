import type { IdleAssumptions, IdleLine } from './idle';
import { idleTotal } from './idle';
import { biggestLine, type CostLine, type FunctionCost, totalUsd, type Verdict, verdict } from './model';
import { priceTable, targetPer1000Orders } from './prices';

/**
 * The cost report's text, pure: Markdown tables (they paste into docs/benchmarks.md as they are)
 * from the model's lines. ./cli.ts prints it.
 */
export interface CostReport {
  orders: number;
  warmUp: number;
  seconds: number;
  mix: Record<string, number>;
  lines: CostLine[];
  functions: FunctionCost[];
  idle: IdleLine[];
  assumptions: IdleAssumptions;
  unknownFunctions: string[];
  clientRequests: { api: number; providers: number };
  tableByFunction: { deployName: string; requests: number; readUnits: number; writeUnits: number }[];
  mailsBySubject: Record<string, number>;
  transactionItemBytes: number;
}

export function usd(value: number, digits = 4): string {
  return `$${value.toFixed(digits)}`;
}

/** A unit price as people read it: per million or per 1,000 units when it is that small. */
export function unitPrice(value: number, unit: string): string {
  if (value >= 0.01) return `${usd(value, 2)} / ${unit}`;
  if (value * 1000 >= 0.01) return `${usd(value * 1000, 4).replace(/0+$/, '')} / 1,000`;
  return `${usd(value * 1e6, 4)
    .replace(/0+$/, '')
    .replace(/\.$/, '')} / M`;
}

function amount(value: number): string {
  if (value === 0) return '0';
  if (value >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toPrecision(3);
}

export function reportLines(report: CostReport): string[] {
  const total = totalUsd(report.lines);
  const result: Verdict = verdict(total);
  const mix = Object.entries(report.mix)
    .map(([choice, count]) => `${choice} ${count}`)
    .join(', ');
  const out: string[] = [
    `Cost per 1,000 completed orders: prices of ${priceTable.date}, ${priceTable.region}`,
    `(${priceTable.source}; infra/cost/prices.ts)`,
    `Run: ${report.orders} orders to their end (${mix}); ${report.warmUp} warm-up orders not counted; ${report.seconds.toFixed(0)} s.`,
    '',
    '| Service | Item | Per 1,000 orders | Unit price | $ per 1,000 orders |',
    '| --- | --- | ---: | ---: | ---: |',
    ...report.lines.map(
      (entry) =>
        `| ${entry.service} | ${entry.item}${entry.estimated ? ` (est.: ${entry.estimated})` : ''} | ` +
        `${amount(entry.per1000)} ${entry.unit} | ${unitPrice(entry.unitPrice, singular(entry.unit))} | ${usd(entry.usdPer1000)} |`,
    ),
    `| **Total** | | | | **${usd(total)}** |`,
    '',
    `Target ≤ ${usd(targetPer1000Orders, 2)} per 1,000 orders: ${result} (${usd(total)})`,
  ];
  const biggest = biggestLine(report.lines);
  if (biggest) {
    const share = total > 0 ? Math.round((biggest.usdPer1000 / total) * 100) : 0;
    out.push(
      `Biggest line: ${biggest.service} ${biggest.item}, ${usd(biggest.usdPer1000)} (${share} % of the total).`,
    );
  }
  out.push(
    'Not billed: DynamoDB Streams reads by the two Lambda triggers and Lambda polling the stream. ' +
      "Left out: the simulated Stripe and PayPal (the providers' side), the scheduled functions (idle month below).",
    `API requests counted by the client: ${report.clientRequests.api} (+ ${report.clientRequests.providers} to the simulated Stripe/PayPal pages, not billed to us).`,
    '',
    'Lambda by function (most expensive first; duration measured locally, in process, rounded up to 1 ms per invocation):',
    '',
    '| Function | Memory | Arch | Invocations / order | Mean billed ms | $ per 1,000 orders |',
    '| --- | ---: | --- | ---: | ---: | ---: |',
    ...report.functions.map(
      (fn) =>
        `| ${fn.deployName} | ${fn.memoryMb} MB | ${fn.architecture} | ${fn.invocationsPerOrder.toFixed(2)} | ` +
        `${fn.meanBilledMs.toFixed(0)} | ${usd(fn.usdPer1000)} |`,
    ),
  );
  const perOrder = (value: number) => (value / report.orders).toFixed(1);
  out.push(
    '',
    'DynamoDB by function (ReturnConsumedCapacity INDEXES: GSIs included, transactions 2×; ' +
      `an ended order's transaction item is ${(report.transactionItemBytes / 1024).toFixed(1)} KB):`,
    '',
    '| Function | Requests / order | RRU / order | WRU / order |',
    '| --- | ---: | ---: | ---: |',
    ...report.tableByFunction.map(
      (fn) =>
        `| ${fn.deployName} | ${perOrder(fn.requests)} | ${perOrder(fn.readUnits)} | ${perOrder(fn.writeUnits)} |`,
    ),
    '',
    'E-mails by subject (per order):',
    '',
    ...Object.entries(report.mailsBySubject)
      .sort((a, b) => b[1] - a[1])
      .map(([subject, sent]) => `- ${perOrder(sent)} × ${subject}`),
  );
  if (report.unknownFunctions.length > 0)
    out.push(
      '',
      `Not in the synthesized stacks (priced at 512 MB arm64): ${report.unknownFunctions.join(', ')}`,
    );
  out.push(
    '',
    `Idle month of one deployment (prod stage as synthesized; table ${report.assumptions.tableSizeGb} GB and ` +
      `${report.assumptions.monthlyActiveUsers.toLocaleString('en-US')} monthly users assumed):`,
    '',
    '| Item | Count | $ per month | Note |',
    '| --- | ---: | ---: | --- |',
    ...report.idle.map(
      (entry) =>
        `| ${entry.item} | ${amount(entry.count)} ${entry.unit} | ${usd(entry.usdPerMonth, 2)} | ${entry.note ?? ''} |`,
    ),
    `| **Total** | | **${usd(idleTotal(report.idle), 2)}** | |`,
  );
  return out;
}

function singular(unit: string): string {
  return unit.endsWith('s') && unit !== 'GB-s' ? unit.slice(0, -1) : unit;
}
