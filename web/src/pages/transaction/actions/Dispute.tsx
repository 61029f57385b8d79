import { lazy, Suspense } from 'react';
import type { TransactionView } from '../../../../../shared/api/transactions';
import { Spinner } from '../../../components/Loading';
import type { ActionGroupProps, ActionsState } from './actions-state';

/** The form (reasons, details, photo uploads) is only for buyers who report a problem: its own chunk. */
const DisputeForm = lazy(() => import('./DisputeForm'));

export type DisputeProps = ActionGroupProps & {
  transaction: TransactionView;
  /** A change computed from the state as it is then (photo uploads finish in any order). */
  updateWith: (change: (current: ActionsState) => Partial<ActionsState>) => void;
};

/** The buyer's report a problem: a button that opens the form (a reason, details, up to six photos). */
export function Dispute(props: DisputeProps) {
  const { action, state, update } = props;
  return (
    <div className="tx-action">
      {state.disputeOpen ? (
        <Suspense fallback={<Spinner label="Loading the form…" />}>
          <DisputeForm {...props} />
        </Suspense>
      ) : (
        <button
          type="button"
          className="button button-secondary"
          disabled={state.pending !== null}
          onClick={() => update({ disputeOpen: true })}
        >
          {action.label}
        </button>
      )}
    </div>
  );
}
