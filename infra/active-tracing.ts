import { Annotations, type IAspect } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { acknowledgeXrayWrites } from './lambda-bundling';
import { xrayWriteActions } from './stacks/velo-stack';

/**
 * X-Ray active tracing on every Lambda function of the app, CDK's own included: the handlers get it
 * from HandlerFunctions (infra/lambda-bundling.ts); this aspect gives it to every other function with
 * the X-Ray writes on its role (acknowledged for cdk-nag: X-Ray has no resource-level permissions).
 * L2 functions only (the BucketDeployment handler, AwsCustomResource…): the raw functions of CDK's
 * CustomResourceProvider (auto-delete buckets, cross-region references) are traced by the stacks'
 * base class when it renders their template (infra/stacks/velo-stack.ts), because CDK adds the
 * cross-region ones after every aspect has run. An L2 function it cannot give a role statement to is
 * a synth error rather than a function left untraced.
 */
export class ActiveTracing implements IAspect {
  visit(node: IConstruct): void {
    if (node instanceof lambda.CfnFunction) traceFunction(node);
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
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: [...xrayWriteActions], resources: ['*'] }));
  acknowledgeXrayWrites(fn.role);
}

function untraceable(node: IConstruct): void {
  Annotations.of(node).addError(
    'A Lambda function without a role this app can extend: give it active X-Ray tracing (infra/active-tracing.ts).',
  );
}
