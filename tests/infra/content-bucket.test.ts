// biome-ignore-all lint/suspicious/noExplicitAny: synthesized CloudFormation templates are untyped JSON
import type { CfnElement, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VeloStacks } from '../../infra/app';
import { synthStacks } from './fixtures/synth';

// Issue 26: the hosted content lives in its own bucket, so the BucketDeployment handler that
// publishes it (aws-cdk-lib grants it read, write and delete on its destination) holds nothing on
// the images bucket. One synth of the whole app (bundling none; cdk-nag runs in it too).
let stacks: VeloStacks;
const templates = {} as Record<keyof VeloStacks, any>;

beforeAll(() => {
  const synth = synthStacks();
  stacks = synth.stacks;
  for (const [name, template] of Object.entries(synth.templates))
    templates[name as keyof VeloStacks] = template.toJSON();
});

const logicalId = (stack: Stack, construct: { node: { defaultChild?: unknown } }): string =>
  stack.resolve((construct.node.defaultChild as CfnElement).logicalId);

const ofType = (template: any, type: string): [string, any][] =>
  Object.entries(template.Resources as Record<string, any>).filter(([, r]) => r.Type === type);

/** The logical id a `Fn::GetAtt [id, 'Arn']` points at. */
const arnTarget = (value: any): string => {
  expect(value?.['Fn::GetAtt']?.[1]).toBe('Arn');
  return value['Fn::GetAtt'][0];
};

/** Every statement a role holds in its stack: its inline policies and the policies attached to it. */
function statementsOfRole(template: any, roleId: string): any[] {
  const role = template.Resources[roleId];
  const inline = (role.Properties.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement);
  const attached = [...ofType(template, 'AWS::IAM::Policy'), ...ofType(template, 'AWS::IAM::ManagedPolicy')]
    .filter(([, p]) => JSON.stringify(p.Properties.Roles ?? []).includes(JSON.stringify({ Ref: roleId })))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
  return [...inline, ...attached];
}

describe('the content bucket (data stack)', () => {
  it('is private, encrypted, TLS only, logged and kept, apart from the images bucket', () => {
    const content = logicalId(stacks.data, stacks.data.contentBucket);
    expect(content).not.toBe(logicalId(stacks.data, stacks.data.imagesBucket));
    const bucket = templates.data.Resources[content];
    expect(bucket.Type).toBe('AWS::S3::Bucket');
    expect(bucket.DeletionPolicy).toBe('Retain');
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LoggingConfiguration: { LogFilePrefix: 'content-bucket/' },
    });
    const policy = ofType(templates.data, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === content,
    )?.[1];
    expect(policy).toBeDefined();
    Template.fromJSON({ Resources: { policy } }).hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    expect(templates.data.Outputs.ContentBucketName.Value).toEqual({ Ref: content });
  });

  it('is the destination of both content deployments; no bucket deployment of any stack writes to the images bucket', () => {
    const content = { Ref: logicalId(stacks.data, stacks.data.contentBucket) };
    const images = logicalId(stacks.data, stacks.data.imagesBucket);
    const deployments = Object.values(templates).flatMap((t) => ofType(t, 'Custom::CDKBucketDeployment'));
    const contentDeployments = ofType(templates.data, 'Custom::CDKBucketDeployment');
    expect(contentDeployments.map(([id]) => id.replace(/CustomResource.*$/, '')).sort()).toEqual([
      'DeployContentAlias',
      'DeployContentAssets',
    ]);
    for (const [, d] of contentDeployments) {
      expect(d.Properties.DestinationBucketName).toEqual(content);
      // Kept on delete (the default): moving the destination never removes the old prefix.
      expect(d.Properties.RetainOnDelete ?? true).toBe(true);
    }
    for (const [id, d] of deployments) {
      const destination = JSON.stringify(d.Properties.DestinationBucketName);
      expect(destination, id).not.toContain(images);
      expect(destination, id).not.toMatch(/ImagesBucket/);
    }
  });

  it("gives the content deployment's handler role no statement on the images bucket, so it cannot delete under images/", () => {
    const template = templates.data;
    const images = logicalId(stacks.data, stacks.data.imagesBucket);
    const content = logicalId(stacks.data, stacks.data.contentBucket);
    const handlers = new Set(
      ofType(template, 'Custom::CDKBucketDeployment').map(([, d]) => arnTarget(d.Properties.ServiceToken)),
    );
    expect(handlers.size).toBe(1);
    const [handler] = [...handlers];
    const roleId = arnTarget(template.Resources[handler!].Properties.Role);
    const statements = statementsOfRole(template, roleId);
    expect(statements.length).toBeGreaterThan(0);
    expect(JSON.stringify(statements)).not.toContain(images);
    expect(JSON.stringify(template.Resources[roleId])).not.toContain(images);
    // What it may delete: the content bucket's objects, nothing else.
    const deletes = statements.filter((s) =>
      [s.Action].flat().some((a: string) => a.startsWith('s3:Delete')),
    );
    expect(deletes.length).toBeGreaterThan(0);
    for (const statement of deletes)
      for (const resource of [statement.Resource].flat()) expect(JSON.stringify(resource)).toContain(content);
  });

  it('is what the asset readers read: the asset API and the head renderer, by CONTENT_BUCKET and the read policy', () => {
    const readPolicy = logicalId(stacks.data, stacks.data.assetsReadPolicy);
    const readers: [keyof VeloStacks, string][] = [
      ['api', 'functions/content/http/get-asset.ts'],
      ['web', 'functions/content/http/render-page.ts'],
    ];
    for (const [stack, description] of readers) {
      const template = templates[stack];
      const found = ofType(template, 'AWS::Lambda::Function').filter(
        ([, f]) => f.Properties.Description === `Velo Exchange handler ${description}`,
      );
      expect(found, description).toHaveLength(1);
      const fn = found[0]![1];
      expect(fn.Properties.Environment.Variables.CONTENT_BUCKET, description).toEqual({
        'Fn::ImportValue': expect.stringMatching(/ContentBucket/),
      });
      // The renderer reads no image: it is not told where they are (its bundle has no reader of them).
      if (stack === 'web') expect(fn.Properties.Environment.Variables).not.toHaveProperty('IMAGES_BUCKET');
      const role = template.Resources[arnTarget(fn.Properties.Role)];
      expect(JSON.stringify(role.Properties.ManagedPolicyArns), description).toContain(readPolicy);
    }
    // The read policy names the content bucket only. Its description is the one it was deployed
    // with: a new description replaces a managed policy, and CloudFormation refuses to change the
    // ARN the Api and Web stacks import.
    const properties = templates.data.Resources[readPolicy].Properties;
    expect(properties.Description).toBe(
      'Velo Exchange asset API and head renderer: read the hosted assets (assets/*)',
    );
    const policy = JSON.stringify(properties.PolicyDocument);
    expect(policy).toContain(logicalId(stacks.data, stacks.data.contentBucket));
    expect(policy).not.toContain(logicalId(stacks.data, stacks.data.imagesBucket));
  });
});
