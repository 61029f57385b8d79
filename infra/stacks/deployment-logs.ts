/**
 * CDK's BucketDeployment handler (a singleton Lambda per stack) logs into one log group of its stack,
 * and its role may write only there: aws-cdk-lib gives the role AWSLambdaBasicExecutionRole, whose
 * `logs:*` on `*` would let it write into any log group of the account, the finance audit log
 * included (issue 26). Every BucketDeployment of a stack passes `logGroup: deploymentLogGroup(this)`.
 */
import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { grantOwnLogs } from '../lambda-bundling';

const logGroupId = 'BucketDeploymentLogs';

/** The stack's log group of its BucketDeployment handler, made once. */
export function deploymentLogGroup(scope: Construct): logs.LogGroup {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(logGroupId);
  if (existing) return existing as logs.LogGroup;
  return new logs.LogGroup(stack, logGroupId, {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
}

/** Replaces the handler role's AWSLambdaBasicExecutionRole by writes into the stack's deployment log group. */
export function scopeDeploymentHandlerLogs(deployment: s3deploy.BucketDeployment): void {
  const role = deployment.handlerRole as iam.Role;
  const cfnRole = role.node.defaultChild as iam.CfnRole;
  if (cfnRole.managedPolicyArns === undefined) return;
  cfnRole.managedPolicyArns = undefined;
  grantOwnLogs(role, deploymentLogGroup(deployment));
}
