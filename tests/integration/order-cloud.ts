import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/lib/aws';
import { keys } from '../../functions/lib/table-design';
import { applyTransition, createTransaction } from '../../functions/transactions/engine';
import type { TransactionRecord } from '../../functions/transactions/record';
import { getTransaction } from '../../functions/transactions/repository';
import { startOrderWorkflow } from '../../functions/workflow/start';
import { type LocalCloud, type LocalPorts, startLocalCloud } from '../../infra/local/cloud';
import type { ProcessState } from '../../shared/process/graph';
import { eventually } from './cloud-env';
import { givenListing, givenSeller } from './fixtures';

/**
 * A local cloud of its own for the order workflow tests, in this test worker: its Step Functions
 * stand-in runs the workflow tasks (plan, fire-timer, the sweeper) in this very process, so the
 * timer settings (VELO_TIMER_SCALE, VELO_TIMER_OVERRIDES, ORDER_TIMER_MAX_WAIT_SECONDS) a test sets
 * in process.env are the ones the workflow, the sweeper and the engine read, and
 * `stepFunctions.stateTransitions` counts the states each execution entered. Orders are made
 * through the engine against this cloud's DynamoDB and started with startOrderWorkflow, as the API
 * will in S3.
 */
export interface OrderCloudOptions {
  timerScale: number;
  ports: LocalPorts;
  /** Kept across restarts (the restart test); also where the operator CLI finds the user pool. */
  dataDir: string;
}

export function tempFolder(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startOrderCloud(options: OrderCloudOptions): Promise<LocalCloud> {
  const webRoot = join(options.dataDir, '..', 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Velo test</title><div id="root"></div>');
  const cloud = await startLocalCloud({
    dataDir: options.dataDir,
    webRoot,
    timerScale: options.timerScale,
    ports: options.ports,
  });
  // The engine in this process computes deadlines with the cloud's scale (as the handlers do).
  process.env.VELO_TIMER_SCALE = String(options.timerScale);
  return cloud;
}

let sfnClient: SFNClient | undefined;
export function sfn(): SFNClient {
  sfnClient ??= new SFNClient({});
  return sfnClient;
}

export async function stockOf(listingId: string): Promise<number> {
  const item = await dynamo().send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: keys.listing(listingId), ConsistentRead: true }),
  );
  return item.Item!.currentStock as number;
}

export interface TestOrder {
  id: string;
  customerId: string;
  sellerId: string;
  listingId: string;
}

/** A new order pending payment (stock 1 reserved: the listing's stock is 0 now). */
export async function givenPendingOrder(): Promise<TestOrder> {
  const seller = await givenSeller();
  const listing = await givenListing(seller.id, { currentStock: 1 });
  const customerId = randomUUID();
  const { transaction } = await createTransaction({
    transition: 'request-payment',
    customerId,
    listingId: listing.id,
    checkoutKey: randomUUID(),
    orderData: { deliveryMethod: 'pickup', quantity: 1 },
  });
  return { id: transaction.id, customerId, sellerId: seller.id, listingId: listing.id };
}

/** A party's transition, as the API will apply it (the engine then answers the workflow's token). */
export function act(
  order: TestOrder,
  name: string,
  actor: 'customer' | 'provider',
  protectedData?: { disputeReason?: string; trackingNumber?: string },
): Promise<TransactionRecord> {
  return applyTransition(order.id, name, {
    actor,
    userId: actor === 'customer' ? order.customerId : order.sellerId,
    ...(protectedData ? { params: { protectedData } } : {}),
  });
}

/** startOrderWorkflow's answer: the execution ARN (also stored on the transaction). */
export async function startWorkflow(order: TestOrder): Promise<string> {
  const tx = await getTransaction(order.id);
  const executionArn = await startOrderWorkflow(order.id, tx!.version);
  if (!executionArn) throw new Error('No ORDER_STATE_MACHINE_ARN: is the local cloud running?');
  return executionArn;
}

/** Waits until the workflow stored a task token for the transaction's current version. */
export async function awaitingToken(order: TestOrder, version?: number): Promise<TransactionRecord> {
  return eventually(async () => {
    const tx = await getTransaction(order.id);
    return tx?.taskToken && tx.awaitingVersion === (version ?? tx.version) ? tx : undefined;
  });
}

export async function reachesState(
  order: TestOrder,
  state: ProcessState,
  timeoutMs = 10_000,
): Promise<TransactionRecord> {
  return eventually(
    async () => {
      const tx = await getTransaction(order.id);
      return tx?.state === state ? tx : undefined;
    },
    { timeoutMs, intervalMs: 50 },
  );
}

export async function finished(executionArn: string, timeoutMs = 10_000) {
  return eventually(
    async () => {
      const execution = await sfn().send(new DescribeExecutionCommand({ executionArn }));
      return execution.status === 'RUNNING' ? undefined : execution;
    },
    { timeoutMs },
  );
}

/** The transitions in the transaction's log, in order. */
export const logOf = (tx: TransactionRecord) => tx.transitions.map((entry) => entry.transition);

/** How often `name` appears in the log. */
export const timesTaken = (tx: TransactionRecord, name: string) => logOf(tx).filter((t) => t === name).length;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The states an execution entered, in order (the runner's StateEntered log), and their count. */
export function statesEntered(cloud: LocalCloud, executionArn: string): { names: string[]; count: number } {
  return {
    names: cloud.stepFunctions.statesEntered(executionArn).map((state) => state.name),
    count: cloud.stepFunctions.stateTransitions(executionArn),
  };
}

const run = promisify(execFile);

/** `npm run operator -- …` (tsx infra/operator/cli.ts) against this cloud, as an operator runs it next to npm start. */
export function operatorCli(
  cloud: LocalCloud,
  options: OrderCloudOptions,
  ...args: string[]
): Promise<{ stdout: string; stderr: string }> {
  const port = (name: string) => new URL(cloud.env[name]!).port;
  return run(join('node_modules', '.bin', 'tsx'), ['infra/operator/cli.ts', ...args], {
    env: {
      ...process.env,
      VELO_DATA_DIR: options.dataDir,
      VELO_DYNAMODB_PORT: port('AWS_ENDPOINT_URL_DYNAMODB'),
      VELO_COGNITO_PORT: port('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'),
      VELO_S3_PORT: port('AWS_ENDPOINT_URL_S3'),
      VELO_AWS_PORT: port('AWS_ENDPOINT_URL_SFN'),
      VELO_TIMER_SCALE: String(options.timerScale),
    },
    timeout: 30_000,
  });
}
