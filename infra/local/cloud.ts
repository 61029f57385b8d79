import './polyfills';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unverifiedAccountsRemoval } from '../../functions/accounts/scheduled/schedule';
import { eventBusName } from '../../functions/event-rules';
import { failureQueues } from '../../functions/failure-queues';
import { dynamo, s3 as s3Client } from '../../functions/lib/aws';
import { searchSnapshotWriter } from '../../functions/listings/search/schedule';
import { scheduledTasks } from '../../functions/orders/workflow/tasks';
import { paymentsRuntimeConfig } from '../../functions/payments/runtime-config';
import { LOCAL_MAX_WAIT_SECONDS } from '../../shared/process/deadlines';
import { type AwsEmulator, startAwsEmulator } from './aws-emulator';
import { type LocalCognito, localTriggerFunctions, startCognito } from './cognito';
import { ensureTable, type LocalDynamoDb, startDynamoDb } from './dynamodb';
import { LocalEventBus } from './event-bus';
import { keepGivenUpBatches } from './failure-records';
import { type Gateway, startGateway } from './gateway';
import { loadHandler } from './handlers';
import { codeMailToOutbox, LocalOutbox } from './outbox';
import { freePorts } from './processes';
import { guardReadOnly } from './read-only';
import { type LocalS3, startS3 } from './s3';
import { publishLocalContent } from './seed/content';
import { LocalSqs } from './sqs';
import { LocalStepFunctions, stateMachineArn } from './stepfunctions';
import { type StreamPoller, startStreamPoller } from './stream-poller';
import { startSweeper } from './sweeper';

/**
 * The whole marketplace on one machine: every AWS service's stand-in, wired so the handlers in
 * functions/ run unchanged (they only see environment variables, as in Lambda).
 */
export interface LocalPorts {
  gateway: number;
  dynamodb: number;
  cognito: number;
  s3: number;
  aws: number;
}

export const defaultPorts: LocalPorts = { gateway: 3000, dynamodb: 8100, cognito: 9229, s3: 4569, aws: 4580 };

/** Five distinct free ports, for a stack that must not collide with anything (tests, benchmarks). */
export async function freeLocalPorts(): Promise<LocalPorts> {
  const [gateway, dynamodb, cognito, s3, aws] = await freePorts(5);
  return { gateway: gateway!, dynamodb: dynamodb!, cognito: cognito!, s3: s3!, aws: aws! };
}

export interface LocalCloudOptions {
  /** Where data lives across restarts; undefined runs everything in memory / a temp folder. */
  dataDir?: string;
  ports: LocalPorts;
  /**
   * The site's origin the handlers build every link and return URL on (SITE_ORIGIN); default the
   * gateway's `http://localhost:<port>`. Another one only when the browser loads the site elsewhere
   * (the Vite dev server, which proxies `/api` here).
   */
  siteOrigin?: string;
  /**
   * Multiplies the order timers and windows (1 = real time): the handlers get it as VELO_TIMER_SCALE
   * (shared/process/deadlines.ts). VELO_TIMER_OVERRIDES and ORDER_TIMER_MAX_WAIT_SECONDS are passed
   * on from this process's environment when set (the latter defaults to 2 000 000 s locally).
   */
  timerScale: number;
  /**
   * Runs the deadline sweeper (functions/orders/workflow/sweep-due.ts): once at start, resuming the
   * workflow of every open order with a deadline, then every 2 s. Default true.
   */
  sweep?: boolean;
  webRoot: string;
  log?: (line: string) => void;
  /** Runs with every back-end service up, before the gateway opens (demo data, so nobody sees half of it). */
  beforeGateway?: (services: { cognito: LocalCognito; streams: StreamPoller }) => Promise<void>;
}

export interface LocalCloud {
  url: string;
  env: Record<string, string>;
  cognito: LocalCognito;
  stepFunctions: LocalStepFunctions;
  eventBus: LocalEventBus;
  outbox: LocalOutbox;
  streams: StreamPoller;
  stop(): Promise<void>;
}

export const localNames = {
  table: 'velo',
  imagesBucket: 'velo-images',
  /** The hosted content (page assets, translations), apart from the images as in AWS (issue 26). */
  contentBucket: 'velo-content',
  /** The site bucket: the gateway puts the built index.html here for the head renderer. */
  siteBucket: 'velo-site',
  emailFrom: 'Velo Exchange <no-reply@velo.example>',
} as const;

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const log = options.log ?? (() => undefined);
  const ephemeralDir = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'velo-'));
  const dataDir = resolve(options.dataDir ?? ephemeralDir!);
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(`stop failed: ${error}`));
    if (ephemeralDir) rmSync(ephemeralDir, { recursive: true, force: true });
  };

  try {
    const outbox = new LocalOutbox(options.dataDir ? join(dataDir, 'outbox') : undefined);
    const [dynamodb, cognito, s3] = await Promise.all([
      startDynamoDb({
        port: options.ports.dynamodb,
        ...(options.dataDir ? { dbPath: join(dataDir, 'dynamodb') } : {}),
      }).then((service: LocalDynamoDb) => {
        stops.push(service.stop);
        return service;
      }),
      startCognito({
        port: options.ports.cognito,
        dataDir: join(dataDir, 'cognito'),
        // Its CustomMessage trigger (the handler Lambda runs) is answered by the AWS emulator below,
        // which is up before anyone asks for a code.
        lambdaEndpoint: `http://127.0.0.1:${options.ports.aws}`,
        onCode: (mail) => outbox.store(codeMailToOutbox(mail, localNames.emailFrom)),
      }).then((service) => {
        stops.push(service.stop);
        return service;
      }),
      startS3({
        port: options.ports.s3,
        directory: join(dataDir, 's3'),
        buckets: [localNames.imagesBucket, localNames.siteBucket, localNames.contentBucket],
      }).then((service: LocalS3) => {
        stops.push(service.stop);
        return service;
      }),
    ]);
    log(`DynamoDB Local   ${dynamodb.endpoint}${options.dataDir ? '' : ' (in memory)'}`);
    log(`cognito-local    ${cognito.endpoint} (user pool ${cognito.userPoolId})`);
    log(`S3 (s3rver)      ${s3.endpoint}`);

    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      // s3rver accepts only its own well-known key pair; the other stand-ins accept any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: dynamodb.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      TABLE_NAME: localNames.table,
      IMAGES_BUCKET: localNames.imagesBucket,
      CONTENT_BUCKET: localNames.contentBucket,
      SITE_BUCKET: localNames.siteBucket,
      EVENT_BUS_NAME: eventBusName,
      ORDER_STATE_MACHINE_ARN: stateMachineArn('order'),
      EMAIL_FROM: localNames.emailFrom,
      // Links in e-mails, return URLs and the simulated providers' pages and webhooks: this gateway.
      SITE_ORIGIN: options.siteOrigin ?? `http://localhost:${options.ports.gateway}`,
      KLAVIYO_LOG_FILE: join(dataDir, 'klaviyo.ndjson'), // the simulated Klaviyo's calls (no KLAVIYO_API_KEY)
      USER_POOL_ID: cognito.userPoolId,
      USER_POOL_CLIENT_ID: cognito.clientId,
      // The handlers' log lines (functions/lib/logger.ts) indented for reading; JSON lines in Lambda.
      POWERTOOLS_DEV: process.env.POWERTOOLS_DEV || 'true',
      // No EMF metric lines on the console and no X-Ray here (functions/lib/metrics.ts, tracing.ts).
      POWERTOOLS_METRICS_DISABLED: 'true',
      POWERTOOLS_TRACE_ENABLED: 'false',
      ...timerEnvironment(options.timerScale),
    };
    Object.assign(process.env, env);
    // The read-only route roles, enforced on the handlers' table and S3 clients as IAM would.
    guardReadOnly(dynamo(), 'table');
    guardReadOnly(s3Client(), 'objects');

    await ensureTable(dynamodb.endpoint, localNames.table);
    // Hosted content (page assets, translations): published on every start, uploaded only when it changed.
    log(await publishLocalContent(localNames.contentBucket));
    const stepFunctions = new LocalStepFunctions();
    // The failure queues (issue 26): what a rule handler or a stream consumer failed, for the redrive.
    const sqs = new LocalSqs({
      queues: Object.values(failureQueues).map((queue) => queue.localName),
      ...(options.dataDir ? { directory: join(dataDir, 'sqs') } : {}),
    });
    const eventBus = new LocalEventBus(options.dataDir ? join(dataDir, 'events.ndjson') : undefined, {
      failedInvocations: (record) =>
        sqs.send(failureQueues.failedInvocations.localName, JSON.stringify(record)),
    });
    const emulator: AwsEmulator = await startAwsEmulator(options.ports.aws, {
      stepFunctions,
      eventBus,
      outbox,
      lambdaFunctions: localTriggerFunctions(),
      sqs,
    });
    stops.push(emulator.stop);
    stops.push(() => eventBus.drain());
    Object.assign(env, {
      AWS_ENDPOINT_URL_SFN: emulator.endpoint,
      AWS_ENDPOINT_URL_EVENTBRIDGE: emulator.endpoint,
      AWS_ENDPOINT_URL_SESV2: emulator.endpoint,
      AWS_ENDPOINT_URL_SQS: emulator.endpoint,
    });
    Object.assign(process.env, env);
    // Stops run in reverse: the stream consumers and the workflows (which send mail, answer task
    // tokens and publish events through the emulator) finish before the emulator goes.
    const streams = await startStreamPoller(dynamodb.endpoint, localNames.table, {
      onExhausted: keepGivenUpBatches((record) =>
        sqs.send(failureQueues.streamDeadLetters.localName, JSON.stringify(record)),
      ),
    });
    stops.push(streams.stop);
    stops.push(() => stepFunctions.stop());
    log('Stream poller    reading the table stream');
    log(`Step Functions, EventBridge, SES  ${emulator.endpoint}${timerNote(options.timerScale)}`);
    log(`SQS (failure queues)  ${emulator.endpoint}${options.dataDir ? '' : ' (in memory)'}`);

    if (options.sweep ?? true) {
      // Deadlines live in the table (DUE# items): after a restart the first run fires what fell due
      // while the cloud was down and restarts the workflows (in memory only) of the open orders.
      const sweeper = startSweeper({
        intervalMs: sweepIntervalMs,
        run: async (first) => {
          const sweep = await loadHandler<(input?: SweepInput) => Promise<SweepResult>>(
            scheduledTasks.SweepDue,
          );
          const result = await sweep(first ? { resumeWorkflows: true } : {});
          if (first && (result.fired || result.resumed))
            log(`Deadline sweeper ${result.fired} timers fired, ${result.resumed} workflows resumed`);
        },
        onError: (error) => console.error('  ✖ Deadline sweeper failed (retrying every 2 s):', error),
      });
      stops.push(() => sweeper.stop());
      await sweeper.first;
    }

    await options.beforeGateway?.({ cognito, streams });
    // The search snapshot (issue 23): after the demo data, so the first snapshot holds it, then
    // every minute (AWS: every 10 minutes); search containers load it and apply the deltas after it.
    const snapshots = startSweeper({
      intervalMs: searchSnapshotWriter.localIntervalMs,
      run: async (first) => {
        const write = await loadHandler<
          () => Promise<{ written: boolean; listings: number; position: number }>
        >(searchSnapshotWriter.handler);
        const result = await write();
        if (!first) return;
        log(
          result.written
            ? `Search snapshot  ${result.listings} listings at change ${result.position}`
            : `Search snapshot  up to date at change ${result.position}`,
        );
      },
      onError: (error) => console.error('  ✖ Search snapshot writer failed (retrying every minute):', error),
    });
    stops.push(() => snapshots.stop());
    await snapshots.first;
    // Accounts never verified are removed after 7 days (issue 25): at start, then every hour.
    const removals = startSweeper({
      intervalMs: unverifiedAccountsRemoval.localIntervalMs,
      run: async () => {
        const remove = await loadHandler<() => Promise<{ removed: number }>>(
          unverifiedAccountsRemoval.handler,
        );
        const result = await remove();
        if (result.removed) log(`Unverified accounts ${result.removed} removed (never verified in 7 days)`);
      },
      onError: (error) =>
        console.error('  ✖ Removal of unverified accounts failed (retrying every hour):', error),
    });
    stops.push(() => removals.stop());
    const gateway: Gateway = await startGateway({
      port: options.ports.gateway,
      webRoot: resolve(options.webRoot),
      imagesBucket: localNames.imagesBucket,
      siteBucket: localNames.siteBucket,
      jwt: { issuer: cognito.issuer, jwksUrl: cognito.jwksUrl, clientId: cognito.clientId },
      events: () => eventBus.events(),
      runtimeConfig: {
        apiBaseUrl: '/api',
        currency: 'USD',
        cognito: { userPoolId: cognito.userPoolId, clientId: cognito.clientId, endpoint: cognito.endpoint },
        // cognito-local has no federation: no social sign-in locally.
        idps: [],
        klaviyo: true, // page views go to the simulated Klaviyo; Sentry only with SENTRY_DSN set
        // Simulated Stripe and PayPal unless their keys are in the environment (docs/payments.md).
        payments: paymentsRuntimeConfig(),
        ...(process.env.SENTRY_DSN ? { sentryDsn: process.env.SENTRY_DSN } : {}),
      },
      allowedOrigins: [
        `http://localhost:${options.ports.gateway}`,
        `http://127.0.0.1:${options.ports.gateway}`,
      ],
      // Amplify signs in at cognito-local; avatar and photo uploads POST straight to s3rver.
      connectOrigins: [
        cognito.endpoint,
        s3.endpoint,
        // Browser error reports go to Sentry's ingest host when a DSN is set.
        ...(process.env.SENTRY_DSN ? [new URL(process.env.SENTRY_DSN).origin] : []),
      ],
      // A dispute's photos are shown through presigned links to s3rver, as to S3 in AWS.
      imageOrigins: [s3.endpoint],
      outbox,
      settle: () => settle({ cognito, streams, eventBus }),
    });
    stops.push(gateway.stop);
    log(`Web app and API  ${gateway.url}  (dev outbox: ${gateway.url}/_dev/outbox)`);

    return { url: gateway.url, env, cognito, stepFunctions, eventBus, outbox, streams, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * Waits until the cloud has caught up with everything done before the call: every code
 * cognito-local delivered is in the outbox, every stream record written is handled and every event
 * published is delivered. Twice over, as a consumer may publish an event and a rule target may
 * write to the table (a new record). A test's positive signal before asserting that nothing arrived.
 */
export async function settle(services: {
  cognito: Pick<LocalCognito, 'flush'>;
  streams: Pick<StreamPoller, 'drain'>;
  eventBus: Pick<LocalEventBus, 'drain'>;
}): Promise<{ settledAt: string }> {
  await services.cognito.flush();
  for (let round = 0; round < 2; round++) {
    await services.streams.drain();
    await services.eventBus.drain();
  }
  return { settledAt: new Date().toISOString() };
}

/** How often the local cloud sweeps due deadlines (AWS: every 5 minutes, as a backstop). */
export const sweepIntervalMs = 2000;

interface SweepInput {
  resumeWorkflows?: boolean;
  now?: string;
}

interface SweepResult {
  fired: number;
  resumed: number;
  skipped: number;
}

/** The handlers' timer settings (read by shared/process/deadlines.ts timerSettingsFromEnv). */
export function timerEnvironment(
  timerScale: number,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  return {
    VELO_TIMER_SCALE: String(timerScale),
    // setTimeout (the local runner's waits) cannot wait beyond 2^31-1 ms: longer timers are waited in laps.
    ORDER_TIMER_MAX_WAIT_SECONDS: env.ORDER_TIMER_MAX_WAIT_SECONDS || String(LOCAL_MAX_WAIT_SECONDS),
    ...(env.VELO_TIMER_OVERRIDES ? { VELO_TIMER_OVERRIDES: env.VELO_TIMER_OVERRIDES } : {}),
  };
}

function timerNote(scale: number): string {
  return scale === 1 ? '' : ` (timers × ${scale})`;
}
