import { CfnOutput, type StackProps, Token } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { VeloStack } from './velo-stack';
import { edgeRateLimits, managedRule, managedRuleGroups, rateRule, webAclProps } from './waf-rules';

/** CloudFront reads web ACLs (and certificates) only from us-east-1, whatever the stage's region. */
export const edgeRegion = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  /** Prefix of the web ACL's CloudWatch metrics (the stack prefix: one set per stage). */
  metricPrefix: string;
}

/**
 * Edge (issue 27): the CLOUDFRONT-scope web ACL of the distribution, in us-east-1 (where CloudFront
 * web ACLs must be created; the Web stack reads its ARN through a cross-region reference). WAF
 * cannot be attached to an HTTP API, so this ACL protects the API as well: the API refuses requests
 * that did not come through CloudFront (functions/lib/origin-secret.ts). Rules: waf-rules.ts. The
 * local cloud has no WAF.
 */
export class EdgeStack extends VeloStack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    if (!Token.isUnresolved(this.region) && this.region !== edgeRegion) {
      throw new Error(`The Edge stack must be in ${edgeRegion}, not ${this.region}`);
    }
    const prefix = props.metricPrefix;
    const rules = [
      managedRule(managedRuleGroups[0], 0, prefix),
      ...edgeRateLimits.map((rate, index) => rateRule(rate, 1 + index, prefix)),
      ...managedRuleGroups
        .slice(1)
        .map((group, index) => managedRule(group, 1 + edgeRateLimits.length + index, prefix)),
    ];
    this.webAcl = new wafv2.CfnWebACL(
      this,
      'WebAcl',
      webAclProps(
        'CLOUDFRONT',
        `${prefix}EdgeWebAcl`,
        rules,
        'Velo Exchange: the CloudFront distribution, the site and the API',
      ),
    );
    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
