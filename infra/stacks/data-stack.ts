import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableDesign } from '../../functions/lib/table-design';
import { grantObjects } from './grants';
import { nagReasons } from './nag-reasons';

/**
 * Data: the one DynamoDB table (built from functions/lib/table-design.ts, like the local bootstrap)
 * and the images bucket. The images bucket lives here, not in the Web stack, because the API needs it
 * and the Web stack needs the API: keeping it here avoids a Web <-> Api cycle.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly imagesBucket: s3.Bucket;
  /** Object access under images/ for the handlers that sign uploads and read images (attached by the Api stack). */
  readonly imagesAccessPolicy: iam.ManagedPolicy;
  /** Key prefix under which images are stored; CloudFront serves `/images/*` straight from it. */
  static readonly imagesKeyPrefix = 'images/';
  /** Presigned uploads land here until a handler turns them into images (functions/users/avatar-keys.ts). */
  static readonly uploadsKeyPrefix = 'images/uploads/';

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    const str = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(tableDesign.partitionKey),
      sortKey: str(tableDesign.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: dynamodb.StreamViewType[tableDesign.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
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

    const accessLogs = new s3.Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });

    this.imagesBucket = new s3.Bucket(this, 'ImagesBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'images-bucket/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads are made into images (avatars, listing photos) and deleted; one never used goes after a day.
        { prefix: DataStack.uploadsKeyPrefix, expiration: Duration.days(1) },
      ],
      // Browsers upload listing and profile images straight to S3 with a presigned POST/PUT; the
      // signature (issued by the API to a signed-in user) is the gate, so any origin may send it.
      cors: [
        {
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.PUT],
          allowedOrigins: ['*'],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
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

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'ImagesBucketName', { value: this.imagesBucket.bucketName });
  }
}
