import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { type Route, routes } from '../../functions/routes';
import { type BundlingMode, HandlerFunctions, handlerRole } from '../lambda-bundling';
import { grantTableReadWrite } from './grants';
import { nagReasons } from './nag-reasons';
import { stateMachineArnVariable } from './workflow-stack';

export interface ApiStackProps extends StackProps {
  bundling: BundlingMode;
  table: dynamodb.ITable;
  imagesBucket: s3.IBucket;
  /** Object access to images/ (Data stack). */
  imagesAccessPolicy: iam.IManagedPolicy;
  bus: events.IEventBus;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** State machines the API starts and answers (task tokens), by name: order -> ORDER_STATE_MACHINE_ARN. */
  stateMachines: Record<string, sfn.IStateMachine>;
}

/** Stage throttling: a ceiling well above the marketplace's expected load, below the account's. */
export const apiThrottle = { rateLimit: 200, burstLimit: 400 } as const;

/**
 * Api: the HTTP API, one route per entry of functions/routes.ts and one Lambda per distinct handler
 * module. `auth: 'user'` routes carry the Cognito JWT authorizer (the access token in Authorization);
 * `auth: 'public'` routes have none. CloudFront forwards `/api/*` here unchanged.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly handlers: HandlerFunctions;
  /** The API's domain name (what CloudFront's `/api/*` origin points at). */
  readonly apiDomainName: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    const role = handlerRole(this, 'RouteHandlerRole', 'Velo HTTP API route handlers');
    grantTableReadWrite(props.table, role);
    role.addManagedPolicy(props.imagesAccessPolicy);
    props.bus.grantPutEventsTo(role);
    const stateMachineEnvironment: Record<string, string> = {};
    for (const [name, machine] of Object.entries(props.stateMachines)) {
      machine.grantStartExecution(role);
      machine.grantTaskResponse(role);
      stateMachineEnvironment[stateMachineArnVariable(name)] = machine.stateMachineArn;
    }

    this.handlers = new HandlerFunctions(this, 'RouteHandlers', {
      bundling: props.bundling,
      role,
      timeout: Duration.seconds(10),
      environment: {
        TABLE_NAME: props.table.tableName,
        IMAGES_BUCKET: props.imagesBucket.bucketName,
        EVENT_BUS_NAME: props.bus.eventBusName,
        USER_POOL_ID: props.userPool.userPoolId,
        USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
        ...stateMachineEnvironment,
      },
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
    for (const route of routes as readonly Route[]) {
      let integration = integrations.get(route.handler);
      if (!integration) {
        const fn = this.handlers.get(route.handler);
        integration = new HttpLambdaIntegration(`${fn.node.id}Integration`, fn);
        integrations.set(route.handler, integration);
      }
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration,
        ...(route.auth === 'user' ? { authorizer } : {}),
      });
      if (route.auth === 'public' && httpRoute) {
        Validations.of(httpRoute).acknowledge({ id: 'AwsSolutions-APIG4', reason: nagReasons.publicRoute });
      }
    }

    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    new CfnOutput(this, 'ApiUrl', { value: this.stage.url });
  }
}
