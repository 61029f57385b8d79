import { RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * Every bucket of the app: private (public access blocked), encrypted, TLS only, owner-enforced
 * objects, and kept when its stack is deleted (images, the site and logs are not ours to lose).
 * `props` adds to or overrides these, e.g. the ACL-based ownership CloudFront logging needs.
 */
export function secureBucket(scope: Construct, id: string, props: s3.BucketProps = {}): s3.Bucket {
  return new s3.Bucket(scope, id, {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: RemovalPolicy.RETAIN,
    ...props,
  });
}
