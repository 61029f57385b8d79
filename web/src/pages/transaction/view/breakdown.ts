/** The price breakdown (§6): commissions only for their payer, the total payin or payout. */
import type { TransactionView } from '../../../../../shared/api/transactions';
import { type LineItem, lineItemLabel, lineItemsFor, totalForRole } from '../../../../../shared/line-items';
import { formatMoney, type Money } from '../../../../../shared/money';
import type { Role } from '../../../../../shared/process/graph';
import { totalLabel } from '../../../../../shared/process/labels';

export interface BreakdownLine {
  key: string;
  label: string;
  /** "$500 × 2" for quantity lines. */
  detail?: string;
  amount: Money;
  reversal: boolean;
}

/** The lines `role` sees: filtered by includeFor (so the customer commission only for customers…). */
export function breakdownLines(lines: readonly LineItem[], role: Role): BreakdownLine[] {
  return (
    lineItemsFor(role, lines)
      .map((line, index) => ({ line, index }))
      // The refund of a $0 line (a free pickup) says nothing.
      .filter(({ line }) => !(line.reversal && line.lineTotal.amount === 0))
      .map(({ line, index }) => ({
        key: `${line.code}-${line.reversal ? 'r' : 'n'}-${index}`,
        label: lineItemLabel(line),
        ...(line.quantity !== undefined &&
        !line.reversal &&
        !line.code.endsWith('commission') &&
        line.quantity !== 1
          ? { detail: `${formatMoney(line.unitPrice)} × ${line.quantity}` }
          : {}),
        amount: line.lineTotal,
        reversal: line.reversal,
      }))
  );
}

export function breakdownTotal(
  tx: Pick<TransactionView, 'state' | 'payinTotal' | 'payoutTotal'>,
  role: Role,
): { label: string; amount: Money } {
  return { label: totalLabel(tx.state, role), amount: totalForRole(role, tx) };
}
