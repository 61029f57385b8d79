/**
 * When the search snapshot writer runs (issue 23): the local cloud at start (after the demo data)
 * and then every minute; AWS on an EventBridge Scheduler rate. Often enough that a cold container
 * reads few deltas after the snapshot, rarely enough that writing the whole catalogue costs little.
 */
export const searchSnapshotWriter = {
  handler: 'listings/search/snapshot-writer',
  localIntervalMs: 60_000,
  awsSchedule: 'rate(10 minutes)',
} as const;
