import { describe, expect, it } from 'vitest';
import { costRunTimers, inParallel, mixOf, planFor } from './orders';

describe('the order mix', () => {
  it('1 in 5 PayPal, 1 in 4 received by the timer, half reviewed by both and a quarter by the buyer', () => {
    expect(planFor(0)).toEqual({ payment: 'card', received: 'buyer', reviews: 'both' });
    expect(planFor(1)).toEqual({ payment: 'card', received: 'buyer', reviews: 'customer' });
    expect(planFor(3)).toEqual({ payment: 'card', received: 'timer', reviews: 'none' });
    expect(planFor(4)).toMatchObject({ payment: 'paypal' });
    expect(Object.keys(mixOf(1))).toEqual([
      'card',
      'paypal',
      'received by buyer',
      'received by timer',
      'reviews: both',
      'reviews: customer',
      'reviews: none',
    ]);
    expect(mixOf(20)).toEqual({
      card: 16,
      paypal: 4,
      'received by buyer': 15,
      'received by timer': 5,
      'reviews: both': 10,
      'reviews: customer': 5,
      'reviews: none': 5,
    });
  });
});

describe('inParallel', () => {
  it('runs every task once, never more than the limit at a time, counting each done', async () => {
    let running = 0;
    let most = 0;
    const ran: number[] = [];
    const done: number[] = [];
    await inParallel(
      7,
      3,
      async (index) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        ran.push(index);
        running--;
      },
      (count) => done.push(count),
    );
    expect(ran.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(3);
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('the cost run timers', () => {
  it('the report-a-problem reminder falls due after the buyers act and a sweep before the window closes', () => {
    const localSweepIntervalMs = 2000; // infra/local/cloud.ts sweepIntervalMs
    const reminder = costRunTimers['report-problem-reminder'];
    expect(reminder).toBeGreaterThanOrEqual(2000);
    expect(reminder + localSweepIntervalMs).toBeLessThan(costRunTimers['auto-mark-received']);
  });
});
