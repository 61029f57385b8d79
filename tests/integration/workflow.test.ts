import { SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTransaction } from '../../functions/orders/repository';
import { eventually, useLocalCloud } from './cloud-env';
import { timerScale } from './global-setup';
import {
  act,
  awaitingToken,
  expectRefunded,
  expectVoided,
  finished,
  givenPendingOrder,
  logOf,
  paymentIntentOf,
  reachesState,
  sfn,
  startWorkflow,
  stockOf,
} from './order-cloud';

/**
 * The order workflow (statemachines/order.asl.json) on the suite's local cloud, as the API will use
 * it: the order is made through the engine, startOrderWorkflow starts its execution, the workflow
 * stores a task token for the order's version and waits for its deadline; a user's transition
 * answers the token with the next plan. The suite's timers run ≈ 167× faster (15 minutes: 5.4 s).
 * The timer paths, restarts and the operator are in order-timers.test.ts and order-restart.test.ts.
 */
beforeAll(() => {
  useLocalCloud();
  // The engine runs in this worker: it plans deadlines at the cloud's scale.
  process.env.VELO_TIMER_SCALE = String(timerScale);
});

/** The engine removes an answered token from the transaction. */
const reachesNoToken = (id: string) =>
  eventually(async () => ((await getTransaction(id))?.taskToken === undefined ? true : undefined));

describe('the order workflow (Step Functions stand-in)', () => {
  it('waits on a task token for the order version; a user transition answers it and the workflow waits on the next version', async () => {
    const order = await givenPendingOrder({ paid: true });
    const executionArn = await startWorkflow(order);
    const first = await awaitingToken(order, 1);
    expect(first.executionArn).toBe(executionArn);

    const paid = await act(order, 'confirm-payment', 'customer');
    expect(paid.state).toBe('purchased');
    expect(paid.payment?.capturedAt).toBeTruthy();
    expect((await paymentIntentOf(order)).status).toBe('succeeded');
    const second = await awaitingToken(order, 2);
    expect(second.taskToken).not.toBe(first.taskToken);
    expect(second.deadline?.transition).toBe('auto-cancel');
    // The first token was answered by the engine: it cannot be answered again.
    await expect(
      sfn().send(new SendTaskSuccessCommand({ taskToken: first.taskToken!, output: '{}' })),
    ).rejects.toMatchObject({ name: expect.stringMatching(/TaskTimedOut|InvalidToken/) });
    expect((await getTransaction(order.id))?.state).toBe('purchased');

    // A closing transition ends the execution (Order.Closed → Done): the customer cancels within
    // the (scaled) 3-hour window; the stock comes back.
    const canceled = await act(order, 'cancel', 'customer');
    expect(canceled.state).toBe('canceled');
    expect(await stockOf(order.listingId)).toBe(1);
    await expectRefunded(order, 'canceled');
    const execution = await finished(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
    await reachesNoToken(order.id);
  });

  it('fires expire-payment at the scaled deadline: payment-expired, stock back, the execution succeeds', async () => {
    const order = await givenPendingOrder({ paid: true });
    const executionArn = await startWorkflow(order);
    expect(await stockOf(order.listingId)).toBe(0);
    const tx = await reachesState(order, 'payment-expired', 20_000);
    expect(logOf(tx)).toEqual(['request-payment', 'expire-payment']);
    expect(tx.transitions.at(-1)?.by).toBe('system');
    expect(await stockOf(order.listingId)).toBe(1);
    await expectVoided(order); // authorised, never captured: the PaymentIntent is cancelled
    const execution = await finished(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
  });

  it('ends at once for an order that is already closed', async () => {
    const order = await givenPendingOrder({ paid: true });
    await act(order, 'cancel-payment', 'customer');
    await expectVoided(order);
    const executionArn = await startWorkflow(order);
    const execution = await finished(executionArn);
    expect(execution.status).toBe('SUCCEEDED');
    expect((await getTransaction(order.id))?.taskToken).toBeUndefined();
  });
});
