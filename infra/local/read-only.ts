import { AsyncLocalStorage } from 'node:async_hooks';
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { searchHandler } from '../stacks/handler-services';

/**
 * The read-only roles, enforced locally (issue 26). In AWS the anonymous GET routes, the search
 * route and the head renderer run with roles that may only read, and only some objects
 * (infra/stacks/route-roles.ts, api-stack.ts, web-stack.ts); anything else would be refused by IAM
 * in AWS only. Locally the gateway runs those handlers inside `runReadOnly` with the same grant, and
 * the table and S3 clients refuse, inside it, what the grant does not allow, with the
 * AccessDeniedException IAM would answer, so the tests and `npm start` fail the same way.
 */
export interface ReadOnlyGrant {
  /** Who runs read-only (named in a refusal). */
  who: string;
  /** The table commands it may send (the document client's and the table client's names). */
  tableCommands: ReadonlySet<string>;
  /** The objects it may read (GetObject, HeadObject) and the buckets it may list: a bucket and a key prefix. */
  objects: readonly { bucket: string; prefix: string }[];
}

/**
 * Item reads: GetItem, BatchGetItem and Query (infra/stacks/grants.ts tableReadActions; the test
 * tests/infra/least-privilege.test.ts holds the two together).
 */
export const tableReadCommands: ReadonlySet<string> = new Set([
  'GetCommand',
  'GetItemCommand',
  'BatchGetCommand',
  'BatchGetItemCommand',
  'QueryCommand',
]);

const objectReadCommands = new Set(['GetObjectCommand', 'HeadObjectCommand']);

const bucketOf = (variable: string, env: NodeJS.ProcessEnv) => env[variable] ?? `<${variable} not set>`;

/**
 * A public read route's grant: the table's reads and the hosted assets (PublicReadRole); the search
 * route's: the table's reads and the search snapshots (SearchHandlerRole).
 */
export function publicReadGrant(handler: string, env: NodeJS.ProcessEnv = process.env): ReadOnlyGrant {
  const objects =
    handler === searchHandler
      ? [{ bucket: bucketOf('IMAGES_BUCKET', env), prefix: 'search-snapshots/' }]
      : [{ bucket: bucketOf('CONTENT_BUCKET', env), prefix: 'assets/' }];
  return { who: handler, tableCommands: tableReadCommands, objects };
}

/** The head renderer's grant (web-stack.ts): GetItem on the table, the site's index.html, the hosted assets. */
export function pageRendererGrant(env: NodeJS.ProcessEnv = process.env): ReadOnlyGrant {
  return {
    who: 'content/http/render-page',
    tableCommands: new Set(['GetCommand', 'GetItemCommand']),
    objects: [
      { bucket: bucketOf('SITE_BUCKET', env), prefix: 'index.html' },
      { bucket: bucketOf('CONTENT_BUCKET', env), prefix: 'assets/' },
    ],
  };
}

const readOnlyScope = new AsyncLocalStorage<ReadOnlyGrant>();

/** Runs `work` with a read-only role of this grant. */
export function runReadOnly<T>(grant: ReadOnlyGrant, work: () => Promise<T>): Promise<T> {
  return readOnlyScope.run(grant, work);
}

/** Whether the grant allows this command: a table read it names, or a read of an object it names. */
function allowed(
  grant: ReadOnlyGrant,
  kind: 'table' | 'objects',
  command: string,
  input: { Bucket?: string; Key?: string },
): boolean {
  if (kind === 'table') return grant.tableCommands.has(command);
  const inBucket = grant.objects.filter((object) => object.bucket === input.Bucket);
  if (command === 'ListObjectsV2Command') return inBucket.length > 0;
  return objectReadCommands.has(command) && inBucket.some((object) => input.Key?.startsWith(object.prefix));
}

/** The clients the handlers read and write with (functions/lib/aws.ts). */
type GuardedClient = DynamoDBDocumentClient | S3Client;

const guardName = 'veloReadOnlyGuard';

/** Makes `client` refuse, inside `runReadOnly`, what the grant does not allow. Once per client. */
export function guardReadOnly(client: GuardedClient, kind: 'table' | 'objects'): void {
  // One initialize-step middleware fits any client's stack; typed as the table's here.
  const stack = client.middlewareStack as DynamoDBDocumentClient['middlewareStack'];
  if (stack.identify().some((entry) => entry.startsWith(guardName))) return;
  stack.add(
    (next, context) => async (args) => {
      const grant = readOnlyScope.getStore();
      const command = String(context.commandName);
      const input = (args.input ?? {}) as { Bucket?: string; Key?: string };
      if (grant && !allowed(grant, kind, command, input)) {
        const what = kind === 'objects' ? ` on ${input.Bucket}/${input.Key ?? ''}` : '';
        throw Object.assign(
          new Error(
            `${grant.who} runs read-only (issue 26: its role may not) and may not call ${command}${what}`,
          ),
          { name: 'AccessDeniedException', $fault: 'client' },
        );
      }
      return next(args);
    },
    { step: 'initialize', name: guardName },
  );
}
