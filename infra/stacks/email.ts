/**
 * Sending e-mail from Lambda (SES v2 SendEmail, functions/lib/email.ts): the environment every sender
 * needs and the one IAM permission. Used by the order e-mails: the `order-notifications`
 * stream consumer and the deadline sweeper (reminders).
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { siteOriginFromEnv } from './site-origin';

/** The From address when VELO_EMAIL_FROM is not set at synth time (a verified SES identity in production). */
export const defaultEmailFrom = 'Velo Exchange <no-reply@veloexchange.com>';
/** Dispute mails go here too when VELO_OPERATOR_EMAIL is not set (docs/decisions.md). */
export const defaultOperatorEmail = 'operator@veloexchange.com';

/** The plain address of a From header (`Name <a@b>` or `a@b`). */
export function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match ? match[1]! : from).trim();
}

/**
 * EMAIL_FROM (VELO_EMAIL_FROM), VELO_OPERATOR_EMAIL and SITE_ORIGIN (siteOriginFromEnv) for links;
 * the route handlers read SITE_ORIGIN for every return URL too.
 */
export function emailEnvironmentFromEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    EMAIL_FROM: env.VELO_EMAIL_FROM || defaultEmailFrom,
    VELO_OPERATOR_EMAIL: env.VELO_OPERATOR_EMAIL || defaultOperatorEmail,
    SITE_ORIGIN: siteOriginFromEnv(env),
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
