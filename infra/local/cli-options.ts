import { parseArgs } from 'node:util';
import { defaultPorts, type LocalPorts } from './cloud';

/** Command-line and environment options shared by `npm start` and `npm run seed`. */
export interface StartOptions {
  dataDir?: string;
  ports: LocalPorts;
  siteOrigin?: string;
  timerScale: number;
  seed: boolean;
  reset: boolean;
}

export function parseStartOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): StartOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      ephemeral: { type: 'boolean', default: false },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'timer-scale': { type: 'string' },
      'no-seed': { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const number = (raw: string | undefined, fallback: number, name: string) => {
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`${name} must be a positive number, got "${raw}"`);
    return value;
  };
  const gateway = number(values.port ?? env.VELO_PORT, defaultPorts.gateway, 'port');
  // --ephemeral (tests) keeps everything in memory and moves the back-end ports next to the gateway's,
  // so a test stack never collides with a running `npm start`.
  const ephemeral = values.ephemeral;
  const offset = ephemeral ? gateway - defaultPorts.gateway + 100 : 0;
  const ports: LocalPorts = {
    gateway,
    dynamodb: number(env.VELO_DYNAMODB_PORT, defaultPorts.dynamodb + offset, 'VELO_DYNAMODB_PORT'),
    cognito: number(env.VELO_COGNITO_PORT, defaultPorts.cognito + offset, 'VELO_COGNITO_PORT'),
    s3: number(env.VELO_S3_PORT, defaultPorts.s3 + offset, 'VELO_S3_PORT'),
    aws: number(env.VELO_AWS_PORT, defaultPorts.aws + offset, 'VELO_AWS_PORT'),
  };
  return {
    ...(ephemeral ? {} : { dataDir: values['data-dir'] ?? env.VELO_DATA_DIR ?? '.data' }),
    ports,
    ...(env.VELO_SITE_ORIGIN ? { siteOrigin: env.VELO_SITE_ORIGIN } : {}),
    timerScale: number(values['timer-scale'] ?? env.VELO_TIMER_SCALE, 1, 'timer-scale'),
    seed: !values['no-seed'],
    reset: values.reset,
  };
}
