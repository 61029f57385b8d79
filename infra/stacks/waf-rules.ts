/**
 * The web ACLs' rules (issue 27), built from the route table so a path is written once: the
 * CLOUDFRONT web ACL in front of the site and the API (edge-stack.ts) and the REGIONAL one on the
 * user pool (auth-stack.ts), whose sign-in calls go from the browser straight to Cognito. Why each
 * rule and each limit: docs/decisions.md "Edge protection".
 */
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { type ApiRouteName, apiRoutes } from '../../shared/api/routes';

/** One per-IP rate rule: requests per `windowSeconds` from one IP above `limit` are refused (429). */
export interface RateLimit {
  /** The rule's name, and its CloudWatch metric's. */
  name: string;
  limit: number;
  windowSeconds: 60 | 120 | 300 | 600;
  /** The routes it counts (their exact paths); none: every request. */
  routes?: readonly ApiRouteName[];
}

/**
 * The limits. A page view is about 15 requests (the page, a few files the browser has not cached,
 * /config.json, 3 to 6 API calls), so 2,000 in 5 minutes is far above a person and leaves room for
 * many people behind one address (an office, a carrier's NAT). Sign-up and the password reset are
 * done once, a few tries at most; checkout (placing the order, confirming the payment, PayPal's
 * order) is a card-testing target, and a purchase needs 2 or 3 of those calls.
 */
export const edgeRateLimits = [
  { name: 'RatePerIp', limit: 2000, windowSeconds: 300 },
  { name: 'RateSignUp', limit: 10, windowSeconds: 300, routes: ['signup'] },
  {
    name: 'RatePasswordReset',
    limit: 10,
    windowSeconds: 300,
    routes: ['requestPasswordReset', 'confirmPasswordReset'],
  },
  {
    name: 'RateCheckout',
    limit: 30,
    windowSeconds: 300,
    routes: ['initiatePrivileged', 'transitionPrivileged', 'createPaypalOrder'],
  },
] as const satisfies readonly RateLimit[];

/**
 * The user pool's: every Cognito call of the browser (sign-in, its challenges, token refresh, the
 * user's attributes) counts. A sign-in is 2 or 3 calls, a session refreshes its tokens hourly.
 */
export const userPoolRateLimit = {
  name: 'RatePerIp',
  limit: 300,
  windowSeconds: 300,
} as const satisfies RateLimit;

/**
 * AWS managed rule groups of the CLOUDFRONT web ACL, in evaluation order, each with why it is there
 * and the rules it only counts.
 * - Amazon IP reputation: addresses AWS threat intelligence saw in bots and attacks; the cheapest
 *   (25 WCU) and first, so they stop before anything else is inspected.
 * - Common rule set (OWASP-style: XSS, LFI/RFI, SSRF to the metadata service, bad bots, sizes):
 *   its SizeRestrictions_BODY refuses bodies over 8 KB, and ours are larger by design: a listing
 *   saved with its description, rules and disclaimer (5,000 characters each, up to 4 bytes each in
 *   UTF-8) and provider webhooks (a Stripe `account.updated` event is often over 8 KB). Uploads go
 *   straight to S3 (presigned POST), never through CloudFront. So that rule only counts; the
 *   handlers check each field's length.
 * - Known bad inputs: Log4j/JNDI, Java deserialisation, `localhost` Host headers, exploit paths;
 *   low false positives on a JSON API.
 */
export const managedRuleGroups = [
  { name: 'AWSManagedRulesAmazonIpReputationList', countOnly: [] },
  { name: 'AWSManagedRulesCommonRuleSet', countOnly: ['SizeRestrictions_BODY'] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] },
] as const satisfies readonly { name: string; countOnly: readonly string[] }[];

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/** The exact path of a route without path parameters (a rate rule matches it exactly). */
export function exactPath(name: ApiRouteName): string {
  const { path } = apiRoutes[name];
  if (path.includes('{')) throw new Error(`${name}: a rate rule needs a path without parameters (${path})`);
  return path;
}

/** Matches the URI path exactly, after URL-decoding and lower-casing (API Gateway's paths are lower case). */
function pathIs(path: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      searchString: path.toLowerCase(),
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'EXACTLY',
      textTransformations: [
        { priority: 0, type: 'URL_DECODE' },
        { priority: 1, type: 'LOWERCASE' },
      ],
    },
  };
}

/** A rate rule: per IP, over `windowSeconds`; with routes, only their requests count (scope-down). */
export function rateRule(
  rate: RateLimit,
  priority: number,
  metricPrefix: string,
): wafv2.CfnWebACL.RuleProperty {
  const paths = (rate.routes ?? []).map((name) => pathIs(exactPath(name)));
  const scopeDown =
    paths.length === 0 ? undefined : paths.length === 1 ? paths[0] : { orStatement: { statements: paths } };
  return {
    name: rate.name,
    priority,
    // 429 Too Many Requests rather than WAF's default 403: the client may try again later.
    action: { block: { customResponse: { responseCode: 429 } } },
    statement: {
      rateBasedStatement: {
        limit: rate.limit,
        evaluationWindowSec: rate.windowSeconds,
        aggregateKeyType: 'IP',
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(`${metricPrefix}${rate.name}`),
  };
}

/** An AWS managed rule group, its own actions kept except the rules it only counts. */
export function managedRule(
  group: (typeof managedRuleGroups)[number],
  priority: number,
  metricPrefix: string,
): wafv2.CfnWebACL.RuleProperty {
  const countOnly: readonly string[] = group.countOnly;
  return {
    name: group.name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name: group.name,
        ...(countOnly.length
          ? { ruleActionOverrides: countOnly.map((name) => ({ name, actionToUse: { count: {} } })) }
          : {}),
      },
    },
    visibilityConfig: visibility(`${metricPrefix}${group.name}`),
  };
}

/** A web ACL's own settings: allow what no rule blocks, metrics and samples on. */
export function webAclProps(
  scope: 'CLOUDFRONT' | 'REGIONAL',
  metricName: string,
  rules: wafv2.CfnWebACL.RuleProperty[],
  description: string,
): wafv2.CfnWebACLProps {
  return {
    scope,
    description,
    defaultAction: { allow: {} },
    rules,
    visibilityConfig: visibility(metricName),
  };
}
