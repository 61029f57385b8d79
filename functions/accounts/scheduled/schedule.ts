/**
 * When the removal of accounts never verified runs (../unverified-accounts.ts): AWS once a day
 * (EventBridge Scheduler, infra/stacks/auth-stack.ts), the local cloud at start and every hour.
 * A day late costs nothing: the account is removed at the next run.
 */
export const unverifiedAccountsRemoval = {
  handler: 'accounts/scheduled/remove-unverified',
  localIntervalMs: 3_600_000,
  awsSchedule: 'rate(1 day)',
} as const;
