import { CfnOutput, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { nagReasons } from './nag-reasons';

/**
 * Auth: the Cognito user pool (email is the username, self sign-up, email verification) and the web
 * app's client (no secret; USER_PASSWORD_AUTH, which the local cognito-local supports, and SRP).
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** The JWT issuer of the pool's tokens (what the API's authorizer and the local gateway check). */
  readonly issuer: string;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

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

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });

    this.issuer = `https://cognito-idp.${this.region}.amazonaws.com/${this.userPool.userPoolId}`;

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'Issuer', { value: this.issuer });
  }
}
