import { fileURLToPath } from 'node:url';
import { meteredHandler } from './usage-meter';

/**
 * Loads a handler module of functions/ by its route-table name ('listings/http/search'), the way Lambda
 * loads the bundle CDK built from the same file. Modules are cached by the module loader.
 */
const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));

export async function loadHandler<T = (...args: never[]) => Promise<unknown>>(name: string): Promise<T> {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(name)) throw new Error(`Bad handler name: ${name}`);
  const module = (await import(`${functionsDir}${name}.ts`)) as { handler?: T };
  if (typeof module.handler !== 'function') throw new Error(`functions/${name}.ts does not export a handler`);
  // Counted only while `npm run cost` meters the cloud (./usage-meter.ts); otherwise the handler itself.
  return meteredHandler(name, module.handler);
}
