import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../config/constants';
import {
  deadlineFor,
  isDue,
  LOCAL_MAX_WAIT_SECONDS,
  MAX_TIMEOUT_SECONDS,
  parseTimerOverrides,
  plan,
  scaledWindowDeadline,
  timerDurationMs,
  timerSettingsFromEnv,
  waitSecondsUntil,
  windowClock,
} from './deadlines';
import { timerDeadline, timerFor, timers } from './graph';
import { checkTransition } from './permissions';

const t0 = new Date('2026-11-22T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const tx = (state: Parameters<typeof plan>[0]['state'], entered: Parameters<typeof plan>[0]['entered']) => ({
  id: 'tx-1',
  state,
  version: 3,
  entered,
});

describe('deadlineFor', () => {
  it('equals the graph timerDeadline at scale 1 for every timer', () => {
    for (const timer of timers) {
      const entered = { [timer.anchor]: iso(0), [timer.state]: iso(1000) };
      expect(deadlineFor(timer.state, entered)).toEqual({
        transition: timer.transition,
        dueAt: timerDeadline(timer.state, entered),
      });
    }
  });

  it('scales durations, anchored on the anchor state (review expiries on received)', () => {
    expect(deadlineFor('pending-payment', { 'pending-payment': iso(0) }, { scale: 0.002 })).toEqual({
      transition: 'expire-payment',
      dueAt: at(15 * MINUTE_MS * 0.002),
    });
    const entered = { received: iso(0), completed: iso(5), 'reviewed-by-customer': iso(HOUR_MS) };
    expect(deadlineFor('reviewed-by-customer', entered, { scale: 0.5 })?.dueAt).toEqual(at(3.5 * DAY_MS));
  });

  it('an override (ms) wins over the scale for its timer only', () => {
    const settings = { scale: 0.01, overrides: { 'auto-cancel-from-disputed': 6000 } };
    expect(deadlineFor('disputed', { disputed: iso(0) }, settings)?.dueAt).toEqual(at(6000));
    expect(deadlineFor('delivered', { delivered: iso(0) }, settings)?.dueAt).toEqual(at(3 * DAY_MS * 0.01));
  });

  it("a shipped order's report window adds the transit allowance, scaled and overridable like the rest", () => {
    const shipped = { deliveryMethod: 'shipping' as const };
    expect(deadlineFor('delivered', { delivered: iso(0) }, {}, shipped)?.dueAt).toEqual(at(13 * DAY_MS));
    expect(deadlineFor('delivered', { delivered: iso(0) }, { scale: 0.01 }, shipped)?.dueAt).toEqual(
      at(13 * DAY_MS * 0.01),
    );
    expect(deadlineFor('delivered', { delivered: iso(0) }, {}, { deliveryMethod: 'pickup' })?.dueAt).toEqual(
      at(3 * DAY_MS),
    );
    const overridden = { overrides: { 'auto-mark-received': 5000 } };
    expect(deadlineFor('delivered', { delivered: iso(0) }, overridden, shipped)?.dueAt).toEqual(at(5000));
  });

  it('is undefined without a timer or without the anchor entry', () => {
    expect(deadlineFor('enquiry', { enquiry: iso(0) })).toBeUndefined();
    expect(deadlineFor('canceled', { canceled: iso(0) })).toBeUndefined();
    expect(deadlineFor('completed', { completed: iso(0) })).toBeUndefined(); // anchor is `received`
  });

  it('received has a 0-second timer (auto-complete), also when scaled', () => {
    expect(deadlineFor('received', { received: iso(0) }, { scale: 0.001 })).toEqual({
      transition: 'auto-complete',
      dueAt: at(0),
    });
  });
});

describe('plan', () => {
  it('closes in terminal states', () => {
    for (const state of ['reviewed', 'canceled', 'payment-expired'] as const) {
      expect(plan(tx(state, {}), t0)).toEqual({ closed: true, transactionId: 'tx-1', state, version: 3 });
    }
  });

  it('waits the whole seconds left, rounded up', () => {
    const p = plan(tx('pending-payment', { 'pending-payment': iso(-1500) }), t0);
    expect(p).toEqual({
      transactionId: 'tx-1',
      state: 'pending-payment',
      version: 3,
      waitSeconds: 15 * 60 - 1, // 898.5 s left → 899
      transition: 'expire-payment',
      dueAt: iso(15 * MINUTE_MS - 1500),
    });
  });

  it("plans a shipped order's report window from its delivery method", () => {
    const delivered = {
      ...tx('delivered', { delivered: iso(0) }),
      orderData: { deliveryMethod: 'shipping' as const },
    };
    const p = plan(delivered, t0);
    expect(p.closed ? undefined : [p.transition, p.dueAt]).toEqual(['auto-mark-received', iso(13 * DAY_MS)]);
  });

  it('waits for the deadline written on the order when it has one (it keeps the rule it entered with)', () => {
    const written = {
      ...tx('delivered', { delivered: iso(0) }),
      orderData: { deliveryMethod: 'shipping' as const },
      deadline: { transition: 'auto-mark-received' as const, dueAt: iso(3 * DAY_MS) },
    };
    const p = plan(written, t0);
    expect(p.closed ? undefined : p.dueAt).toBe(iso(3 * DAY_MS));
  });

  it('60 days at scale 1: capped at 2 000 000 s, always an integer ≥ 1', () => {
    const p = plan(tx('disputed', { disputed: iso(0) }), t0, { maxWaitSeconds: LOCAL_MAX_WAIT_SECONDS });
    expect(p.closed).toBeFalsy();
    if (p.closed) return;
    expect(p.waitSeconds).toBe(2_000_000);
    expect(Number.isInteger(p.waitSeconds)).toBe(true);
    expect(p.dueAt).toBe(iso(60 * DAY_MS));
    // Without a cap the whole 60 days (5 184 000 s) fits in one AWS wait.
    const aws = plan(tx('disputed', { disputed: iso(0) }), t0);
    expect(aws.closed ? 0 : aws.waitSeconds).toBe(60 * 24 * 3600);
    // After the first lap the rest; then the rest again, until due: 3 laps for 60 days.
    const lap2 = plan(tx('disputed', { disputed: iso(0) }), at(2_000_000_000), { maxWaitSeconds: 2_000_000 });
    expect(lap2.closed ? 0 : lap2.waitSeconds).toBe(2_000_000);
    const lap3 = plan(tx('disputed', { disputed: iso(0) }), at(4_000_000_000), { maxWaitSeconds: 2_000_000 });
    expect(lap3.closed ? 0 : lap3.waitSeconds).toBe(60 * 24 * 3600 - 4_000_000);
  });

  it('waits at least 1 s for a due or overdue timer (and for the 0-second auto-complete)', () => {
    const overdue = plan(tx('purchased', { purchased: iso(-10 * DAY_MS) }), t0);
    expect(overdue.closed ? 0 : overdue.waitSeconds).toBe(1);
    const received = plan(tx('received', { received: iso(0) }), t0);
    expect(received.closed ? 0 : received.waitSeconds).toBe(1);
  });

  it('scaled waits are integers ≥ 1 (the 15-minute payment window at scale 0.002 → 2 s)', () => {
    const p = plan(tx('pending-payment', { 'pending-payment': iso(0) }), t0, { scale: 0.002 });
    expect(p.closed ? 0 : p.waitSeconds).toBe(2); // 1.8 s rounded up
    for (const scale of [0.0001, 0.001, 0.01, 0.37, 1]) {
      for (const timer of timers) {
        const entered = { [timer.anchor]: iso(-123), [timer.state]: iso(-100) };
        const p2 = plan(tx(timer.state, entered), t0, { scale, maxWaitSeconds: LOCAL_MAX_WAIT_SECONDS });
        if (p2.closed) throw new Error('open state');
        expect(Number.isInteger(p2.waitSeconds)).toBe(true);
        expect(p2.waitSeconds).toBeGreaterThanOrEqual(1);
        expect(p2.waitSeconds).toBeLessThanOrEqual(LOCAL_MAX_WAIT_SECONDS);
      }
    }
  });

  it('a state without a timer (enquiry) waits the longest allowed', () => {
    const p = plan(tx('enquiry', { enquiry: iso(0) }), t0, { maxWaitSeconds: 2_000_000 });
    expect(p).toEqual({ transactionId: 'tx-1', state: 'enquiry', version: 3, waitSeconds: 2_000_000 });
    const aws = plan(tx('enquiry', { enquiry: iso(0) }), t0);
    expect(aws.closed ? 0 : aws.waitSeconds).toBe(MAX_TIMEOUT_SECONDS);
  });
});

describe('helpers', () => {
  it('waitSecondsUntil clamps to [1, max]', () => {
    expect(waitSecondsUntil(1001, 0)).toBe(2);
    expect(waitSecondsUntil(1000, 0)).toBe(1);
    expect(waitSecondsUntil(-5000, 0)).toBe(1);
    expect(waitSecondsUntil(10_000_000, 0, 5)).toBe(5);
    expect(waitSecondsUntil(10_000_000, 0, 0.5)).toBe(1);
  });

  it('isDue at and after the deadline', () => {
    expect(isDue({ dueAt: iso(0) }, t0)).toBe(true);
    expect(isDue({ dueAt: at(1) }, t0)).toBe(false);
    expect(isDue({ dueAt: at(-1) }, t0)).toBe(true);
  });

  it('timerDurationMs rounds scaled durations to whole ms', () => {
    const expire = timerFor('pending-payment')!;
    expect(timerDurationMs(expire)).toBe(15 * MINUTE_MS);
    expect(timerDurationMs(expire, { scale: 1 / 3 })).toBe(300_000);
    expect(() => timerDurationMs(expire, { scale: 0 })).toThrow();
  });
});

describe('settings from the environment', () => {
  it('defaults to scale 1, no overrides, no cap', () => {
    expect(timerSettingsFromEnv({})).toEqual({ scale: 1, overrides: {} });
  });

  it('reads VELO_TIMER_SCALE, VELO_TIMER_OVERRIDES and ORDER_TIMER_MAX_WAIT_SECONDS', () => {
    expect(
      timerSettingsFromEnv({
        VELO_TIMER_SCALE: '0.002',
        VELO_TIMER_OVERRIDES: '{"auto-cancel-from-disputed":6000}',
        ORDER_TIMER_MAX_WAIT_SECONDS: '2',
      }),
    ).toEqual({ scale: 0.002, overrides: { 'auto-cancel-from-disputed': 6000 }, maxWaitSeconds: 2 });
  });

  it('the e-mail reminders may be overridden too', () => {
    expect(parseTimerOverrides('{"ship-reminder":5000,"report-problem-reminder":0}')).toEqual({
      'ship-reminder': 5000,
      'report-problem-reminder': 0,
    });
    expect(() => parseTimerOverrides('{"review-reminder":1}')).toThrow(/not a timer transition or reminder/);
  });

  it('refuses nonsense', () => {
    expect(() => timerSettingsFromEnv({ VELO_TIMER_SCALE: '0' })).toThrow(/VELO_TIMER_SCALE/);
    expect(() => timerSettingsFromEnv({ VELO_TIMER_SCALE: 'fast' })).toThrow(/VELO_TIMER_SCALE/);
    expect(() => parseTimerOverrides('{"mark-delivered":1}')).toThrow(/not a timer/);
    expect(() => parseTimerOverrides('{"auto-cancel":-1}')).toThrow(/milliseconds/);
    expect(() => parseTimerOverrides('[1]')).toThrow(/JSON object/);
  });
});

describe('scaled windows', () => {
  const entered = { purchased: iso(0) };

  it('the customer cancel window scales with the timers', () => {
    expect(scaledWindowDeadline('cancel', 'customer', entered)).toEqual(at(3 * HOUR_MS));
    expect(scaledWindowDeadline('cancel', 'customer', entered, { scale: 0.01 })).toEqual(at(108_000));
    expect(scaledWindowDeadline('cancel', 'operator', entered)).toBeUndefined();
  });

  it('windowClock makes checkTransition apply the scaled window', () => {
    const settings = { scale: 0.01 };
    const check = (ms: number) =>
      checkTransition('purchased', 'cancel', 'customer', {
        entered,
        now: windowClock('cancel', 'customer', entered, at(ms), settings),
      }).ok;
    expect(check(108_000)).toBe(true);
    expect(check(108_001)).toBe(false);
    // Unscaled and for actors without a window the clock is the real one.
    expect(windowClock('cancel', 'customer', entered, at(5), {})).toEqual(at(5));
    expect(windowClock('cancel', 'operator', entered, at(5), settings)).toEqual(at(5));
  });
});
