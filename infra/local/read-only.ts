import { AsyncLocalStorage } from 'node:async_hooks';
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The read-only route roles, enforced locally (issue 26). In AWS the anonymous GET routes and the
 * head renderer run with roles that may only read (infra/stacks/api-stack.ts routeRole, web-stack.ts);
 * a write there would be refused by IAM in AWS only. Locally the gateway runs those handlers inside
 * `runReadOnly`, and the table and S3 clients refuse, inside it, every command but a read, with the
 * AccessDeniedException IAM would answer, so the tests and `npm start` fail the same way.
 */
const readOnlyScope = new AsyncLocalStorage<string>();

/**
 * The commands a read-only role allows: item reads (the document client's and the table client's
 * names; the role's actions are infra/stacks/grants.ts tableReadActions, and
 * tests/infra/least-privilege.test.ts holds the two together) and object reads. Anything else is refused.
 */
export const readOnlyCommands: ReadonlySet<string> = new Set([
  'GetCommand',
  'GetItemCommand',
  'BatchGetCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'GetObjectCommand',
  'HeadObjectCommand',
  'ListObjectsV2Command',
]);

/** Runs `work` as `who` with a read-only role (`who` names it in a refusal). */
export function runReadOnly<T>(who: string, work: () => Promise<T>): Promise<T> {
  return readOnlyScope.run(who, work);
}

/** The clients the handlers read and write with (functions/lib/aws.ts). */
type GuardedClient = DynamoDBDocumentClient | S3Client;

const guardName = 'veloReadOnlyGuard';

/** Makes `client` refuse, inside `runReadOnly`, every command that is not a read. Once per client. */
export function guardReadOnly(client: GuardedClient): void {
  // One initialize-step middleware fits any client's stack; typed as the table's here.
  const stack = client.middlewareStack as DynamoDBDocumentClient['middlewareStack'];
  if (stack.identify().some((entry) => entry.startsWith(guardName))) return;
  stack.add(
    (next, context) => async (args) => {
      const who = readOnlyScope.getStore();
      const command = String(context.commandName);
      if (who !== undefined && !readOnlyCommands.has(command)) {
        throw Object.assign(
          new Error(`${who} runs read-only (issue 26: its role may only read) and may not call ${command}`),
          { name: 'AccessDeniedException', $fault: 'client' },
        );
      }
      return next(args);
    },
    { step: 'initialize', name: guardName },
  );
}
