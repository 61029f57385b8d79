import type { LineItem } from '../../../../shared/line-items';
import { formatMoney } from '../../../../shared/money';
import type { ProcessState, Role } from '../../../../shared/process/graph';
import { breakdownLines, breakdownTotal } from './view';

/**
 * The order breakdown (§6): the lines the role sees (`lineItemsFor(role)`: the customer commission
 * only for customers, the provider commission only for providers) and the total for the role,
 * payinTotal or payoutTotal, under the spec's label (`totalLabel`).
 */
export function Breakdown({
  role,
  state,
  lineItems,
  payinTotal,
  payoutTotal,
  headingId = 'breakdown-heading',
}: {
  role: Role;
  state: ProcessState;
  lineItems: readonly LineItem[];
  payinTotal: LineItem['lineTotal'];
  payoutTotal: LineItem['lineTotal'];
  headingId?: string;
}) {
  const lines = breakdownLines(lineItems, role);
  const total = breakdownTotal({ state, payinTotal, payoutTotal }, role);
  return (
    <section className="tx-section tx-breakdown" aria-labelledby={headingId}>
      <h2 id={headingId}>Order breakdown</h2>
      <dl className="tx-breakdown-lines">
        {lines.map((line) => (
          <div key={line.key} className={line.reversal ? 'tx-breakdown-line tx-refund' : 'tx-breakdown-line'}>
            <dt>
              {line.label}
              {line.detail ? <span className="tx-breakdown-detail"> {line.detail}</span> : null}
            </dt>
            <dd>{formatMoney(line.amount)}</dd>
          </div>
        ))}
        <div className="tx-breakdown-line tx-breakdown-total">
          <dt>{total.label}</dt>
          <dd>{formatMoney(total.amount)}</dd>
        </div>
      </dl>
    </section>
  );
}
