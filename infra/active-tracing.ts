import type { IAspect } from 'aws-cdk-lib';
import { Annotations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { acknowledgeXrayWrites } from './lambda-bundling';

/**
 * X-Ray active tracing on every Lambda function of the app, CDK's own included (the BucketDeployment
 * handler, any custom resource provider): the handlers get it from HandlerFunctions
 * (infra/lambda-bundling.ts); this aspect gives it to every other function, with the X-Ray writes on
 * its role (acknowledged for cdk-nag: X-Ray has no resource-level permissions). A function this
 * aspect cannot give a role statement to fails the synth rather than go untraced.
 */
export class ActiveTracing implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof lambda.CfnFunction) || node.tracingConfig !== undefined) return;
    const fn = node.node.scope;
    if (!(fn instanceof lambda.Function) || !fn.role) {
      Annotations.of(node).addError(
        'A Lambda function without a role this app can extend: give it active X-Ray tracing (infra/active-tracing.ts).',
      );
      return;
    }
    node.tracingConfig = { mode: lambda.Tracing.ACTIVE };
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
        resources: ['*'],
      }),
    );
    acknowledgeXrayWrites(fn.role);
  }
}
