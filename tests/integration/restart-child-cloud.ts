import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { LocalPorts } from '../../infra/local/cloud';
import { assertPortFree } from '../../infra/local/processes';

/**
 * The local cloud as a child process group (tests/integration/restart-cloud-entry.ts), for the
 * SIGKILL restart test: started on a data folder and fixed ports, killed with its whole process
 * group at once (the gateway, the workflows, the sweeper, DynamoDB Local's JVM, cognito-local), as
 * a machine losing power would, and started again on the same folder and ports.
 */
export interface ChildCloud {
  child: ChildProcess;
  /** The cloud's environment (AWS endpoints, table, state machine…), as its handlers see it. */
  env: Record<string, string>;
  /** What the cloud printed on stderr (its start log and errors), for a failing test's message. */
  output(): string;
}

export async function startChildCloud(options: {
  dataDir: string;
  ports: LocalPorts;
  timerScale: number;
  env: Record<string, string>;
  timeoutMs?: number;
}): Promise<ChildCloud> {
  const child = spawn(
    join('node_modules', '.bin', 'tsx'),
    [
      join('tests', 'integration', 'restart-cloud-entry.ts'),
      options.dataDir,
      JSON.stringify(options.ports),
      String(options.timerScale),
    ],
    // Its own process group (pgid = its pid): the kill reaches every process the cloud started.
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  const env = await new Promise<Record<string, string>>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error(`the child cloud did not start in time:\n${stderr}`)),
      options.timeoutMs ?? 60_000,
    );
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('READY '));
      if (!line) return;
      clearTimeout(timer);
      resolve(JSON.parse(line.slice('READY '.length)) as Record<string, string>);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the child cloud exited (${code ?? signal}) before it was ready:\n${stderr}`));
    });
  });
  return { child, env, output: () => stderr };
}

/** SIGKILL to the cloud's whole process group; resolves once its ports are free again. */
export async function killChildCloud(cloud: ChildCloud, ports: LocalPorts): Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (cloud.child.exitCode !== null || cloud.child.signalCode !== null) resolve();
    else cloud.child.once('exit', () => resolve());
  });
  try {
    process.kill(-cloud.child.pid!, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
  await exited;
  for (const [service, port] of Object.entries(ports)) await untilFree(port, service);
}

/** Waits until nothing listens on `port` (the local cloud's own check: any address, IPv4 or IPv6). */
async function untilFree(port: number, service: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertPortFree(port, service);
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`port ${port} (${service}) is still taken after the kill: ${error}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
