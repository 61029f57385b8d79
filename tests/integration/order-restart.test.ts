import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTransaction } from '../../functions/orders/repository';
import { handler as sweep } from '../../functions/orders/workflow/sweep-due';
import { freeLocalPorts, type LocalCloud } from '../../infra/local/cloud';
import {
  act,
  awaitingToken,
  expectRefunded,
  givenPendingOrder,
  logOf,
  type OrderCloudOptions,
  reachesState,
  sleep,
  startOrderCloud,
  startWorkflow,
  stockOf,
  tempFolder,
  timesTaken,
} from './order-cloud';

/**
 * DynamoDB is the truth, Step Functions only the alarm clock (docs/design/orders.md, "The
 * workflow"): a local cloud is stopped while an order waits for its ship deadline (its execution
 * dies with it), the deadline passes while nothing runs, and a new cloud on the same data folder
 * cancels the order at start (the sweeper, then the resumed workflow) exactly once and gives the
 * stock back.
 */
const timerScale = 4e-6; // 5 days to ship: 1.7 s

let folder: string;
let options: OrderCloudOptions;
let cloud: LocalCloud | undefined;

beforeAll(async () => {
  folder = tempFolder('velo-restart-');
  // The same ports for both clouds: this worker's AWS clients keep their endpoints.
  options = { timerScale, ports: await freeLocalPorts(), dataDir: join(folder, 'data') };
  // No payment timer in the way: the order is paid at once.
  process.env.VELO_TIMER_OVERRIDES = JSON.stringify({ 'expire-payment': 60_000 });
});

afterAll(async () => {
  await cloud?.stop();
  delete process.env.VELO_TIMER_OVERRIDES;
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('restart of the local cloud (the deadline sweeper)', () => {
  it('a purchased order whose ship deadline passed while the cloud was down is auto-canceled once at start', async () => {
    cloud = await startOrderCloud(options);
    const order = await givenPendingOrder({ paid: true }); // the seller is paid, the buyer refunded
    await startWorkflow(order);
    await awaitingToken(order, 1);
    const purchased = await act(order, 'confirm-payment', 'customer');
    await awaitingToken(order, 2);
    expect(purchased.deadline?.transition).toBe('auto-cancel');
    expect(await stockOf(order.listingId)).toBe(0);

    await cloud.stop();
    cloud = undefined;
    // Nothing runs while the deadline passes.
    const dueAt = Date.parse(purchased.deadline!.dueAt);
    await sleep(Math.max(0, dueAt - Date.now()) + 300);

    cloud = await startOrderCloud(options);
    const tx = await reachesState(order, 'canceled');
    expect(logOf(tx)).toEqual(['request-payment', 'confirm-payment', 'auto-cancel']);
    expect(tx.transitions.at(-1)).toMatchObject({ transition: 'auto-cancel', by: 'system' });
    expect(Date.parse(tx.transitions.at(-1)!.createdAt)).toBeGreaterThanOrEqual(dueAt);
    expect(await stockOf(order.listingId)).toBe(1);
    await expectRefunded(order, 'auto-canceled');

    // Another sweep changes nothing more: one run here, now (a positive signal, where a sleep
    // hoped the cloud's own 2-s sweeper had run), fires no timer and resumes no workflow for the
    // canceled order (the executions of the stopped cloud died with it).
    const again = await sweep({ resumeWorkflows: true });
    expect(again).toMatchObject({ fired: 0, resumed: 0, moneyRetried: 0 });
    const after = (await getTransaction(order.id))!;
    expect(timesTaken(after, 'auto-cancel')).toBe(1);
    expect(after.version).toBe(tx.version);
    expect(await stockOf(order.listingId)).toBe(1);
  }, 90_000); // two cloud starts on a data folder (DynamoDB Local's JVM each time)
});
