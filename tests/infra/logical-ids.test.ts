import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerDeployNames, retiredDeployNames } from '../../functions/deploy-names';
import { buildApp } from '../../infra/app';
import { repoRoot } from '../../infra/lambda-bundling';

/**
 * Deploy ids do not change when code moves: the logical ids of every function, log
 * group, stream mapping and state machine are held to a committed list. A resource whose logical id
 * changes is replaced by CloudFormation: a function loses its logs, a stream mapping starts again
 * at TRIM_HORIZON and replays a day of mails and finance events. Adding a resource adds its id to
 * the list (VELO_UPDATE_LOGICAL_IDS=1 rewrites it); an id never leaves it by a refactor.
 */
const listFile = path.join(repoRoot, 'tests/infra/fixtures/logical-ids.json');
const guardedTypes = [
  'AWS::Lambda::Function',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Logs::LogGroup',
  'AWS::StepFunctions::StateMachine',
];

/**
 * Cross-stack exports: a stack deployed before a change imports them, and CloudFormation refuses to
 * delete an export in use (the producer deploys first, so the whole deploy fails). An export leaves
 * this list only after a release in which nothing imports it (keep it with `exportValue` meanwhile).
 */
const exportsFile = path.join(repoRoot, 'tests/infra/fixtures/exports.json');

let current: string[];
let currentExports: string[];
beforeAll(() => {
  const { stacks } = buildApp({
    bundling: 'none',
    siteDir: null,
    env: { account: '123456789012', region: 'eu-west-1' },
    // The committed list names the stacks without a stage; logical ids never depend on the stack name.
    stackPrefix: 'Velo',
  });
  current = Object.values(stacks)
    .flatMap((stack) => {
      const template = Template.fromStack(stack);
      return guardedTypes.flatMap((type) =>
        Object.keys(template.findResources(type)).map((id) => `${stack.stackName} ${type} ${id}`),
      );
    })
    .sort();
  currentExports = Object.values(stacks)
    .flatMap((stack) =>
      Object.values(Template.fromStack(stack).toJSON().Outputs ?? {}).flatMap((output) => {
        const name = (output as { Export?: { Name?: unknown } }).Export?.Name;
        return typeof name === 'string' ? [name] : [];
      }),
    )
    .sort();
  if (process.env.VELO_UPDATE_LOGICAL_IDS === '1') {
    writeFileSync(listFile, `${JSON.stringify(current, null, 1)}\n`);
    writeFileSync(exportsFile, `${JSON.stringify(currentExports, null, 1)}\n`);
  }
});

describe('stable deploy ids', () => {
  it('keeps every function, log group, stream mapping and state machine id of the committed list', () => {
    const committed = JSON.parse(readFileSync(listFile, 'utf8')) as string[];
    expect(committed.length).toBeGreaterThan(150);
    expect(
      committed.filter((id) => !current.includes(id)),
      'replaced or removed',
    ).toEqual([]);
    expect(
      current.filter((id) => !committed.includes(id)),
      'new: add to the list',
    ).toEqual([]);
  });

  it('keeps every cross-stack export of the committed list (a deployed stack may import it)', () => {
    const committed = JSON.parse(readFileSync(exportsFile, 'utf8')) as string[];
    expect(committed.length).toBeGreaterThan(10);
    expect(
      committed.filter((name) => !currentExports.includes(name)),
      'removed: keep it one more release with exportValue',
    ).toEqual([]);
    expect(
      currentExports.filter((name) => !committed.includes(name)),
      'new: add to the list',
    ).toEqual([]);
  });

  it('names each handler module once, and every named module exists', () => {
    const names = Object.values(handlerDeployNames);
    expect(new Set(names).size).toBe(names.length);
    for (const handler of Object.keys(handlerDeployNames)) {
      expect(existsSync(path.join(repoRoot, 'functions', `${handler}.ts`)), handler).toBe(true);
    }
  });

  it('never gives a retired name (or module) to a deployed handler', () => {
    const live = new Set(Object.values(handlerDeployNames));
    expect(Object.values(retiredDeployNames).filter((name) => live.has(name))).toEqual([]);
    expect(Object.keys(retiredDeployNames).filter((handler) => handler in handlerDeployNames)).toEqual([]);
    // Nothing deploys a retired name: no committed logical id starts with it any more.
    for (const name of Object.values(retiredDeployNames)) {
      expect(
        current.filter((id) => id.split(' ')[2]!.includes(name)),
        name,
      ).toEqual([]);
    }
  });
});
