import { existsSync } from 'node:fs';
import path from 'node:path';
import { CfnOutput, Duration, type StackProps, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as route53Targets from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { siteIndexKey } from '../../functions/content/pages/site-template';
import type { DeployConfig } from '../config/deploy-config';
import { type BundlingMode, HandlerFunctions, handlerRole } from '../lambda-bundling';
import {
  type CspOptions,
  immutableCacheControl,
  revalidateCacheControl,
  securityHeaders,
} from '../web-security';
import { apiBehaviours } from './api-behaviours';
import { acknowledgeBucketDeploymentHandler } from './data-stack';
import { deploymentLogGroup } from './deployment-logs';
import { nagReasons } from './nag-reasons';
import { secureBucket } from './secure-bucket';
import { siteOriginOf } from './site-origin';
import { VeloStack } from './velo-stack';

export interface WebStackProps extends StackProps {
  /** The stage's configuration (infra/config/). */
  config: DeployConfig;
  bundling: BundlingMode;
  /** The images bucket (Data stack); served at `/images/*`, keys start with `images/`. */
  imagesBucket: s3.IBucket;
  /** The table (Data stack): the head renderer reads listings and profiles (GetItem only). */
  table: dynamodb.ITable;
  /** Read access to the hosted assets (Data stack): the head renderer reads page assets. */
  assetsReadPolicy: iam.IManagedPolicy;
  /** The hosted content's bucket (Data stack): the head renderer reads page assets there (CONTENT_BUCKET). */
  contentBucket: s3.IBucket;
  /** The HTTP API's domain name (Api stack); served at `/api/*`. */
  apiDomainName: string;
  /** The secret CloudFront sends on the API origin and the route handlers check (Api stack). */
  originSecret: secretsmanager.ISecret;
  /** The CLOUDFRONT web ACL's ARN (Edge stack, us-east-1); none: no WAF (cdk-nag CFR2 then fails). */
  webAclId?: string;
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

/**
 * Viewer-request function of the static files (`/*.*`): a path whose last segment is not a file
 * name (a dotted folder, `/v1.2/page`) gets the SPA's index.html.
 */
export const spaRewriteFunctionCode = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * Path patterns of the site bucket's files, in precedence order after /api/* and /images/*: the
 * hashed build (`/assets/*`) and every other file (a dot in the path: `/config.json`, `/favicon.svg`,
 * the social images and the rest Vite copies from web/public). Every other path is a page.
 */
export const siteFilePatterns = ['/assets/*', '/*.*'] as const;

/**
 * Web: the site bucket, the head renderer and the CloudFront distribution in front of everything
 * the browser loads: pages (default behaviour: the renderer's Function URL, through Origin Access
 * Control, cached 60 s), the site's files (`/assets/*`, `/*.*` from the bucket), the API (`/api/*`,
 * never cached, every viewer header but Host) and the images (`/images/*`, cached long). Every
 * response carries the security headers of infra/web-security.ts.
 *
 * The renderer lives here, not in the Api stack: it reads `index.html` of this stack's bucket and
 * CloudFront's invoke permission names this distribution, so anywhere else the stacks would
 * depend on each other (Api → Web for the bucket, Web → Api for the API domain).
 */
export class WebStack extends VeloStack {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  /** The head renderer (functions/content/http/render-page.ts) behind the default behaviour. */
  readonly pageRenderer: lambda.Function;
  readonly pageRendererUrl: lambda.FunctionUrl;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const logs = secureBucket(this, 'LogsBucket', {
      // CloudFront standard logging writes with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });

    this.siteBucket = secureBucket(this, 'SiteBucket', {
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
            // Avatar and photo uploads POST straight to the images bucket (presigned POST policies).
            imagesUploadOrigin(props.imagesBucket),
            ...(props.csp?.connect ?? []),
          ],
          // A dispute's photos are shown through presigned links to the bucket (issue 25).
          images: [imagesUploadOrigin(props.imagesBucket), ...(props.csp?.images ?? [])],
        }),
      ),
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Serve index.html for paths of the file behaviour that are not files',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaRewriteFunctionCode),
    });

    // The head renderer: index.html of the site bucket with the page's head (functions/content/pages/).
    const rendererRole = handlerRole(
      this,
      'PageRendererRole',
      'Velo head renderer (CloudFront page requests)',
    );
    rendererRole.addManagedPolicy(props.assetsReadPolicy);
    rendererRole.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [props.table.tableArn] }),
    );
    rendererRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.siteBucket.arnForObjects(siteIndexKey)],
      }),
    );
    this.pageRenderer = new HandlerFunctions(this, 'PageRenderer', {
      bundling: props.bundling,
      role: rendererRole,
      timeout: Duration.seconds(10),
      environment: {
        TABLE_NAME: props.table.tableName,
        // Page assets only: the renderer reads no image (its role has no images grant).
        CONTENT_BUCKET: props.contentBucket.bucketName,
        SITE_BUCKET: this.siteBucket.bucketName,
        // Canonical and image URLs: the configured origin, not the Host a viewer sends.
        SITE_ORIGIN: siteOriginOf(props.config),
      },
    }).get('content/http/render-page');
    this.pageRendererUrl = this.pageRenderer.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM });
    const pagesCache = new cloudfront.CachePolicy(this, 'PagesCachePolicy', {
      comment: 'Rendered pages: as long as the renderer says (60 s)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(60),
      maxTtl: Duration.hours(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
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

    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket);
    const siteFiles: cloudfront.BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: this.responseHeadersPolicy,
    };

    // No default root object: `/` is the landing page, rendered like every other page.
    // The site's own domain (the stage's `domain`): its certificate (us-east-1) and TLS 1.2 at least.
    const domain = props.config.domain;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Velo Exchange',
      ...(domain
        ? {
            domainNames: [domain.name],
            certificate: acm.Certificate.fromCertificateArn(this, 'SiteCertificate', domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.webAclId ? { webAclId: props.webAclId } : {}),
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.FunctionUrlOrigin.withOriginAccessControl(this.pageRendererUrl),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: pagesCache,
        responseHeadersPolicy: this.responseHeadersPolicy,
      },
      // Precedence is this order: the cached API paths, then /api/* and /images/*, before the site's
      // files (`/api/x.json` has a dot).
      additionalBehaviors: {
        ...apiBehaviours(this, {
          apiDomainName: props.apiDomainName,
          originSecret: props.originSecret,
          responseHeadersPolicy: this.responseHeadersPolicy,
        }),
        '/images/*': {
          origin: origins.S3BucketOrigin.withOriginAccessControl(imagesBucket, {
            originAccessLevels: [cloudfront.AccessLevel.READ],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: imagesCache,
          responseHeadersPolicy: this.responseHeadersPolicy,
        },
        [siteFilePatterns[0]]: siteFiles,
        [siteFilePatterns[1]]: {
          ...siteFiles,
          functionAssociations: [
            { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
        reason: nagReasons.importedImagesBucket,
      },
      { id: 'AwsSolutions-CFR1', reason: nagReasons.geoRestriction },
    );
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: nagReasons.defaultCertificate,
      });
    }
    if (domain?.hostedZone) {
      const zone = route53.HostedZone.fromHostedZoneAttributes(this, 'SiteZone', {
        hostedZoneId: domain.hostedZone.id,
        zoneName: domain.hostedZone.name,
      });
      const target = route53.RecordTarget.fromAlias(new route53Targets.CloudFrontTarget(this.distribution));
      new route53.ARecord(this, 'SiteAlias', { zone, recordName: domain.name, target });
      new route53.AaaaRecord(this, 'SiteAliasIpv6', { zone, recordName: domain.name, target });
    }

    if (props.siteDir && existsSync(path.join(props.siteDir, 'index.html'))) {
      this.deploySite(props.siteDir, props.runtimeConfig);
    }

    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'SiteUrl', {
      value: domain ? `https://${domain.name}` : `https://${this.distribution.distributionDomainName}`,
    });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
    new CfnOutput(this, 'PageRendererName', { value: this.pageRenderer.functionName });
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
          logGroup: deploymentLogGroup(this),
        })
      : undefined;
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [
        // .vite/ holds the build manifest (for npm run bench:web), not something to serve.
        s3deploy.Source.asset(siteDir, {
          exclude: ['assets', 'assets/**', 'config.json', '.vite', '.vite/**'],
        }),
        ...(runtimeConfig ? [s3deploy.Source.jsonData('config.json', runtimeConfig)] : []),
      ],
      destinationBucket: this.siteBucket,
      cacheControl: [s3deploy.CacheControl.fromString(revalidateCacheControl)],
      prune: false,
      memoryLimit: 512,
      logGroup: deploymentLogGroup(this),
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) pages.node.addDependency(assets);
    acknowledgeBucketDeploymentHandler(pages, this.siteBucket, {
      reason: nagReasons.bucketDeployment,
      invalidation: true,
    });
  }
}
