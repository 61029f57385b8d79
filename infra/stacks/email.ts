/**
 * Sending e-mail from Lambda (SES v2 SendEmail, functions/lib/email.ts): the environment every sender
 * needs and the one IAM permission. Used by the order e-mails: the `order-notifications`
 * stream consumer and the deadline sweeper (reminders).
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { addressOf, type DeployConfig } from '../config/deploy-config';
import { siteOriginOf } from './site-origin';

/**
 * EMAIL_FROM and VELO_OPERATOR_EMAIL (the stage's `email`) and SITE_ORIGIN (siteOriginOf) for
 * links; the route handlers read SITE_ORIGIN for every return URL too.
 */
export function emailEnvironment(config: DeployConfig): Record<string, string> {
  return {
    EMAIL_FROM: config.email.from,
    VELO_OPERATOR_EMAIL: config.email.operator,
    SITE_ORIGIN: siteOriginOf(config),
  };
}

/**
 * `ses:SendEmail` (what SES v2 SendEmail is authorised as) on the sender's identities only: the
 * From address and its domain, whichever of the two is verified in SES. No wildcard.
 */
export function grantSendEmail(scope: Stack, role: iam.IRole, from: string): void {
  const address = addressOf(from);
  const domain = address.split('@')[1] ?? address;
  const identity = (name: string) =>
    Stack.of(scope).formatArn({ service: 'ses', resource: 'identity', resourceName: name });
  role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [identity(domain), identity(address)],
    }),
  );
}
