import type { TransactionView } from '../../../../shared/api/transactions';
import type { Role } from '../../../../shared/process/graph';
import { DateLabel } from '../../components/DateLabel';
import { deadlineNotices, timelineEntries } from './view';

/**
 * The activity feed (`activityMessage` per entry of the transitions log, who took it and when) and
 * the deadlines still running: ship by, cancel until, report a problem until.
 */
export function Timeline({
  transaction,
  role,
  otherName,
  now,
}: {
  transaction: TransactionView;
  role: Role;
  otherName: string;
  now?: Date;
}) {
  const entries = timelineEntries(transaction, role, otherName);
  const deadlines = deadlineNotices(transaction, role, now ?? new Date());
  return (
    <section className="tx-section tx-timeline" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Activity</h2>
      {deadlines.length ? (
        <ul className="tx-deadlines">
          {deadlines.map((deadline) => (
            <li key={deadline.kind} className={`tx-deadline tx-deadline-${deadline.kind}`}>
              {deadline.before}
              <DateLabel date={deadline.at} deadline {...(now ? { now } : {})} />
              {deadline.after}
            </li>
          ))}
        </ul>
      ) : null}
      {entries.length ? (
        <ol className="tx-activity">
          {entries.map((entry) => (
            <li key={entry.key} className="tx-activity-entry">
              <p className="tx-activity-text">{entry.text}</p>
              <p className="tx-activity-meta">
                <span>{entry.by}</span> · <DateLabel date={entry.at} withTime {...(now ? { now } : {})} />
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p>No activity yet.</p>
      )}
    </section>
  );
}
