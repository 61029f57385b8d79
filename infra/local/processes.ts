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

/**
 * Fails if anything listens on the port on any address. The check binds the IPv4+IPv6 wildcard,
 * which collides with a listener on 127.0.0.1, on ::1 or on all interfaces (DynamoDB Local binds
 * all of them): a browser or fetch resolving `localhost` to ::1 must not reach another server.
 */
export async function assertPortFree(port: number, service: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(
        new LocalCloudError(
          `Port ${port} (${service}) is already in use: stop whatever uses it, or set another port (see README, "Ports").`,
        ),
      ),
    );
    server.listen({ port, exclusive: true }, () => server.close(() => resolve()));
  });
}

/** Distinct free TCP ports, for tests that must not collide with a running `npm start` or each other. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          // Held open together, so the kernel cannot hand out the same port twice.
          server.listen(0, () => {
            const address = server.address();
            resolve(typeof address === 'object' && address ? address.port : 0);
          });
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
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
