import { CfnOutput, RemovalPolicy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { nagReasons } from './nag-reasons';

/** The social identity providers the web app may offer, in Cognito's names. */
export type SocialProvider = 'Google' | 'Facebook';

/**
 * Optional Google/Facebook sign-in, read from the environment at synth time. A provider is on when
 * its id and a secret are set: `GOOGLE_CLIENT_ID` with `GOOGLE_CLIENT_SECRET_ARN` (a Secrets Manager
 * secret holding the plain client secret: preferred, the secret never enters the template) or
 * `GOOGLE_CLIENT_SECRET` (plain text, ends up in the template: development only); the same with
 * `FACEBOOK_APP_ID` and `FACEBOOK_APP_SECRET_ARN` / `FACEBOOK_APP_SECRET`. With any provider on,
 * the pool gets a Cognito domain (`COGNITO_DOMAIN_PREFIX`, default `velo-<account>`) and the web
 * client the OAuth code flow, back to `SITE_URL` (default `http://localhost:3000/`) + `confirm`.
 */
export interface SocialSignInSettings {
  google?: { clientId: string; clientSecret: SecretValue };
  facebook?: { clientId: string; clientSecret: SecretValue };
  domainPrefix?: string;
  siteUrl: string;
}

function secretFromEnv(env: NodeJS.ProcessEnv, name: string): SecretValue | undefined {
  const arn = env[`${name}_ARN`];
  if (arn) return SecretValue.secretsManager(arn);
  const plain = env[name];
  return plain ? SecretValue.unsafePlainText(plain) : undefined;
}

export function socialSignInFromEnv(env: NodeJS.ProcessEnv = process.env): SocialSignInSettings {
  const settings: SocialSignInSettings = { siteUrl: env.SITE_URL || 'http://localhost:3000/' };
  if (!settings.siteUrl.endsWith('/')) settings.siteUrl += '/';
  const googleSecret = secretFromEnv(env, 'GOOGLE_CLIENT_SECRET');
  if (env.GOOGLE_CLIENT_ID && googleSecret)
    settings.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: googleSecret };
  const facebookSecret = secretFromEnv(env, 'FACEBOOK_APP_SECRET');
  if (env.FACEBOOK_APP_ID && facebookSecret)
    settings.facebook = { clientId: env.FACEBOOK_APP_ID, clientSecret: facebookSecret };
  if (env.COGNITO_DOMAIN_PREFIX) settings.domainPrefix = env.COGNITO_DOMAIN_PREFIX;
  return settings;
}

/** What the web app needs to offer social sign-in (runtime config `idps` and `cognito.oauth`). */
export interface SocialSignInConfig {
  idps: SocialProvider[];
  oauth?: { domain: string; scopes: string[]; redirectSignIn: string; redirectSignOut: string };
}

/**
 * Auth: the Cognito user pool (email is the username, self sign-up, email verification) and the web
 * app's client (no secret; USER_PASSWORD_AUTH, which the local cognito-local supports, and SRP).
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** The JWT issuer of the pool's tokens (what the API's authorizer and the local gateway check). */
  readonly issuer: string;

  /** The configured identity providers and OAuth settings, for the web app's runtime config. */
  readonly socialSignIn: SocialSignInConfig;

  constructor(scope: Construct, id: string, props?: StackProps & { socialSignIn?: SocialSignInSettings }) {
    super(scope, id, props);
    const social = props?.socialSignIn ?? socialSignInFromEnv();

    this.userPool = new cognito.UserPool(this, 'UserPool', {
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
      authFlows: { userPassword: true, userSrp: true },
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
      const domainPrefix = social.domainPrefix ?? `velo-${this.account}`;
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
}
