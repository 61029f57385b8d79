import { describe, expect, it } from 'vitest';
import { parseStartOptions } from './cli-options';
import { defaultPorts, timerEnvironment } from './cloud';

describe('parseStartOptions', () => {
  it('defaults to persistent data in .data and the standard ports', () => {
    expect(parseStartOptions([], {})).toEqual({
      dataDir: '.data',
      ports: defaultPorts,
      timerScale: 1,
      seed: true,
      reset: false,
    });
  });

  it('moves every back-end port away from the defaults for an ephemeral stack', () => {
    const options = parseStartOptions(['--ephemeral', '--port', '3100'], {});
    expect(options.dataDir).toBeUndefined();
    expect(options.ports).toEqual({ gateway: 3100, dynamodb: 8300, cognito: 9429, s3: 4769, aws: 4780 });
  });

  it('takes ports, data folder and timer scale from the environment', () => {
    const options = parseStartOptions(['--reset'], {
      VELO_PORT: '4000',
      VELO_DATA_DIR: '/tmp/velo',
      VELO_TIMER_SCALE: '0.01',
      VELO_DYNAMODB_PORT: '8999',
      VELO_SITE_ORIGIN: 'http://localhost:5173',
    });
    expect(options).toMatchObject({
      dataDir: '/tmp/velo',
      timerScale: 0.01,
      reset: true,
      siteOrigin: 'http://localhost:5173',
    });
    expect(options.ports).toMatchObject({ gateway: 4000, dynamodb: 8999 });
  });

  it('rejects nonsense with a clear message', () => {
    expect(() => parseStartOptions(['--port', 'abc'], {})).toThrow(
      'port must be a positive number, got "abc"',
    );
    expect(() => parseStartOptions(['--bogus'], {})).toThrow();
  });
});

describe('timerEnvironment', () => {
  it('gives the handlers the timer scale and the local wait cap, and passes overrides on', () => {
    expect(timerEnvironment(0.01, {})).toEqual({
      VELO_TIMER_SCALE: '0.01',
      ORDER_TIMER_MAX_WAIT_SECONDS: '2000000',
    });
    expect(
      timerEnvironment(1, {
        ORDER_TIMER_MAX_WAIT_SECONDS: '2',
        VELO_TIMER_OVERRIDES: '{"auto-cancel-from-disputed":6000}',
      }),
    ).toEqual({
      VELO_TIMER_SCALE: '1',
      ORDER_TIMER_MAX_WAIT_SECONDS: '2',
      VELO_TIMER_OVERRIDES: '{"auto-cancel-from-disputed":6000}',
    });
  });
});
