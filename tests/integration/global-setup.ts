import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freeLocalPorts, type LocalCloud, startLocalCloud } from '../../infra/local/cloud';

/**
 * One local cloud for the integration suite, on free ports and a temporary data folder, with
 * workflow timers scaled down (the 15-minute payment window takes 5.4 s). Tests reach it over
 * HTTP and through the handler modules, with the environment provided here.
 *
 * The scale leaves ≥ 3× margin to the tests that must act before a timer: the slowest way to a paid
 * order (initiate, the card, confirm-payment) took at most 0.87 s on a loaded 2-core machine, 6× less
 * than the 5.4-s payment window (docs/decisions.md "Integration timer margins"). Tests that wait for
 * a timer wait its scaled time (5.4 s for an expiry); none waits out the 3-hour cancel window (65 s).
 */
export const timerScale = 0.006;

declare module 'vitest' {
  export interface ProvidedContext {
    cloudEnv: Record<string, string>;
    cloudUrl: string;
    dataDir: string;
    cognitoIssuer: string;
    cognitoClientId: string;
  }
}

let cloud: LocalCloud | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'velo-it-'));
  const webRoot = join(dataDir, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Velo test</title><div id="root"></div>');
  writeFileSync(join(webRoot, 'assets', 'index-3f9a1c.js'), 'console.log("hashed asset")');
  cloud = await startLocalCloud({
    dataDir: join(dataDir, 'data'),
    webRoot,
    timerScale,
    ports: await freeLocalPorts(),
  });
  project.provide('cloudEnv', cloud.env);
  project.provide('cloudUrl', cloud.url);
  project.provide('dataDir', join(dataDir, 'data'));
  project.provide('cognitoIssuer', cloud.cognito.issuer);
  project.provide('cognitoClientId', cloud.cognito.clientId);
  return async () => {
    await cloud?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
