// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import { App, CfnOutput } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { describe, expect, it } from 'vitest';
import { apiThrottle, routeKey, routeThrottles } from '../../infra/stacks/route-throttles';
import { functionLogRetention, VeloStack } from '../../infra/stacks/velo-stack';
import { apiRoutes } from '../../shared/api/routes';
import { liveConfig } from './fixtures/configs';
import { synthStacks } from './fixtures/synth';

const dev = synthStacks({ nag: false });
const live = synthStacks({ nag: false, config: liveConfig });

describe('per-route throttles', () => {
  const stage = Object.values(dev.templates.api.findResources('AWS::ApiGatewayV2::Stage'))[0] as any;
  const routeKeys = Object.values(dev.templates.api.findResources('AWS::ApiGatewayV2::Route')).map(
    (route: any) => route.Properties.RouteKey,
  );

  it('the stage has the default ceiling and each throttled route its own, lower one', () => {
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: apiThrottle.rateLimit,
      ThrottlingBurstLimit: apiThrottle.burstLimit,
    });
    const settings = stage.Properties.RouteSettings as Record<string, any>;
    expect(Object.keys(settings).sort()).toEqual(
      Object.keys(routeThrottles)
        .map((name) => routeKey(apiRoutes[name as keyof typeof apiRoutes]))
        .sort(),
    );
    for (const [key, value] of Object.entries(settings)) {
      expect(routeKeys, key).toContain(key);
      expect(value.ThrottlingRateLimit).toBeLessThan(apiThrottle.rateLimit);
      expect(value.ThrottlingBurstLimit).toBeLessThan(apiThrottle.burstLimit);
    }
  });

  it('sign-up, password reset and checkout are among them', () => {
    const settings = stage.Properties.RouteSettings as Record<string, any>;
    for (const name of ['signup', 'requestPasswordReset', 'initiatePrivileged'] as const) {
      expect(settings[routeKey(apiRoutes[name])], name).toBeDefined();
    }
  });

  it('the stage is made after the routes its settings name', () => {
    const stageId = Object.keys(dev.templates.api.findResources('AWS::ApiGatewayV2::Stage'))[0]!;
    const depends = new Set(dev.templates.api.toJSON().Resources[stageId].DependsOn ?? []);
    const signupRoute = Object.entries(dev.templates.api.findResources('AWS::ApiGatewayV2::Route')).find(
      ([, route]: [string, any]) => route.Properties.RouteKey === routeKey(apiRoutes.signup),
    )![0];
    expect(depends.has(signupRoute)).toBe(true);
  });
});

describe('log retention', () => {
  it('every stack of the app is a VeloStack (the base that gives CDK-made functions their log group)', () => {
    for (const [name, stack] of Object.entries(dev.stacks)) expect(stack, name).toBeInstanceOf(VeloStack);
  });

  for (const [label, synth] of [
    ['dev', dev],
    ['live', live],
  ] as const) {
    it(`${label}: every log group has a retention and every function logs into one of its stack's`, () => {
      let functions = 0;
      for (const [name, template] of Object.entries(synth.templates)) {
        const groups = template.findResources('AWS::Logs::LogGroup');
        for (const [id, group] of Object.entries(groups) as [string, any][]) {
          expect(group.Properties?.RetentionInDays, `${name}/${id}`).toBeGreaterThan(0);
        }
        for (const [id, fn] of Object.entries(template.findResources('AWS::Lambda::Function')) as [
          string,
          any,
        ][]) {
          functions += 1;
          const ref = fn.Properties.LoggingConfig?.LogGroup?.Ref;
          expect(ref && groups[ref], `${name}/${id} logs into a group of its stack`).toBeTruthy();
        }
      }
      expect(functions).toBeGreaterThan(50);
    });
  }

  it("gives CDK's custom resource functions (cross-region references) a log group with retention, made before them", () => {
    const app = new App();
    const env = (region: string) => ({ account: '123456789012', region });
    const edge = new VeloStack(app, 'Edge', { env: env('us-east-1'), crossRegionReferences: true });
    const topic = new sns.Topic(edge, 'Topic');
    const site = new VeloStack(app, 'Site', { env: env('eu-west-1'), crossRegionReferences: true });
    new CfnOutput(site, 'TopicArn', { value: topic.topicArn });
    let checked = 0;
    for (const stack of [edge, site]) {
      const resources = Template.fromStack(stack).toJSON().Resources as Record<string, any>;
      for (const [id, fn] of Object.entries(resources).filter(
        ([, r]) => r.Type === 'AWS::Lambda::Function',
      )) {
        const ref = fn.Properties.LoggingConfig.LogGroup.Ref;
        expect(resources[ref].Properties.RetentionInDays, id).toBe(functionLogRetention);
        expect(fn.DependsOn, id).toContain(ref);
        checked += 1;
      }
    }
    expect(checked).toBe(2); // the export writer (us-east-1) and the reader (eu-west-1)
  });
});
