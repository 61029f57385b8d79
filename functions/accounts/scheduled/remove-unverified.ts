import { loggedHandler } from '../../lib/lambda-handler';
import { removeUnverifiedAccounts } from '../unverified-accounts';

/** The scheduled removal of accounts never verified (../unverified-accounts.ts; when: ./schedule.ts). */
export const handler = loggedHandler(async (input?: { now?: string }) => {
  const result = await removeUnverifiedAccounts(input?.now ? new Date(input.now) : new Date());
  return { removed: result.removed.length, kept: result.kept.length, settled: result.settled };
});
