import { existsSync } from 'node:fs';
import {
  Aws,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { assetsKeyPrefix } from '../../functions/content/assets';
import { assertJsonFiles, assetVersion } from '../../functions/content/publish';
import { tableDesign } from '../../functions/lib/table-design';
import { rawUploadsKeyPrefix } from '../../functions/lib/uploads';
import { searchSnapshotKeyPrefix } from '../../functions/listings/search/snapshot-store';
import {
  disputeEvidenceKeyPrefix,
  disputeEvidenceUploadsPrefix,
} from '../../functions/orders/dispute-evidence';
import { latestAssetAlias } from '../../shared/content/page-asset';
import type { DeployConfig } from '../config/deploy-config';
import { deploymentLogGroup, scopeDeploymentHandlerLogs } from './deployment-logs';
import { grantObjects } from './grants';
import { nagReasons } from './nag-reasons';
import { secureBucket } from './secure-bucket';
import { VeloStack } from './velo-stack';

export interface DataStackProps extends StackProps {
  /**
   * The hosted assets (infra/content/assets/), published into the content bucket as one version
   * under `assets/{assetVersion(dir)}/` and then the alias `assets/latest.json`. Nothing is deployed
   * when it is undefined or the folder does not exist.
   */
  contentDir?: string | undefined;
  /** The stage's configuration: a simulated provider needs a signing secret of this deployment. */
  config?: DeployConfig;
}

/**
 * Acknowledges the findings of CDK's own BucketDeployment handler (the stack's singleton Lambda
 * that copies CDK assets into `bucket`), exactly as cdk-nag names them. `invalidation`: the
 * deployment also invalidates a distribution (its CloudFront grant has no resource).
 */
export function acknowledgeBucketDeploymentHandler(
  deployment: s3deploy.BucketDeployment,
  bucket: s3.Bucket,
  options: { reason: string; invalidation?: boolean },
): void {
  const handler = deployment.handlerRole.node.scope;
  if (!handler) return;
  scopeDeploymentHandlerLogs(deployment);
  const stack = Stack.of(deployment);
  const synthesizer = stack.synthesizer as DefaultStackSynthesizer;
  const qualifier = synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const assetBucket = `cdk-${qualifier}-assets-${stack.account}-${stack.region}`;
  const bucketId: string = stack.resolve((bucket.node.defaultChild as s3.CfnBucket).logicalId);
  const findings: [string, string][] = [
    ['AwsSolutions-L1', nagReasons.cdkManagedHandler],
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
      (action): [string, string] => [`AwsSolutions-IAM5[Action::${action}]`, options.reason],
    ),
    [`AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${assetBucket}/*]`, options.reason],
    [`AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/*]`, options.reason],
    ...(options.invalidation
      ? [['AwsSolutions-IAM5[Resource::*]', nagReasons.bucketDeploymentInvalidation] as [string, string]]
      : []),
  ];
  for (const [id, reason] of findings) Validations.of(handler).acknowledge({ id, reason });
}

/**
 * Data: the one DynamoDB table (built from functions/lib/table-design.ts, like the local bootstrap)
 * and the images bucket, and the content bucket the hosted content is published to. The buckets live
 * here, not in the Web stack, because the API needs them and the Web stack needs the API: keeping
 * them here avoids a Web <-> Api cycle.
 */
export class DataStack extends VeloStack {
  readonly table: dynamodb.Table;
  readonly imagesBucket: s3.Bucket;
  /**
   * The hosted content (page assets, translations) under `assets/`: written only by the content
   * deployment, read by the asset API and the head renderer (CONTENT_BUCKET).
   */
  readonly contentBucket: s3.Bucket;
  /** Object access under images/ for the handlers that sign uploads and read images (attached by the Api stack). */
  readonly imagesAccessPolicy: iam.ManagedPolicy;
  /** Read access to the hosted assets (the content bucket's `assets/*`) for the asset API and the head renderer. */
  readonly assetsReadPolicy: iam.ManagedPolicy;
  /** Read the search snapshots (`search-snapshots/*`): the search route (functions/listings/search/catalogue-cache.ts). */
  readonly searchSnapshotsReadPolicy: iam.ManagedPolicy;
  /** Read, write and delete the search snapshots: the snapshot writer (functions/listings/search/snapshot-writer.ts). */
  readonly searchSnapshotsWritePolicy: iam.ManagedPolicy;
  /** The published content version (assetVersion of the content folder), if any was deployed. */
  readonly contentVersion: string | undefined;
  /** Key prefix under which images are stored; CloudFront serves `/images/*` straight from it. */
  static readonly imagesKeyPrefix = 'images/';
  /** Presigned uploads land here until a handler turns them into images (functions/accounts/avatar-keys.ts). */
  static readonly uploadsKeyPrefix = rawUploadsKeyPrefix;
  /** Hosted assets in the content bucket (functions/content/assets.ts): `assets/{version}/…` and `assets/latest.json`. */
  static readonly assetsKeyPrefix = assetsKeyPrefix;
  /** Search snapshots (issue 23): private, neither CloudFront nor the asset readers reach them. */
  static readonly searchSnapshotsKeyPrefix = searchSnapshotKeyPrefix;
  /** A dispute's photos (issue 25): private, reached only through presigned GET links. */
  static readonly disputeEvidenceKeyPrefix = disputeEvidenceKeyPrefix;
  /**
   * Signs the simulated providers' webhooks and links when the stage simulates Stripe or PayPal:
   * generated at the first deploy, so no two deployments share one and none uses the development
   * secret in the repository.
   */
  readonly simulatedSigningSecret: secretsmanager.Secret | undefined;

  constructor(scope: Construct, id: string, props: DataStackProps = {}) {
    super(scope, id, props);

    const payments = props.config?.payments;
    this.simulatedSigningSecret =
      payments && (payments.stripe.mode === 'simulated' || payments.paypal.mode === 'simulated')
        ? new secretsmanager.Secret(this, 'SimulatedProvidersSigningSecret', {
            description: "Signs the simulated payment providers' webhooks and links (this deployment only)",
            generateSecretString: { passwordLength: 48, excludePunctuation: true },
          })
        : undefined;
    if (this.simulatedSigningSecret) {
      Validations.of(this.simulatedSigningSecret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: nagReasons.simulatedSigningSecret,
      });
    }

    const str = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(tableDesign.partitionKey),
      sortKey: str(tableDesign.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: dynamodb.StreamViewType[tableDesign.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      // Housekeeping only: DynamoDB deletes expired items late (and DynamoDB Local never), so no logic relies on it.
      timeToLiveAttribute: 'expiresAt',
    });
    for (const index of tableDesign.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: str(index.partitionKey),
        sortKey: str(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const accessLogs = secureBucket(this, 'AccessLogsBucket', {
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });

    this.imagesBucket = secureBucket(this, 'ImagesBucket', {
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'images-bucket/',
      // A photo overwritten or deleted by mistake (a bug, a bad operator command) can be restored
      // for 30 days (issue 26); after that its old versions go.
      versioned: true,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
        // Uploads are made into images (avatars, listing photos) and deleted; one never used goes after a day.
        { prefix: DataStack.uploadsKeyPrefix, expiration: Duration.days(1) },
        // A dispute's photo uploads are copied to their evidence key by the dispute; unused ones go after a day.
        { prefix: disputeEvidenceUploadsPrefix, expiration: Duration.days(1) },
      ],
      // Browsers upload listing and profile images straight to S3 with a presigned POST (policy:
      // key, Content-Type, 1 byte…20 MB); the signature (issued by the API to a signed-in user) is
      // the gate, so the site's origin, whichever domain serves it, may send it.
      cors: [
        {
          allowedMethods: [s3.HttpMethods.POST],
          allowedOrigins: ['*'],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
    });
    // Hosted content has its own bucket (issue 26): aws-cdk-lib's BucketDeployment grants its handler
    // read, write and delete on the whole destination bucket (prune off or not), which must never be
    // the bucket of every user photo. Not versioned: every object comes from the repository (a
    // version is named by its content and never rewritten; redeploying an old commit moves the
    // alias back), so an old object version would restore nothing the repository does not hold.
    this.contentBucket = secureBucket(this, 'ContentBucket', {
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'content-bucket/',
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    // CloudFront reads images through Origin Access Control. The statement names the account's
    // distributions rather than the one distribution: naming it would make this stack depend on the
    // Web stack, which depends on the Api stack, which depends on this bucket (a cycle). The same
    // trade-off CDK makes for KMS keys behind OAC.
    this.imagesBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontOriginAccessControlRead',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.imagesBucket.arnForObjects(`${DataStack.imagesKeyPrefix}*`)],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );

    // Raw uploads (unchecked files a browser posted, before a handler makes the images) are never
    // served: the explicit deny wins over the read above, whichever distribution asks (issue 27).
    this.imagesBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontNeverServesRawUploads',
        effect: iam.Effect.DENY,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.imagesBucket.arnForObjects(`${DataStack.uploadsKeyPrefix}*`)],
      }),
    );

    // Owned here so its resource is this stack's bucket (the finding below names it exactly), not an
    // import from another stack.
    this.imagesAccessPolicy = new iam.ManagedPolicy(this, 'ImagesObjectAccess', {
      description:
        'Velo Exchange handlers: read, write and delete images/* objects (presigned uploads included)',
    });
    grantObjects(this.imagesBucket, DataStack.imagesKeyPrefix, this.imagesAccessPolicy);
    const bucketLogicalId: string = this.resolve(
      (this.imagesBucket.node.defaultChild as s3.CfnBucket).logicalId,
    );
    Validations.of(this.imagesAccessPolicy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${DataStack.imagesKeyPrefix}*]`,
      reason: nagReasons.imageObjects,
    });
    // The route handlers also sign a dispute's photo uploads, copy them to their evidence key and
    // sign the short-lived links to them (functions/orders/dispute-evidence.ts). The prefix is
    // outside images/, so CloudFront's OAC statement above does not reach it.
    grantObjects(this.imagesBucket, DataStack.disputeEvidenceKeyPrefix, this.imagesAccessPolicy);
    Validations.of(this.imagesAccessPolicy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${DataStack.disputeEvidenceKeyPrefix}*]`,
      reason: nagReasons.disputeEvidence,
    });

    // Hosted assets are public content: read the content bucket's assets/* only. ListBucket (no
    // object access) makes a missing asset a 404 rather than a 403, so the API and the renderer can
    // tell "no such page". Nothing here reaches the images bucket.
    // The description stays as it was: a new one replaces the managed policy, whose ARN the Api and
    // Web stacks import (CloudFormation refuses to change an export in use).
    this.assetsReadPolicy = new iam.ManagedPolicy(this, 'AssetsReadAccess', {
      description: 'Velo Exchange asset API and head renderer: read the hosted assets (assets/*)',
      statements: [
        new iam.PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [this.contentBucket.arnForObjects(`${DataStack.assetsKeyPrefix}*`)],
        }),
        new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.contentBucket.bucketArn] }),
      ],
    });
    const contentBucketLogicalId: string = this.resolve(
      (this.contentBucket.node.defaultChild as s3.CfnBucket).logicalId,
    );
    Validations.of(this.assetsReadPolicy).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${contentBucketLogicalId}.Arn>/${DataStack.assetsKeyPrefix}*]`,
      reason: nagReasons.assetObjects,
    });

    // Search snapshots (docs/decisions.md, "Search snapshots in the images bucket"): the search
    // route reads them, the scheduled writer writes them and deletes the one two generations back.
    const snapshots = this.imagesBucket.arnForObjects(`${DataStack.searchSnapshotsKeyPrefix}*`);
    this.searchSnapshotsReadPolicy = new iam.ManagedPolicy(this, 'SearchSnapshotsReadAccess', {
      description: 'Velo Exchange search route: read the search snapshots (search-snapshots/*)',
      statements: [new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [snapshots] })],
    });
    this.searchSnapshotsWritePolicy = new iam.ManagedPolicy(this, 'SearchSnapshotsWriteAccess', {
      description:
        'Velo Exchange search snapshot writer: write and delete the search snapshots (search-snapshots/*)',
      statements: [
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [snapshots],
        }),
      ],
    });
    for (const policy of [this.searchSnapshotsReadPolicy, this.searchSnapshotsWritePolicy]) {
      Validations.of(policy).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${DataStack.searchSnapshotsKeyPrefix}*]`,
        reason: nagReasons.searchSnapshots,
      });
    }

    this.contentVersion =
      props.contentDir && existsSync(props.contentDir) ? this.deployContent(props.contentDir) : undefined;

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'ImagesBucketName', { value: this.imagesBucket.bucketName });
    new CfnOutput(this, 'ContentBucketName', { value: this.contentBucket.bucketName });
    if (this.contentVersion) new CfnOutput(this, 'ContentVersion', { value: this.contentVersion });
  }

  /**
   * The content folder as one version, `assets/{version}/…` of the content bucket (the version
   * computed here by the same function the local cloud publishes with), then the alias
   * `assets/latest.json`, strictly after it. Neither prunes: old versions stay readable by the pages
   * that pinned them. Both share the stack's one BucketDeployment handler, whose role therefore
   * names the CDK asset bucket and the content bucket only.
   */
  private deployContent(dir: string): string {
    assertJsonFiles(dir);
    const version = assetVersion(dir);
    const content = new s3deploy.BucketDeployment(this, 'DeployContentAssets', {
      sources: [s3deploy.Source.asset(dir)],
      destinationBucket: this.contentBucket,
      destinationKeyPrefix: `${DataStack.assetsKeyPrefix}${version}/`,
      prune: false,
      memoryLimit: 512,
      logGroup: deploymentLogGroup(this),
    });
    const alias = new s3deploy.BucketDeployment(this, 'DeployContentAlias', {
      sources: [s3deploy.Source.jsonData(`${latestAssetAlias}.json`, { version })],
      destinationBucket: this.contentBucket,
      destinationKeyPrefix: DataStack.assetsKeyPrefix,
      prune: false,
      memoryLimit: 512,
      logGroup: deploymentLogGroup(this),
    });
    alias.node.addDependency(content);
    acknowledgeBucketDeploymentHandler(content, this.contentBucket, { reason: nagReasons.contentDeployment });
    return version;
  }
}
