import { fileURLToPath } from 'node:url';
import { parseStartOptions } from './cli-options';
import { startLocalCloud } from './cloud';
import { LocalCloudError } from './processes';
import { seedDemoData } from './seed/seed';

/** `npm run seed [-- --reset]`: seeds the local data folder (stop `npm start` first; they share ports). */
async function main(): Promise<void> {
  const options = parseStartOptions(process.argv.slice(2));
  const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));
  const cloud = await startLocalCloud({ ...options, webRoot, log: (line) => console.log(`  ${line}`) });
  try {
    const result = await seedDemoData({
      cognitoEndpoint: cloud.cognito.endpoint,
      userPoolId: cloud.cognito.userPoolId,
      reset: options.reset,
    });
    await cloud.streams.drain();
    console.log(
      result.seeded
        ? `Seeded ${result.listings} listings from ${result.sellers} sellers.`
        : 'Demo data is already there; use `npm run seed -- --reset` to redo it.',
    );
  } finally {
    await cloud.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof LocalCloudError ? `✖ ${error.message}` : error);
  process.exit(1);
});
