import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import {
  type CspOptions,
  immutableCacheControl,
  revalidateCacheControl,
  securityHeaders,
} from '../web-security';
import { nagReasons } from './nag-reasons';

export interface WebStackProps extends StackProps {
  /** The images bucket (Data stack); served at `/images/*`, keys start with `images/`. */
  imagesBucket: s3.IBucket;
  /** The HTTP API's domain name (Api stack); served at `/api/*`. */
  apiDomainName: string;
  /** The built web app (Vite's output). Deployed only if the folder exists at synth time. */
  siteDir?: string | undefined;
  /** Third parties the CSP opens up for; the Cognito endpoint of this region is always allowed. */
  csp?: CspOptions;
  /**
   * The browser's `/config.json` (web/src/auth/runtime-config.ts: Cognito ids, `idps`, OAuth),
   * deployed with the site. Tokens of other stacks are fine (filled in at deploy time).
   */
  runtimeConfig?: Record<string, unknown>;
}

/** The Cognito endpoint the browser talks to (Amplify), which the CSP must allow in connect-src. */
export function cognitoEndpoint(region: string): string {
  return `https://cognito-idp.${region}.amazonaws.com`;
}

/** The origin of the images bucket's presigned upload URLs (virtual-hosted, regional), for connect-src. */
export function imagesUploadOrigin(bucket: s3.IBucket): string {
  return `https://${bucket.bucketRegionalDomainName}`;
}

/** Security headers of infra/web-security.ts (the local gateway sends the same) as CloudFront config. */
export function responseHeadersConfig(headers: Record<string, string>): {
  securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior;
  customHeadersBehavior: cloudfront.ResponseCustomHeadersBehavior;
} {
  const security: {
    -readonly [K in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[K];
  } = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  const oneOf = <T extends string>(values: Record<string, T>, value: string, header: string): T => {
    const found = Object.values(values).find((v) => v === value);
    if (!found) throw new Error(`CloudFront cannot send ${header}: ${value}`);
    return found;
  };
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security': {
        const maxAge = /max-age=(\d+)/i.exec(value)?.[1];
        if (!maxAge) throw new Error(`Strict-Transport-Security without max-age: ${value}`);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(maxAge)),
          includeSubdomains: /includeSubDomains/i.test(value),
          preload: /preload/i.test(value),
          override: true,
        };
        break;
      }
      case 'x-content-type-options':
        if (value !== 'nosniff')
          throw new Error(`CloudFront only sends X-Content-Type-Options: nosniff, not ${value}`);
        security.contentTypeOptions = { override: true };
        break;
      case 'referrer-policy':
        security.referrerPolicy = {
          referrerPolicy: oneOf(cloudfront.HeadersReferrerPolicy, value, name),
          override: true,
        };
        break;
      case 'x-frame-options':
        security.frameOptions = {
          frameOption: oneOf(cloudfront.HeadersFrameOption, value, name),
          override: true,
        };
        break;
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, customHeadersBehavior: { customHeaders: custom } };
}

/** Viewer-request function of the site: any path that is not a file gets the SPA's index.html. */
export const spaRewriteFunctionCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * Web: the site bucket and the CloudFront distribution in front of everything the browser loads:
 * the site (default), the API (`/api/*`, never cached, every viewer header but Host) and the images
 * (`/images/*`, cached long). Every response carries the security headers of infra/web-security.ts.
 */
export class WebStack extends Stack {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site-bucket/',
    });

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Velo Exchange security headers (infra/web-security.ts)',
      ...responseHeadersConfig(
        securityHeaders({
          ...props.csp,
          connect: [
            cognitoEndpoint(this.region),
            // Avatar and photo uploads PUT straight to the images bucket with presigned URLs.
            imagesUploadOrigin(props.imagesBucket),
            ...(props.csp?.connect ?? []),
          ],
        }),
      ),
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Serve index.html for client-side routes',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaRewriteFunctionCode),
    });

    // A reference, not the bucket itself: S3BucketOrigin would otherwise add a statement naming this
    // distribution to the Data stack's bucket policy (a cross-stack cycle). The Data stack's policy
    // already lets the account's distributions read images/* through OAC.
    const imagesBucket = s3.Bucket.fromBucketAttributes(this, 'ImagesBucketRef', {
      bucketArn: props.imagesBucket.bucketArn,
      bucketName: props.imagesBucket.bucketName,
      bucketRegionalDomainName: props.imagesBucket.bucketRegionalDomainName,
    });
    const imagesCache = new cloudfront.CachePolicy(this, 'ImagesCachePolicy', {
      comment: 'Images have unique keys and never change: cache for a year',
      minTtl: Duration.days(1),
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Velo Exchange',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
        '/images/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(imagesBucket, {
            originAccessLevels: [cloudfront.AccessLevel.READ],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: imagesCache,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
        reason: nagReasons.importedImagesBucket,
      },
      { id: 'AwsSolutions-CFR1', reason: nagReasons.geoRestriction },
      { id: 'AwsSolutions-CFR2', reason: nagReasons.waf },
      { id: 'AwsSolutions-CFR4', reason: nagReasons.defaultCertificate },
    );

    if (props.siteDir && existsSync(path.join(props.siteDir, 'index.html'))) {
      this.deploySite(props.siteDir, props.runtimeConfig);
    }

    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
  }

  /**
   * Hashed build assets (assets/) first, cached for a year; then everything else (index.html…),
   * always revalidated, and an invalidation. Old assets stay, so open tabs keep working.
   */
  private deploySite(siteDir: string, runtimeConfig: Record<string, unknown> | undefined): void {
    const assetsDir = path.join(siteDir, 'assets');
    const assets = existsSync(assetsDir)
      ? new s3deploy.BucketDeployment(this, 'DeployAssets', {
          sources: [s3deploy.Source.asset(assetsDir)],
          destinationBucket: this.siteBucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [s3deploy.CacheControl.fromString(immutableCacheControl)],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [
        s3deploy.Source.asset(siteDir, { exclude: ['assets', 'assets/**', 'config.json'] }),
        ...(runtimeConfig ? [s3deploy.Source.jsonData('config.json', runtimeConfig)] : []),
      ],
      destinationBucket: this.siteBucket,
      cacheControl: [s3deploy.CacheControl.fromString(revalidateCacheControl)],
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) pages.node.addDependency(assets);
    this.acknowledgeDeploymentHandler(pages);
  }

  /** BucketDeployment's handler is CDK's own singleton Lambda (shared by both deployments). */
  private acknowledgeDeploymentHandler(deployment: s3deploy.BucketDeployment): void {
    const handler = deployment.handlerRole.node.scope;
    if (!handler) return;
    const synthesizer = this.synthesizer as DefaultStackSynthesizer;
    const qualifier = synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetBucket = `cdk-${qualifier}-assets-${this.account}-${this.region}`;
    const siteBucketId: string = this.resolve((this.siteBucket.node.defaultChild as s3.CfnBucket).logicalId);
    const findings: [string, string][] = [
      ['AwsSolutions-L1', nagReasons.cdkManagedHandler],
      [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        nagReasons.lambdaBasicExecution,
      ],
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
        (action): [string, string] => [`AwsSolutions-IAM5[Action::${action}]`, nagReasons.bucketDeployment],
      ),
      [
        `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${assetBucket}/*]`,
        nagReasons.bucketDeployment,
      ],
      [`AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`, nagReasons.bucketDeployment],
      ['AwsSolutions-IAM5[Resource::*]', nagReasons.bucketDeploymentInvalidation],
    ];
    for (const [id, reason] of findings) Validations.of(handler).acknowledge({ id, reason });
  }
}
