import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, s3, tableName } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { workflowTasks } from '../../functions/orders/workflow/tasks';
import { routeHandlers } from '../../functions/routes';
import { freeLocalPorts, type LocalCloud, startLocalCloud } from '../local/cloud';
import { loadHandler } from '../local/handlers';
import { stateMachineArn } from '../local/stepfunctions';
import { outsideHandlers, startMetering, type UsageSnapshot } from '../local/usage-meter';
import { itemSize } from './capacity';
import { type Account, bikeForSale, CostClient, onboardSeller } from './client';
import type { DeploymentFacts } from './deployment';
import type { ScheduledRun } from './idle';
import { captureHandlerLogs } from './log-capture';
import type { FunctionUsage, RunUsage } from './model';
import { costRunTimers, inParallel, planFor, runOrder } from './orders';
import { meterDynamoDb, meterS3, providerStandInCalls } from './sdk-meter';

/**
 * The measured run: a local cloud with metering on (infra/local/usage-meter.ts, the SDK middleware
 * of ./sdk-meter.ts), in memory on free ports, timers in seconds (./orders.ts
 * costRunTimers); sellers, buyers and listings made first; a few warm-up orders (modules loaded,
 * clients made, as in warm Lambdas) not counted; then N orders, counted from a clean meter until
 * every stream record and event has been handled. Answers what the orders used (RunUsage, for the
 * pure model) and one run of each scheduled function (for the idle table).
 */
export interface RunOptions {
  orders: number;
  concurrency: number;
  warmUp: number;
  progress: (line: string) => void;
}

export interface MeasuredRun {
  usage: RunUsage;
  scheduled: Record<string, ScheduledRun>;
  /** Handlers that ran but are not in the synthesized stacks (priced at 512 MB arm64). */
  unknownFunctions: string[];
  clientRequests: { api: number; providers: number };
  /** The orders' table use by function: requests, RRU and WRU (refused writes included) over the run. */
  tableByFunction: { deployName: string; requests: number; readUnits: number; writeUnits: number }[];
  /** The mean size in bytes of an ended order's transaction item (each write to it is billed on it, in the table and each GSI). */
  transactionItemBytes: number;
  /** The e-mails sent in the run, by subject. */
  mailsBySubject: Record<string, number>;
  seconds: number;
}

/** Lambda's own log lines per invocation (START, END, REPORT as JSON, with the trace id), estimated. */
export const platformLogBytesPerInvocation = 500;
const tierOneS3 = /^(Put|Copy|Post|List|CreateMultipartUpload|UploadPart|CompleteMultipartUpload)/;

export async function measureOrders(facts: DeploymentFacts, options: RunOptions): Promise<MeasuredRun> {
  const meter = startMetering();
  const folder = mkdtempSync(join(tmpdir(), 'velo-cost-'));
  const webRoot = join(folder, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Velo cost</title><div id="root"></div>');
  // JSON log lines as in Lambda (their bytes are what CloudWatch Logs ingests), seconds-long timers.
  process.env.POWERTOOLS_DEV = 'false';
  process.env.VELO_TIMER_OVERRIDES = JSON.stringify(costRunTimers);
  const logs = captureHandlerLogs();
  let cloud: LocalCloud | undefined;
  try {
    options.progress('Starting the local cloud (in memory, free ports)…');
    cloud = await startLocalCloud({
      webRoot,
      timerScale: 1,
      ports: await freeLocalPorts(),
    });
    meterDynamoDb(dynamo(), meter);
    meterS3(s3(), meter);
    const client = new CostClient(cloud);
    const parties = await setUp(client, cloud, options);
    options.progress(`Warming up with ${options.warmUp} orders (not counted)…`);
    await inParallel(
      options.warmUp,
      options.concurrency,
      async (index) => void (await runOrder(client, cloud!, parties(index), planFor(index))),
      () => undefined,
    );
    await settle(cloud);

    const executionsBefore = new Set(executionArns(cloud));
    const eventsBefore = cloud.eventBus.events().length;
    const mailIdsBefore = new Set(cloud.outbox.list().map((mail) => mail.id));
    const requestsBefore = { api: client.apiRequests, providers: client.providerRequests };
    meter.reset();
    logs.reset();
    const started = Date.now();
    const ended: string[] = [];
    await inParallel(
      options.orders,
      options.concurrency,
      async (index) => {
        ended.push((await runOrder(client, cloud!, parties(options.warmUp + index), planFor(index))).id);
      },
      (done) => options.progress(`  orders done ${done} / ${options.orders}`),
    );
    await settle(cloud);
    await runSchedulesOnce(facts, meter.snapshot());
    const seconds = (Date.now() - started) / 1000;

    const snapshot = meter.snapshot();
    const mails = cloud.outbox.list().filter((mail) => !mailIdsBefore.has(mail.id));
    const mailsBySubject: Record<string, number> = {};
    for (const mail of mails) mailsBySubject[mail.subject] = (mailsBySubject[mail.subject] ?? 0) + 1;
    const executions = executionArns(cloud).filter((arn) => !executionsBefore.has(arn));
    const stateTransitions = executions.reduce(
      (sum, arn) => sum + cloud!.stepFunctions.stateTransitions(arn),
      0,
    );
    return {
      ...usageOf(facts, snapshot, {
        orders: options.orders,
        stateTransitions,
        executions: executions.length,
        events: cloud.eventBus.events().length - eventsBefore,
        mails: mails.length,
        logBytesByHandler: logs.bytesByHandler(),
      }),
      mailsBySubject,
      transactionItemBytes: await meanItemBytes(ended),
      clientRequests: {
        api: client.apiRequests - requestsBefore.api,
        providers: client.providerRequests - requestsBefore.providers,
      },
      seconds,
    };
  } finally {
    logs.stop();
    await cloud?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Four sellers (card and PayPal), eight buyers, a bike for sale for every order. */
async function setUp(client: CostClient, cloud: LocalCloud, options: RunOptions) {
  options.progress('Signing up 4 sellers and 8 buyers, listing a bike per order…');
  const sellers: Account[] = [];
  for (const name of ['Sal', 'Sam', 'Sue', 'Sid']) sellers.push(await client.signUp(name));
  for (const seller of sellers) await onboardSeller(seller, cloud.url);
  const buyers: Account[] = [];
  for (const name of ['Bea', 'Ben', 'Bob', 'Bo', 'Bree', 'Bram', 'Bel', 'Bert'])
    buyers.push(await client.signUp(name));
  const total = options.warmUp + options.orders;
  const listings: string[] = [];
  for (let index = 0; index < total; index++)
    listings.push(await bikeForSale(sellers[index % sellers.length]!.id));
  await settle(cloud);
  return (index: number) => ({
    seller: sellers[index % sellers.length]!,
    buyer: buyers[index % buyers.length]!,
    listingId: listings[index]!,
  });
}

/** Every stream record handled and every event delivered (twice: a consumer's events feed rules). */
async function settle(cloud: LocalCloud): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await cloud.streams.drain();
    await cloud.eventBus.drain();
  }
}

/** The mean size of these orders' transaction items as stored (read outside any handler: not metered). */
async function meanItemBytes(transactionIds: string[]): Promise<number> {
  let total = 0;
  for (const id of transactionIds) {
    const { Item } = await dynamo().send(
      new GetCommand({ TableName: tableName(), Key: keys.transaction(id) }),
    );
    total += Item ? itemSize(Item) : 0;
  }
  return transactionIds.length ? total / transactionIds.length : 0;
}

function executionArns(cloud: LocalCloud): string[] {
  return cloud.stepFunctions
    .listExecutions(stateMachineArn('order'))
    .map((execution) => execution.executionArn);
}

/** A scheduled function that did not run in the window runs once now, so its cost per run is measured. */
async function runSchedulesOnce(facts: DeploymentFacts, snapshot: UsageSnapshot): Promise<void> {
  for (const schedule of facts.schedules) {
    if (!schedule.handler || snapshot.invocations[schedule.handler]) continue;
    const handler = await loadHandler<(input?: unknown) => Promise<unknown>>(schedule.handler);
    await handler({});
  }
}

const isProviderStandIn = (handler: string) => handler.includes('/simulated/');
const workflowTaskHandlers = new Set<string>(Object.values(workflowTasks));
const routeHandlerSet = new Set<string>(Object.values(routeHandlers));

/** The snapshot split: the orders' functions, the scheduled ones (per run), the providers' stand-ins (left out). */
export function usageOf(
  facts: DeploymentFacts,
  snapshot: UsageSnapshot,
  counts: {
    orders: number;
    stateTransitions: number;
    executions: number;
    events: number;
    mails: number;
    /** Log bytes each handler wrote (./log-capture.ts). */
    logBytesByHandler: Record<string, number>;
  },
): Omit<MeasuredRun, 'clientRequests' | 'seconds' | 'mailsBySubject' | 'transactionItemBytes'> {
  const scheduledHandlers = new Set(facts.schedules.flatMap((schedule) => schedule.handler ?? []));
  const unknownFunctions: string[] = [];
  const functions: FunctionUsage[] = [];
  for (const [handler, tally] of Object.entries(snapshot.invocations)) {
    if (isProviderStandIn(handler) || scheduledHandlers.has(handler)) continue;
    const settings = facts.functions[handler];
    if (!settings) unknownFunctions.push(handler);
    functions.push({
      handler,
      settings: settings ?? { deployName: handler, memoryMb: 512, architecture: 'arm64' },
      invocations: tally.count,
      billedMs: tally.billedMs,
    });
  }
  const ordersTable = Object.entries(snapshot.dynamodb).filter(
    ([handler]) =>
      handler !== outsideHandlers &&
      handler !== providerStandInCalls &&
      !isProviderStandIn(handler) &&
      !scheduledHandlers.has(handler),
  );
  const sum = (key: 'readUnits' | 'writeUnits' | 'estimatedWriteUnits') =>
    ordersTable.reduce((total, [, tally]) => total + tally[key], 0);
  const s3Calls = Object.entries(snapshot.s3).filter(
    ([handler]) =>
      handler !== outsideHandlers && !isProviderStandIn(handler) && !scheduledHandlers.has(handler),
  );
  const s3Count = (tier: (command: string) => boolean) =>
    s3Calls.reduce(
      (total, [, commands]) =>
        total + Object.entries(commands).reduce((n, [command, count]) => n + (tier(command) ? count : 0), 0),
      0,
    );
  const invocations = functions.reduce((total, fn) => total + fn.invocations, 0);
  const logBytes = functions.reduce((total, fn) => total + (counts.logBytesByHandler[fn.handler] ?? 0), 0);
  const apiRequests = functions
    .filter((fn) => routeHandlerSet.has(fn.handler))
    .reduce((total, fn) => total + fn.invocations, 0);
  const asyncStarts = functions
    .filter((fn) => !workflowTaskHandlers.has(fn.handler))
    .reduce((total, fn) => total + fn.invocations, 0);
  const scheduled: Record<string, ScheduledRun> = {};
  for (const handler of scheduledHandlers) {
    const tally = snapshot.invocations[handler];
    if (!tally) continue;
    const perRun = (value: number) => value / tally.count;
    const table = snapshot.dynamodb[handler];
    const objects = Object.entries(snapshot.s3[handler] ?? {});
    scheduled[handler] = {
      meanBilledMs: perRun(tally.billedMs),
      readUnits: perRun(table?.readUnits ?? 0),
      writeUnits: perRun((table?.writeUnits ?? 0) + (table?.estimatedWriteUnits ?? 0)),
      s3TierOne: perRun(objects.filter(([c]) => tierOneS3.test(c)).reduce((n, [, count]) => n + count, 0)),
      s3TierTwo: perRun(objects.filter(([c]) => !tierOneS3.test(c)).reduce((n, [, count]) => n + count, 0)),
    };
  }
  return {
    usage: {
      orders: counts.orders,
      functions,
      stateTransitions: counts.stateTransitions,
      dynamo: {
        readUnits: sum('readUnits'),
        writeUnits: sum('writeUnits'),
        estimatedWriteUnits: sum('estimatedWriteUnits'),
      },
      events: counts.events,
      mails: counts.mails,
      s3: { tierOne: s3Count((c) => tierOneS3.test(c)), tierTwo: s3Count((c) => !tierOneS3.test(c)) },
      apiRequests,
      traces: asyncStarts + counts.executions,
      logBytes: logBytes + invocations * platformLogBytesPerInvocation,
    },
    scheduled,
    unknownFunctions,
    tableByFunction: ordersTable
      .map(([handler, tally]) => ({
        deployName: facts.functions[handler]?.deployName ?? handler,
        requests: tally.requests,
        readUnits: tally.readUnits,
        writeUnits: tally.writeUnits + tally.estimatedWriteUnits,
      }))
      .sort((a, b) => b.writeUnits + b.readUnits - (a.writeUnits + a.readUnits)),
  };
}
