import { fileURLToPath } from 'node:url';
import { migrateListingLocationsOnce } from '../../functions/listings/location-migration';
import { parseStartOptions } from './cli-options';
import { type LocalCloud, startLocalCloud } from './cloud';
import { LocalCloudError } from './processes';
import { sellers } from './seed/catalogue';
import { seedDemoData } from './seed/seed';

/**
 * `npm start`: the whole marketplace on this machine at http://localhost:3000 (see README).
 * Ctrl-C stops every service and child process.
 */
// VELO_WEB_ROOT: another build of the web app (two e2e runs side by side, each with its own build).
const webRoot = process.env.VELO_WEB_ROOT ?? fileURLToPath(new URL('../../dist/web', import.meta.url));

async function main(): Promise<void> {
  const options = parseStartOptions(process.argv.slice(2));
  const started = Date.now();
  const log = (line: string) => console.log(`  ${line}`);
  console.log(
    `Velo Exchange: starting the local cloud${options.dataDir ? ` (data in ${options.dataDir}/)` : ' (in memory)'}`,
  );
  let cloud: LocalCloud | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      console.log('Forced exit.');
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    await cloud?.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));

  cloud = await startLocalCloud({
    ...options,
    webRoot,
    log,
    beforeGateway: async ({ cognito, streams }) => {
      const migrated = await migrateListingLocationsOnce();
      const fixed = migrated
        ? migrated.pointsDrawn.length + migrated.pointsRemoved.length + migrated.closed.length
        : 0;
      if (migrated && fixed > 0) {
        log(
          `Listing places   ${migrated.pointsDrawn.length} public points drawn, ${migrated.pointsRemoved.length} 0,0 points removed, ${migrated.closed.length} listings without a place closed`,
        );
      }
      if (!options.seed) return;
      const result = await seedDemoData({
        cognitoEndpoint: cognito.endpoint,
        userPoolId: cognito.userPoolId,
        reset: options.reset,
      });
      await streams.drain();
      log(
        result.seeded
          ? `Demo data        ${result.listings} listings from ${result.sellers} sellers`
          : 'Demo data        already there (npm run seed -- --reset redoes it)',
      );
    },
  });
  if (options.seed) {
    console.log('\nDemo sellers (sign in with any of them):');
    for (const seller of sellers) console.log(`  ${seller.email.padEnd(34)} ${seller.password}`);
  }
  console.log(
    `\nVelo Exchange is ready at ${cloud.url} (${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops it.`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof LocalCloudError) console.error(`✖ ${error.message}`);
  else console.error('✖ The local cloud failed to start:', error);
  process.exit(1);
});
