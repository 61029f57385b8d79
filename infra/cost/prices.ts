/**
 * The AWS prices `npm run cost` uses: on-demand list prices in USD, without free tiers (a free tier
 * is per account and month, not per order), for the region the prod stage deploys to
 * (infra/config/prod.json: eu-west-1, Ireland; the CloudFront web ACL is in us-east-1, as WAF for
 * CloudFront must be). Read from the AWS public pricing pages (aws.amazon.com/<service>/pricing/)
 * as we know them in November 2026; where a region's figure is derived, the note says how. Check
 * them against the pricing pages (or the Price List API) before relying on a figure.
 */
export const priceTable = {
  date: '2026-11',
  region: 'eu-west-1',
  source: 'AWS public pricing pages (aws.amazon.com/<service>/pricing/), on-demand, no free tiers',
  prices: {
    lambdaRequest: { usd: 0.2 / 1e6, unit: 'request', note: 'Lambda: $0.20 per million requests' },
    lambdaGbSecondArm: {
      usd: 0.0000133334,
      unit: 'GB-s',
      note: 'Lambda arm64, first 7.5 billion GB-s a month',
    },
    lambdaGbSecondX86: {
      usd: 0.0000166667,
      unit: 'GB-s',
      note: 'Lambda x86_64, first 6 billion GB-s a month',
    },
    stepFunctionsTransition: {
      usd: 0.025 / 1000,
      unit: 'state transition',
      note: 'Step Functions Standard: $0.025 per 1,000 state transitions',
    },
    dynamoReadUnit: {
      usd: 0.1413 / 1e6,
      unit: 'RRU',
      note: "DynamoDB on-demand, eu-west-1: us-east-1's $0.125/M × 1.13, Ireland's ratio to N. Virginia before the 2024 cut ($0.283 vs $0.25)",
    },
    dynamoWriteUnit: {
      usd: 0.7068 / 1e6,
      unit: 'WRU',
      note: "DynamoDB on-demand, eu-west-1: us-east-1's $0.625/M × 1.13 ($1.4135 vs $1.25 before the 2024 cut)",
    },
    eventBridgeEvent: {
      usd: 1 / 1e6,
      unit: 'event',
      note: 'EventBridge custom events: $1.00 per million (64 KB each)',
    },
    sesMail: { usd: 0.1 / 1000, unit: 'mail', note: 'SES outbound: $0.10 per 1,000 e-mails' },
    s3TierOneRequest: {
      usd: 0.005 / 1000,
      unit: 'request',
      note: 'S3 Standard PUT, COPY, POST, LIST: $0.005 per 1,000',
    },
    s3TierTwoRequest: {
      usd: 0.0004 / 1000,
      unit: 'request',
      note: 'S3 Standard GET, HEAD and others: $0.0004 per 1,000',
    },
    httpApiRequest: {
      usd: 1.11 / 1e6,
      unit: 'request',
      note: 'API Gateway HTTP API, eu-west-1: $1.11 per million (first 300 M)',
    },
    cloudFrontRequest: {
      usd: 0.012 / 10_000,
      unit: 'request',
      note: 'CloudFront HTTPS requests, Europe: $0.0120 per 10,000',
    },
    wafRequest: { usd: 0.6 / 1e6, unit: 'request', note: 'WAF: $0.60 per million requests a web ACL sees' },
    xrayTrace: { usd: 5 / 1e6, unit: 'trace', note: 'X-Ray: $5.00 per million traces recorded' },
    logIngestionGb: {
      usd: 0.57,
      unit: 'GB',
      note: 'CloudWatch Logs standard ingestion, eu-west-1: $0.57 per GB',
    },
    schedulerInvocation: {
      usd: 1 / 1e6,
      unit: 'invocation',
      note: 'EventBridge Scheduler: $1.00 per million invocations (first 14 million a month free)',
    },
    // Monthly, for the idle table.
    alarmMetric: {
      usd: 0.1,
      unit: 'alarm metric-month',
      note: 'CloudWatch standard-resolution alarm: $0.10 per metric',
    },
    dashboard: {
      usd: 3,
      unit: 'dashboard-month',
      note: 'CloudWatch dashboard: $3.00 a month (beyond 3 free)',
    },
    wafWebAcl: { usd: 5, unit: 'web ACL-month', note: 'WAF: $5.00 per web ACL a month' },
    wafRule: { usd: 1, unit: 'rule-month', note: 'WAF: $1.00 per rule (or managed rule group) a month' },
    secret: { usd: 0.4, unit: 'secret-month', note: 'Secrets Manager: $0.40 per secret a month' },
    kmsKey: { usd: 1, unit: 'key-month', note: 'KMS customer managed key: $1.00 a month' },
    pitrGbMonth: {
      usd: 0.22,
      unit: 'GB-month',
      note: 'DynamoDB continuous backups (PITR), eu-west-1: $0.22 per GB-month',
    },
    tableStorageGbMonth: {
      usd: 0.283,
      unit: 'GB-month',
      note: 'DynamoDB Standard storage, eu-west-1: $0.283 per GB-month (first 25 GB free)',
    },
    logStorageGbMonth: { usd: 0.03, unit: 'GB-month', note: 'CloudWatch Logs storage: $0.03 per GB-month' },
    customMetric: {
      usd: 0.3,
      unit: 'metric-month',
      note: 'CloudWatch custom metrics (EMF included): $0.30 per metric a month (first 10,000), prorated by the hour published',
    },
    cognitoMau: {
      usd: 0.015,
      unit: 'MAU',
      note: 'Cognito Essentials: first 10,000 monthly active users free, then $0.015 each',
    },
  },
} as const;

export type PriceName = keyof typeof priceTable.prices;

export function price(name: PriceName): number {
  return priceTable.prices[name].usd;
}

/** The target of DESIGN.md "Targets": the AWS bill per 1,000 completed orders. */
export const targetPer1000Orders = 0.25;
