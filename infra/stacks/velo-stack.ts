/**
 * The base of the app's stacks, and what every stack's template must hold whatever CDK adds to it.
 *
 * Every log group of the app has a retention (issue 27). Our handlers and CDK's BucketDeployment get
 * their own log group with one (lambda-bundling.ts, deployment-logs.ts). Functions CDK makes for its
 * custom resources — the cross-region references' export writer and reader above all — are plain
 * `AWS::Lambda::Function` resources without one: Lambda would create `/aws/lambda/<name>` on their
 * first run and keep its lines forever. CDK adds the cross-region functions while it prepares the app,
 * after every aspect has run, so no aspect can see them; the stacks' base class (VeloStack) gives each
 * function without a log group one of its own in the template it renders, made before the function.
 *
 * Likewise X-Ray active tracing: the handlers have it (lambda-bundling.ts), CDK's L2 functions get
 * it from an aspect (infra/active-tracing.ts), and the raw functions of CDK's custom resource
 * providers get it here, with a policy on their role that lets them write their traces (X-Ray has
 * no resource-level permissions), made before them.
 */
import { Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';

/** How long function logs are kept unless a group says otherwise (the handlers' default too). */
export const functionLogRetention = logs.RetentionDays.ONE_MONTH;

interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown> & {
    LoggingConfig?: { LogGroup?: unknown };
    TracingConfig?: unknown;
    Role?: unknown;
  };
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

/** Adds a log group with retention for each function of `template` that names none. */
export function withFunctionLogGroups<T extends { Resources?: Record<string, TemplateResource> }>(
  template: T,
): T {
  const resources = template.Resources;
  if (!resources) return template;
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function' || resource.Properties?.LoggingConfig?.LogGroup) continue;
    const groupId = `${id}Logs`;
    if (resources[groupId]) throw new Error(`${groupId} exists already: cannot give ${id} its log group`);
    resources[groupId] = {
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: functionLogRetention },
      DeletionPolicy: 'Delete',
      UpdateReplacePolicy: 'Delete',
    };
    resource.Properties = {
      ...resource.Properties,
      LoggingConfig: { ...resource.Properties?.LoggingConfig, LogGroup: { Ref: groupId } },
    };
    dependOn(resource, groupId);
  }
  return template;
}

/** The X-Ray writes a traced function's role needs. */
export const xrayWriteActions = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'] as const;

/** The logical id of a function's role when the template makes it (`Fn::GetAtt: [<id>, Arn]`). */
function roleIdOf(resource: TemplateResource): string | undefined {
  const role = resource.Properties?.Role as { 'Fn::GetAtt'?: [string, string] } | undefined;
  return role?.['Fn::GetAtt']?.[1] === 'Arn' ? role['Fn::GetAtt'][0] : undefined;
}

function dependOn(resource: TemplateResource, id: string): void {
  const dependsOn = resource.DependsOn === undefined ? [] : [resource.DependsOn].flat();
  resource.DependsOn = [...dependsOn, id];
}

/** Active tracing, and a policy to write the traces, for each function of `template` without tracing. */
export function withActiveTracing<T extends { Resources?: Record<string, TemplateResource> }>(
  template: T,
  stackName: string,
): T {
  const resources = template.Resources;
  if (!resources) return template;
  for (const [id, resource] of Object.entries(resources)) {
    if (resource.Type !== 'AWS::Lambda::Function' || resource.Properties?.TracingConfig) continue;
    const roleId = roleIdOf(resource);
    // A role from elsewhere cannot be given the writes here: the aspect reports an L2 one as a synth
    // error, and tests/infra/tracing.test.ts finds any function left untraced.
    if (!roleId || resources[roleId]?.Type !== 'AWS::IAM::Role') continue;
    const policyId = `${id}XrayWrites`;
    if (resources[policyId]) throw new Error(`${policyId} exists already: cannot trace ${id}`);
    resources[policyId] = {
      Type: 'AWS::IAM::Policy',
      Properties: {
        PolicyName: `${stackName}-${id}-xray`.slice(0, 128),
        Roles: [{ Ref: roleId }],
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Action: [...xrayWriteActions], Resource: '*' }],
        },
      },
    };
    resource.Properties = { ...resource.Properties, TracingConfig: { Mode: 'Active' } };
    dependOn(resource, policyId);
  }
  return template;
}

/** The base of the app's stacks: what every stack's template must hold whatever CDK adds to it. */
export class VeloStack extends Stack {
  protected override _toCloudFormation(): unknown {
    return withActiveTracing(withFunctionLogGroups(super._toCloudFormation()), this.stackName);
  }
}
