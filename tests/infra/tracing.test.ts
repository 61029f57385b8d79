// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type VeloStacks } from '../../infra/app';
import { powertoolsLayerParameter, powertoolsVersion, repoRoot } from '../../infra/lambda-bundling';
import { liveConfig } from './fixtures/configs';

// Issue 27: X-Ray active tracing on every Lambda function (CDK's own included) and the state
// machines; the metrics namespace and Powertools' layer on every handler.

const env = { account: '123456789012', region: 'eu-west-1' };
const layerReference = `{{resolve:ssm:${powertoolsLayerParameter}}}`;

function resources(stacks: VeloStacks, type: string): { stack: string; id: string; props: any }[] {
  return Object.entries(stacks).flatMap(([stack, construct]) =>
    Object.entries(Template.fromStack(construct as Stack).findResources(type)).map(([id, resource]) => ({
      stack,
      id,
      props: (resource as any).Properties,
    })),
  );
}

describe('tracing and metrics settings', () => {
  // A stand-in for Vite's output, so the Web stack deploys the site (CDK's BucketDeployment function).
  const siteDir = mkdtempSync(path.join(tmpdir(), 'velo-site-'));
  let stacks: VeloStacks;
  beforeAll(() => {
    mkdirSync(path.join(siteDir, 'assets'), { recursive: true });
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Velo</title>');
    writeFileSync(path.join(siteDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    stacks = buildApp({ bundling: 'none', siteDir, env }).stacks;
  });
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

  it('traces every Lambda function in every stack, CDK’s own included, and may write its traces', () => {
    const functions = resources(stacks, 'AWS::Lambda::Function');
    const cdkOwn = functions.filter(
      (fn) => !String(fn.props.Description ?? '').startsWith('Velo Exchange handler'),
    );
    // The BucketDeployment handlers (data, web) and the cross-region references' export writer (edge)
    // and reader (web), which CDK adds after every aspect has run (infra/stacks/velo-stack.ts).
    expect(cdkOwn.map((fn) => fn.stack).sort()).toEqual(['data', 'edge', 'web', 'web']);
    expect(functions.length).toBeGreaterThan(80);
    for (const fn of functions)
      expect(fn.props.TracingConfig, `${fn.stack} ${fn.id}`).toEqual({ Mode: 'Active' });
    // Each function's role may put trace segments (its default policy; X-Ray has no resource ARNs).
    const policies = JSON.stringify(resources(stacks, 'AWS::IAM::Policy').map((p) => p.props));
    for (const fn of cdkOwn) {
      const role = fn.props.Role['Fn::GetAtt'][0];
      const policy = resources(stacks, 'AWS::IAM::Policy').find(
        (p) => p.stack === fn.stack && JSON.stringify(p.props.Roles).includes(role),
      );
      expect(JSON.stringify(policy?.props.PolicyDocument), fn.id).toContain('xray:PutTraceSegments');
    }
    expect(policies).toContain('"xray:PutTelemetryRecords"');
  });

  it('traces the state machines', () => {
    const machines = resources(stacks, 'AWS::StepFunctions::StateMachine');
    expect(machines.length).toBeGreaterThan(0);
    for (const machine of machines) expect(machine.props.TracingConfiguration).toEqual({ Enabled: true });
  });

  it("gives every handler the stage's metrics namespace and Powertools' layer at the installed version", () => {
    const handlers = resources(stacks, 'AWS::Lambda::Function').filter((fn) =>
      String(fn.props.Description ?? '').startsWith('Velo Exchange handler'),
    );
    expect(new Set(handlers.map((fn) => fn.stack))).toEqual(
      new Set(['auth', 'events', 'workflow', 'api', 'web']),
    );
    for (const fn of handlers) {
      expect(fn.props.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE, fn.id).toBe('Velo/dev');
      expect(fn.props.Layers, fn.id).toContain(layerReference);
    }
    for (const name of ['logger', 'metrics', 'tracer']) {
      const manifest = path.join(repoRoot, 'node_modules', '@aws-lambda-powertools', name, 'package.json');
      expect(JSON.parse(readFileSync(manifest, 'utf8')).version, `@aws-lambda-powertools/${name}`).toBe(
        powertoolsVersion,
      );
    }
  });

  it("uses the live stage's own namespace", () => {
    const live = buildApp({ bundling: 'none', siteDir: null, env, config: liveConfig, nag: false }).stacks;
    const handlers = resources(live, 'AWS::Lambda::Function').filter((fn) =>
      String(fn.props.Description ?? '').startsWith('Velo Exchange handler'),
    );
    expect(
      new Set(handlers.map((fn) => fn.props.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE)),
    ).toEqual(new Set(['Velo/prod']));
  });

  it("traces CDK's raw custom-resource functions too (an auto-deleted bucket's), with their own X-Ray policy", () => {
    const { app, stacks: other } = buildApp({ bundling: 'none', siteDir: null, env, nag: false });
    new s3.Bucket(other.data, 'Scratch', { autoDeleteObjects: true, removalPolicy: RemovalPolicy.DESTROY });
    app.synth();
    const data = Template.fromStack(other.data);
    // CDK's CustomResourceProvider: a raw AWS::Lambda::Function with a raw role beside it.
    const provider = Object.entries(data.findResources('AWS::Lambda::Function'))
      .filter(([id]) => /AutoDeleteObjectsCustomResourceProviderHandler/.test(id))
      .map(([, fn]) => fn as any);
    expect(provider).toHaveLength(1);
    expect(provider[0].Properties.TracingConfig).toEqual({ Mode: 'Active' });
    const role = provider[0].Properties.Role['Fn::GetAtt'][0];
    data.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: role }],
      PolicyDocument: Match.objectLike({
        Statement: [
          Match.objectLike({ Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], Resource: '*' }),
        ],
      }),
    });
  });

  it('reports an error (cdk synth fails) for a function it cannot trace rather than leave it untraced', () => {
    const { app, stacks: other } = buildApp({ bundling: 'none', siteDir: null, env, nag: false });
    new lambda.CfnFunction(other.data, 'Bare', {
      code: { zipFile: 'exports.handler=async()=>{}' },
      role: 'arn:aws:iam::123456789012:role/bare',
      runtime: 'nodejs22.x',
      handler: 'index.handler',
    });
    app.synth();
    const errors = Annotations.fromStack(other.data).findError(
      '*',
      Match.stringLikeRegexp('active X-Ray tracing'),
    );
    expect(errors.map((error) => error.id)).toEqual(['/VeloDevData/Bare']);
  });
});
