import { Annotations, CfnResource, type IAspect, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { acknowledgeXrayWrites } from './lambda-bundling';
import { nagReasons } from './stacks/nag-reasons';

const xrayActions = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

/**
 * X-Ray active tracing on every Lambda function of the app, CDK's own included: the handlers get it
 * from HandlerFunctions (infra/lambda-bundling.ts); this aspect gives it to every other function with
 * the X-Ray writes on its role (acknowledged for cdk-nag: X-Ray has no resource-level permissions).
 * Two kinds: L2 functions (the BucketDeployment handler, AwsCustomResource…) and the raw functions of
 * CDK's CustomResourceProvider (auto-delete buckets, cross-region references), whose role is a raw
 * resource beside them. A function it cannot give a role statement to is a synth error rather than
 * a function left untraced.
 */
export class ActiveTracing implements IAspect {
  visit(node: IConstruct): void {
    if (node instanceof lambda.CfnFunction) traceFunction(node);
    else if (node instanceof CfnResource && node.cfnResourceType === 'AWS::Lambda::Function')
      traceProvider(node);
  }
}

function traceFunction(node: lambda.CfnFunction): void {
  if (node.tracingConfig !== undefined) return;
  const fn = node.node.scope;
  if (!(fn instanceof lambda.Function) || !fn.role) {
    untraceable(node);
    return;
  }
  node.tracingConfig = { mode: lambda.Tracing.ACTIVE };
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: xrayActions, resources: ['*'] }));
  acknowledgeXrayWrites(fn.role);
}

/** A CustomResourceProvider's function (`Handler`) and role (`Role`) are raw resources in one scope. */
function traceProvider(node: CfnResource): void {
  const scope = node.node.scope;
  const role = scope?.node.tryFindChild('Role');
  if (!scope || !(role instanceof CfnResource) || role.cfnResourceType !== 'AWS::IAM::Role') {
    untraceable(node);
    return;
  }
  node.addPropertyOverride('TracingConfig', { Mode: lambda.Tracing.ACTIVE });
  if (scope.node.tryFindChild('XrayWrites')) return;
  const policy = new iam.CfnPolicy(scope, 'XrayWrites', {
    policyName: `${Stack.of(scope).stackName}-${scope.node.id}-xray`.slice(0, 128),
    roles: [role.ref],
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: xrayActions, Resource: '*' }],
    },
  });
  Validations.of(policy).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: nagReasons.xrayTracing,
  });
}

function untraceable(node: IConstruct): void {
  Annotations.of(node).addError(
    'A Lambda function without a role this app can extend: give it active X-Ray tracing (infra/active-tracing.ts).',
  );
}
