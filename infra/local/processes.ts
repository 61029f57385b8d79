import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Child processes of the local cloud (DynamoDB Local, cognito-local). Every one is registered so a
 * stop, a signal or a crash of this process ends them all: Ctrl-C must leave nothing behind.
 */
const children = new Set<ChildProcess>();

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions,
): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.on('error', (error) => console.error(`[${name}] ${error.message}`));
  return child;
}

export async function stopChild(child: ChildProcess, timeoutMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

function killAllNow(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.once('exit', killAllNow);

/** A clear one-line error for things the user can fix (missing Java, a port taken). */
export class LocalCloudError extends Error {}

export function assertJavaAvailable(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new LocalCloudError(
      'Java was not found: DynamoDB Local needs Java 17 or newer (Debian/Ubuntu: apt-get install openjdk-17-jre-headless).',
    );
  }
}

export async function assertPortFree(port: number, service: string, host = '127.0.0.1'): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(
        new LocalCloudError(
          `Port ${port} (${service}) is already in use: stop whatever uses it, or set another port (see README, "Ports").`,
        ),
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

/** A free TCP port on loopback, for tests that must not collide with a running `npm start`. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  { timeoutMs = 60_000, intervalMs = 100 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new LocalCloudError(`${what} did not start within ${timeoutMs / 1000} s.`);
}
