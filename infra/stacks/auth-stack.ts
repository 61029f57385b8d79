import { CfnOutput, Duration, RemovalPolicy, SecretValue, type StackProps, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { unverifiedAccountsRemoval } from '../../functions/accounts/scheduled/schedule';
import { addressOf, type DeployConfig, defaultEmailFrom } from '../config/deploy-config';
import { type BundlingMode, HandlerFunctions, handlerRole } from '../lambda-bundling';
import { scheduleFunction } from './async-invocations';
import { grantTableReadWrite } from './grants';
import { nagReasons } from './nag-reasons';
import { VeloStack } from './velo-stack';
import { rateRule, userPoolRateLimit, webAclProps } from './waf-rules';

/** The social identity providers the web app may offer, in Cognito's names. */
export type SocialProvider = 'Google' | 'Facebook';

/**
 * Optional Google/Facebook sign-in from the stage's `socialSignIn`: a provider is on when it is
 * configured, its secret a Secrets Manager secret (the secret never enters the template). With any
 * provider on, the pool gets a Cognito domain (`cognitoDomainPrefix`, default
 * `velo-<stage>-<account>`) and the web client the OAuth code flow, back to the stage's `siteUrl`
 * (default `http://localhost:3000/`) + `confirm`.
 */
export interface SocialSignInSettings {
  google?: { clientId: string; clientSecret: SecretValue };
  facebook?: { clientId: string; clientSecret: SecretValue };
  domainPrefix?: string;
  siteUrl: string;
}

export function socialSignInOf(config: DeployConfig): SocialSignInSettings {
  const social = config.socialSignIn;
  let siteUrl =
    config.siteUrl ?? (config.domain ? `https://${config.domain.name}/` : 'http://localhost:3000/');
  if (!siteUrl.endsWith('/')) siteUrl += '/';
  return {
    siteUrl,
    ...(social?.google
      ? {
          google: {
            clientId: social.google.clientId,
            clientSecret: SecretValue.secretsManager(social.google.clientSecret),
          },
        }
      : {}),
    ...(social?.facebook
      ? {
          facebook: {
            clientId: social.facebook.appId,
            clientSecret: SecretValue.secretsManager(social.facebook.appSecret),
          },
        }
      : {}),
    ...(social?.cognitoDomainPrefix ? { domainPrefix: social.cognitoDomainPrefix } : {}),
  };
}

/**
 * Cognito's mail through SES from the stage's `email.from` (its domain the verified identity), or
 * undefined while the stage uses the default sender, which is not ours to verify.
 */
export function cognitoSesEmail(config: DeployConfig): cognito.UserPoolEmail | undefined {
  const address = addressOf(config.email.from);
  if (address === addressOf(defaultEmailFrom)) return undefined;
  const name = config.email.from.includes('<') ? config.email.from.split('<')[0]!.trim() : undefined;
  return cognito.UserPoolEmail.withSES({
    fromEmail: address,
    ...(name ? { fromName: name } : {}),
    sesRegion: config.region,
    sesVerifiedDomain: address.split('@')[1]!,
  });
}

/** What the web app needs to offer social sign-in (runtime config `idps` and `cognito.oauth`). */
export interface SocialSignInConfig {
  idps: SocialProvider[];
  oauth?: { domain: string; scopes: string[]; redirectSignIn: string; redirectSignOut: string };
}

export interface AuthStackProps extends StackProps {
  /** The stage's configuration (infra/config/). */
  config: DeployConfig;
  bundling: BundlingMode;
  /** The table (Data stack) where the operator stores limited-session challenges. */
  table: dynamodb.ITable;
  /** Where the scheduled removal's failed runs are kept (Events stack). */
  failedInvocations: sqs.IQueue;
  socialSignIn?: SocialSignInSettings;
}

/**
 * The user pool's Lambda triggers (functions/accounts/cognito-triggers/): custom auth for an operator's
 * limited session (define, create, verify) and pre token generation V2_0, which gives that session
 * the single scope `user:limited`. Nothing else uses custom auth; other sign-ins pass the pre-token
 * trigger unchanged. Pre sign-up refuses Cognito's public SignUp; custom message writes the code e-mails.
 */
export const cognitoTriggers = {
  defineAuthChallenge: 'accounts/cognito-triggers/define-auth-challenge',
  createAuthChallenge: 'accounts/cognito-triggers/create-auth-challenge',
  verifyAuthChallengeResponse: 'accounts/cognito-triggers/verify-auth-challenge',
  preTokenGeneration: 'accounts/cognito-triggers/pre-token-generation',
  preSignUp: 'accounts/cognito-triggers/pre-sign-up',
  /** Every code e-mail says what it is for, how long it is valid and what to do if it was not you. */
  customMessage: 'accounts/cognito-triggers/custom-message',
} as const;

/**
 * Auth: the Cognito user pool (email is the username, self sign-up, email verification) and the web
 * app's client (no secret; USER_PASSWORD_AUTH, which the local cognito-local supports, SRP, and
 * CUSTOM_AUTH for the operator's limited sessions).
 *
 * The triggers live here (they must be in the pool's stack: a trigger in the Api stack would make
 * Auth depend on Api, which depends on Auth). The verify trigger reads the table of the Data stack,
 * so Auth now depends on Data (Data depends on nothing: no cycle).
 *
 * The operator's `limited-session --aws` calls AdminInitiateAuth / AdminRespondToAuthChallenge
 * (and AdminGetUser, RevokeToken) with the operator's own AWS credentials, which therefore need
 * `cognito-idp:AdminInitiateAuth`, `cognito-idp:AdminRespondToAuthChallenge` and
 * `cognito-idp:AdminGetUser` on this pool, and PutItem on the table; no Lambda role gets them.
 */
export class AuthStack extends VeloStack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** The JWT issuer of the pool's tokens (what the API's authorizer and the local gateway check). */
  readonly issuer: string;

  /** The configured identity providers and OAuth settings, for the web app's runtime config. */
  readonly socialSignIn: SocialSignInConfig;

  /**
   * The REGIONAL web ACL on the user pool (issue 27): sign-in goes from the browser straight to
   * Cognito, past CloudFront and its web ACL, so the pool has its own per-IP rate rule.
   */
  readonly userPoolWebAcl: wafv2.CfnWebACL;

  /** The user pool's trigger Lambdas. */
  readonly triggers: HandlerFunctions;
  /** The daily removal of accounts never verified (functions/accounts/scheduled/remove-unverified.ts). */
  readonly scheduledFunctions: HandlerFunctions;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const social = props.socialSignIn ?? socialSignInOf(props.config);

    const sesEmail = cognitoSesEmail(props.config);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // Cognito's own mails (verification codes, reset codes) come from our SES sender once the
      // stage has one of its own; Cognito's built-in sender allows 50 a day.
      ...(sesEmail ? { email: sesEmail } : {}),
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: { emailStyle: cognito.VerificationEmailStyle.CODE },
      standardAttributes: { email: { required: true, mutable: true } },
      // The spec's rule: 8 to 256 characters, no character-class rules (see COG1 below).
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      { id: 'AwsSolutions-COG1', reason: nagReasons.passwordPolicy },
      { id: 'AwsSolutions-COG2', reason: nagReasons.mfa },
      { id: 'AwsSolutions-COG8', reason: nagReasons.cognitoPlus },
    );

    const metricPrefix = `${this.stackName}UserPool`;
    this.userPoolWebAcl = new wafv2.CfnWebACL(
      this,
      'UserPoolWebAcl',
      webAclProps(
        'REGIONAL',
        `${metricPrefix}WebAcl`,
        [rateRule(userPoolRateLimit, 0, metricPrefix)],
        'Velo Exchange: the user pool, whose sign-in the browser calls directly',
      ),
    );
    new wafv2.CfnWebACLAssociation(this, 'UserPoolWebAclAssociation', {
      resourceArn: this.userPool.userPoolArn,
      webAclArn: this.userPoolWebAcl.attrArn,
    });

    const triggerRole = handlerRole(this, 'TriggerRole', 'Velo Exchange Cognito triggers');
    this.triggers = new HandlerFunctions(this, 'Triggers', {
      bundling: props.bundling,
      role: triggerRole,
      environment: {},
      timeout: Duration.seconds(5),
      memorySize: 256,
    });
    const trigger = (handler: string) => this.triggers.get(handler);
    this.userPool.addTrigger(
      cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE,
      trigger(cognitoTriggers.defineAuthChallenge),
    );
    this.userPool.addTrigger(
      cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE,
      trigger(cognitoTriggers.createAuthChallenge),
    );
    const verify = this.triggers.get(cognitoTriggers.verifyAuthChallengeResponse, {
      environment: { TABLE_NAME: props.table.tableName },
    });
    this.userPool.addTrigger(cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE, verify);
    // Only our API and social sign-in make users; Cognito's public SignUp is refused.
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, trigger(cognitoTriggers.preSignUp));
    this.userPool.addTrigger(
      cognito.UserPoolOperation.CUSTOM_MESSAGE,
      trigger(cognitoTriggers.customMessage),
    );
    this.userPool.addTrigger(
      cognito.UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG,
      trigger(cognitoTriggers.preTokenGeneration),
      cognito.LambdaVersion.V2_0,
    );
    // The one table action the triggers use: the verify trigger's conditional update of a challenge
    // item (the role is shared, so the grant is as narrow as the one trigger that needs it).
    triggerRole.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:UpdateItem'], resources: [props.table.tableArn] }),
    );

    this.scheduledFunctions = this.unverifiedAccountsRemoval(props);

    const providers: cognito.UserPoolIdentityProvider[] = [];
    const idps: SocialProvider[] = [];
    if (social.google) {
      providers.push(
        new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: this.userPool,
          clientId: social.google.clientId,
          clientSecretValue: social.google.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: {
            email: cognito.ProviderAttribute.GOOGLE_EMAIL,
            emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
            givenName: cognito.ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: cognito.ProviderAttribute.GOOGLE_FAMILY_NAME,
          },
        }),
      );
      idps.push('Google');
    }
    if (social.facebook) {
      providers.push(
        new cognito.UserPoolIdentityProviderFacebook(this, 'Facebook', {
          userPool: this.userPool,
          clientId: social.facebook.clientId,
          clientSecret: social.facebook.clientSecret.unsafeUnwrap(),
          scopes: ['public_profile', 'email'],
          attributeMapping: {
            email: cognito.ProviderAttribute.FACEBOOK_EMAIL,
            givenName: cognito.ProviderAttribute.FACEBOOK_FIRST_NAME,
            familyName: cognito.ProviderAttribute.FACEBOOK_LAST_NAME,
          },
        }),
      );
      idps.push('Facebook');
    }

    const redirectSignIn = `${social.siteUrl}confirm`;
    const redirectSignOut = social.siteUrl;
    const scopes = [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE];
    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true, custom: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      ...(idps.length > 0
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes,
              callbackUrls: [redirectSignIn],
              logoutUrls: [redirectSignOut],
            },
            supportedIdentityProviders: [
              cognito.UserPoolClientIdentityProvider.COGNITO,
              ...idps.map((name) => cognito.UserPoolClientIdentityProvider.custom(name)),
            ],
          }
        : {}),
    });
    for (const provider of providers) this.userPoolClient.node.addDependency(provider);

    this.socialSignIn = { idps };
    if (idps.length > 0) {
      const domainPrefix = social.domainPrefix ?? `velo-${props.config.stage}-${this.account}`;
      this.userPool.addDomain('Domain', { cognitoDomain: { domainPrefix } });
      this.socialSignIn.oauth = {
        domain: `${domainPrefix}.auth.${this.region}.amazoncognito.com`,
        scopes: scopes.map((scope) => scope.scopeName),
        redirectSignIn,
        redirectSignOut,
      };
      new CfnOutput(this, 'CognitoDomain', { value: this.socialSignIn.oauth.domain });
    }

    this.issuer = `https://cognito-idp.${this.region}.amazonaws.com/${this.userPool.userPoolId}`;

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'Issuer', { value: this.issuer });
  }

  /**
   * The removal of accounts never verified (issue 25), once a day on EventBridge Scheduler. Its role
   * reads and deletes in the table (the day records, the profile) and may delete users of this pool;
   * nothing else. Here, beside the pool, so the Api stack needs no grant on it.
   */
  private unverifiedAccountsRemoval(props: AuthStackProps): HandlerFunctions {
    const role = handlerRole(this, 'UnverifiedAccountsRole', 'Velo removal of accounts never verified');
    grantTableReadWrite(props.table, role);
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminDeleteUser'],
        resources: [this.userPool.userPoolArn],
      }),
    );
    const functions = new HandlerFunctions(this, 'ScheduledHandlers', {
      bundling: props.bundling,
      role,
      environment: { TABLE_NAME: props.table.tableName, USER_POOL_ID: this.userPool.userPoolId },
      timeout: Duration.minutes(5),
      memorySize: 256,
    });
    // A missed run is caught up by the next one (it reads 30 days back).
    scheduleFunction(this, functions.get(unverifiedAccountsRemoval.handler), {
      scheduleId: 'UnverifiedAccountsSchedule',
      roleId: 'UnverifiedAccountsSchedulerRole',
      what: 'the removal of accounts never verified',
      handler: unverifiedAccountsRemoval.handler,
      expression: unverifiedAccountsRemoval.awsSchedule,
      failures: props.failedInvocations,
    });
    return functions;
  }
}
