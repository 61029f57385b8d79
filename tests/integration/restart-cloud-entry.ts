/**
 * A local cloud as its own process, for the SIGKILL restart test (order-restart-sigkill.test.ts):
 * `tsx tests/integration/restart-cloud-entry.ts <data dir> <ports JSON> <timer scale>`. It starts
 * the cloud on the data folder (DynamoDB Local on disk, so a kill loses nothing committed), with
 * VELO_TIMER_OVERRIDES from its environment, and prints one line `READY <env JSON>`: the
 * environment the test points its own AWS clients with. It is meant to die by SIGKILL (no cleanup).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LocalPorts, startLocalCloud } from '../../infra/local/cloud';

async function main(): Promise<void> {
  const [dataDir, portsJson, scale] = process.argv.slice(2);
  if (!dataDir || !portsJson || !scale)
    throw new Error('usage: restart-cloud-entry <data dir> <ports> <scale>');
  const webRoot = join(dataDir, '..', 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Velo test</title><div id="root"></div>');
  const cloud = await startLocalCloud({
    dataDir,
    webRoot,
    timerScale: Number(scale),
    ports: JSON.parse(portsJson) as LocalPorts,
    log: (line) => console.error(line),
  });
  process.stdout.write(`READY ${JSON.stringify(cloud.env)}\n`);
}

main().catch((error: unknown) => {
  console.error('restart-cloud-entry failed:', error);
  process.exit(1);
});
