/**
 * The route handlers' roles, by what the routes do (issue 26): anonymous reads run read-only,
 * everything else with the table, images and the order workflow, and SES only where mail is sent.
 * Any of them may also read its providers' secrets (runtime-secrets.ts grantSecrets).
 */

import { Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { DeployConfig } from '../config/deploy-config';
import { handlerRole } from '../lambda-bundling';
import { emailEnvironment, grantSendEmail } from './email';
import { grantTableRead, grantTableReadWrite } from './grants';
import { isPublicRead, searchHandler } from './handler-services';
import { nagReasons } from './nag-reasons';
import { type SecretGrant, secretsRoleName } from './runtime-secrets';

/** What a route handler's role depends on: its trust level, e-mail, and the secrets it reads. */
export interface RouteRoleKind {
  publicRead: boolean;
  mail: boolean;
  grants: readonly SecretGrant[];
}

/**
 * The construct id of a route role: RouteHandlerRole, StripeHandlerRole… as before for writes (a
 * renamed role would be replaced), MailingHandlerRole, PublicReadRole, PublicReadMapsRole.
 */
export function routeRoleId(kind: RouteRoleKind): string {
  const providers = kind.grants.length ? secretsRoleName(kind.grants) : '';
  if (kind.publicRead) return `PublicRead${providers}Role`;
  const name = `${providers}${kind.mail ? 'Mailing' : ''}`;
  return `${name || 'Route'}HandlerRole`;
}

/** The handlers anyone may call before they have a login: sign-up and the password reset. */
const accountEntryHandlers: readonly string[] = [
  'accounts/http/signup',
  'accounts/http/request-password-reset',
  'accounts/http/confirm-password-reset',
];

/**
 * Why a route has no authorizer (cdk-nag APIG4), by what it is: each kind says what its handler may
 * do. A new public route of none of these kinds fails the synth until its reason is written.
 */
export function publicRouteReason(handler: string): string {
  if (handler === searchHandler) return nagReasons.search;
  if (isPublicRead(handler)) return nagReasons.publicRead;
  if (accountEntryHandlers.includes(handler)) return nagReasons.publicAccountEntry;
  if (handler.includes('/simulated/')) return nagReasons.simulatedProviderPage;
  if (/^payments\/(stripe|paypal)\/http\/webhook$/.test(handler)) return nagReasons.providerWebhook;
  throw new Error(`The public route of ${handler} has no cdk-nag reason: add its kind to publicRouteReason`);
}

/** What a route role may be granted (the Api stack's props). */
export interface RouteRoleResources {
  table: dynamodb.ITable;
  imagesAccessPolicy: iam.IManagedPolicy;
  assetsReadPolicy: iam.IManagedPolicy;
  stateMachines: Record<string, sfn.IStateMachine>;
  config: DeployConfig;
}

/**
 * A route role of one kind. Public reads: GetItem, BatchGetItem and Query on the table and its indexes, the
 * hosted assets; nothing else (no write, no images, no e-mail, no workflow). Writes (signed-in
 * routes, sign-up, webhooks): the table, images, the order workflow; SES only for handlers that
 * send mail. No route puts events: finance events go through the outbox.
 */
export function makeRouteRole(
  scope: Construct,
  kind: RouteRoleKind,
  resources: RouteRoleResources,
): iam.Role {
  const providers = kind.grants.length ? ` that call ${secretsRoleName(kind.grants)}` : '';
  const role = handlerRole(
    scope,
    routeRoleId(kind),
    kind.publicRead
      ? `Velo HTTP API public read routes${providers} (read-only)`
      : `Velo HTTP API route handlers${providers}${kind.mail ? ' that send e-mail' : ''}`,
  );
  if (kind.publicRead) {
    grantTableRead(resources.table, role, { indexes: true });
    role.addManagedPolicy(resources.assetsReadPolicy);
    return role;
  }
  grantTableReadWrite(resources.table, role);
  role.addManagedPolicy(resources.imagesAccessPolicy);
  for (const machine of Object.values(resources.stateMachines)) {
    machine.grantStartExecution(role);
    machine.grantTaskResponse(role);
  }
  if (kind.mail) grantSendEmail(Stack.of(scope), role, emailEnvironment(resources.config).EMAIL_FROM!);
  return role;
}
