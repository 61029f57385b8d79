/**
 * Every log group of the app has a retention (issue 27). Our handlers and CDK's BucketDeployment get
 * their own log group with one (lambda-bundling.ts, deployment-logs.ts). Functions CDK makes for its
 * custom resources — the cross-region references' export writer and reader above all — are plain
 * `AWS::Lambda::Function` resources without one: Lambda would create `/aws/lambda/<name>` on their
 * first run and keep its lines forever. CDK adds the cross-region functions while it prepares the app,
 * after every aspect has run, so no aspect can see them; the stacks' base class (VeloStack) gives each
 * function without a log group one of its own in the template it renders, made before the function.
 */
import { Stack } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';

/** How long function logs are kept unless a group says otherwise (the handlers' default too). */
export const functionLogRetention = logs.RetentionDays.ONE_MONTH;

interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown> & { LoggingConfig?: { LogGroup?: unknown } };
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
    const dependsOn = resource.DependsOn === undefined ? [] : [resource.DependsOn].flat();
    resource.DependsOn = [...dependsOn, groupId];
  }
  return template;
}

/** The base of the app's stacks: what every stack's template must hold whatever CDK adds to it. */
export class VeloStack extends Stack {
  protected override _toCloudFormation(): unknown {
    return withFunctionLogGroups(super._toCloudFormation());
  }
}
