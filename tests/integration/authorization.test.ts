import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../../shared/api/routes';
import { testCloud } from './accounts';
import { authorizationCases } from './authorization-cases';
import { runMatrix } from './authorization-matrix';
import { buildWorld, type World } from './authorization-world';

/**
 * The authorization matrix over the suite's gateway: every route of shared/api/routes.ts × every
 * principal, answered as designed (authorization-cases.ts) and nothing changed by a refused call.
 * authorization-mutation.test.ts proves the same function fails when a guard is removed.
 */
let world: World;

beforeAll(async () => {
  testCloud();
  const started = Date.now();
  world = await buildWorld();
  console.log(`authorization matrix: fixtures made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, 60_000);

describe('authorization matrix', () => {
  it('covers every route of the route table', () => {
    expect(Object.keys(authorizationCases).sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const [name, routeCase] of Object.entries(authorizationCases)) {
      expect(routeCase.auth, name).toBe(apiRoutes[name as keyof typeof apiRoutes].auth);
    }
  });

  it('answers every route × principal as designed, and a refused call changes nothing', async () => {
    const started = Date.now();
    const report = await runMatrix({
      baseUrl: testCloud().url,
      world,
      actors: { owner: world.owner, other: world.other, banned: world.banned },
      cases: authorizationCases,
    });
    console.log(`${report.summary} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    expect(report.violations).toEqual([]);
    expect(report.calls).toBe(report.routes * report.principals);
    expect(report.asDesigned).toBe(report.calls);
  }, 120_000);
});
