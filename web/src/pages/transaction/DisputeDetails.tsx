import type { TransactionView } from '../../../../shared/api/transactions';
import type { Role } from '../../../../shared/process/graph';
import { deadlineDayText } from '../../components/DateLabel';

/**
 * The reported problem on the order and the sale page (issue 25): the reason, the buyer's words,
 * the photos (links of 15 minutes; the page loads new ones each time it loads the order), and,
 * while it is open, what happens next and by when (the operator decides; 60 days, then the order
 * is canceled and the buyer refunded: the server's auto-cancel-from-disputed deadline).
 */
export function DisputeDetails({
  transaction: tx,
  partyRole: role,
}: {
  transaction: TransactionView;
  partyRole: Role;
}) {
  const { dispute } = tx;
  if (!dispute) return null;
  const open = tx.state === 'disputed';
  const due =
    tx.deadline?.transition === 'auto-cancel-from-disputed' ? new Date(tx.deadline.dueAt) : undefined;
  const by = due && !Number.isNaN(due.getTime()) ? deadlineDayText(due) : undefined;
  return (
    <section className="tx-section tx-dispute" aria-labelledby="dispute-heading">
      <h2 id="dispute-heading">
        {role === 'customer' ? 'The problem you reported' : 'The problem the buyer reported'}
      </h2>
      <p className="tx-dispute-reason">{dispute.reasonLabel}</p>
      {dispute.details ? <p className="tx-dispute-details">{dispute.details}</p> : null}
      {dispute.photos.length ? (
        <ul className="tx-dispute-photos" aria-label="Photos of the problem">
          {dispute.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noopener noreferrer">
                <img
                  src={photo.url}
                  alt={`The problem, ${index + 1} of ${dispute.photos.length}`}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <div className="tx-dispute-next">
          <h3>What happens next</h3>
          <p>
            {role === 'customer'
              ? 'The seller is not paid while the marketplace looks at the problem. The marketplace decides: a full refund to you, or the payment to the seller.'
              : 'You are not paid while the marketplace looks at the problem. The marketplace decides: a full refund to the buyer, or the payment to you.'}
            {` If it has not decided ${by ? `by ${by}` : 'within 60 days'}, the order is canceled and ${
              role === 'customer' ? 'you are' : 'the buyer is'
            } refunded in full.`}
          </p>
        </div>
      ) : null}
    </section>
  );
}
