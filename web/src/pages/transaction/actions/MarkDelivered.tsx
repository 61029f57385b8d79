import { type FormEvent, useEffect, useState } from 'react';
import type { TransactionView } from '../../../../../shared/api/transactions';
import { carriers } from '../../../../../shared/config/carriers';
import { type ShipmentValues, validateShipment } from '../../../../../shared/validation/orders';
import { FieldFrame } from '../../../forms/fields';
import { shipmentRequired } from '../view';
import { ActionButton, ActionError } from './action-parts';
import type { ActionGroupProps } from './actions-state';

/**
 * The seller's mark shipped: the carrier and tracking number, checked before the call; a pickup is
 * marked handed over without them.
 */
export function MarkDelivered({
  action,
  transaction,
  state,
  update,
  onRun,
}: ActionGroupProps & { transaction: TransactionView }) {
  const busy = state.pending !== null;
  const asksShipment = shipmentRequired(transaction);
  // Only an invalid submit moves focus (to the first field with a message): clearing a message while
  // choosing a carrier with the arrow keys must leave the focus where it is.
  const [invalidShipmentSubmits, setInvalidShipmentSubmits] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again on each invalid submit, not on each edit
  useEffect(() => {
    if (!invalidShipmentSubmits) return;
    const errors = state.shipmentErrors;
    const first = errors?.carrier ? 'tx-carrier' : errors?.trackingNumber ? 'tx-tracking-number' : undefined;
    if (first) document.getElementById(first)?.focus();
  }, [invalidShipmentSubmits]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors = validateShipment(
      { carrier: state.carrier, trackingNumber: state.trackingNumber },
      transaction.orderData.deliveryMethod,
    );
    if (Object.keys(errors).length > 0) {
      update({ shipmentErrors: errors, error: null });
      setInvalidShipmentSubmits((count) => count + 1);
      return;
    }
    onRun(action);
  };
  const shipmentField = (field: keyof ShipmentValues, value: string) =>
    update({
      [field]: value,
      ...(state.shipmentErrors?.[field]
        ? { shipmentErrors: { ...state.shipmentErrors, [field]: undefined } }
        : {}),
    });

  return (
    <form className="form tx-action" onSubmit={submit} noValidate aria-label={action.label}>
      {asksShipment ? (
        <div className="tx-shipment-fields">
          <FieldFrame
            id="tx-carrier"
            label="Carrier"
            message={state.shipmentErrors?.carrier}
            control={(ids) => (
              <select
                {...ids}
                name="carrier"
                value={state.carrier}
                aria-required
                onChange={(event) => shipmentField('carrier', event.target.value)}
              >
                <option value="">Choose the carrier…</option>
                {carriers.map((carrier) => (
                  <option key={carrier.id} value={carrier.id}>
                    {carrier.label}
                  </option>
                ))}
              </select>
            )}
          />
          <FieldFrame
            id="tx-tracking-number"
            label="Tracking number"
            message={state.shipmentErrors?.trackingNumber}
            control={(ids) => (
              <input
                {...ids}
                name="trackingNumber"
                type="text"
                autoComplete="off"
                spellCheck={false}
                value={state.trackingNumber}
                aria-required
                onChange={(event) => shipmentField('trackingNumber', event.target.value)}
              />
            )}
          />
        </div>
      ) : (
        <p className="tx-action-hint">Press this once the buyer has collected the item.</p>
      )}
      {asksShipment ? (
        <p className="tx-action-hint">
          The buyer follows the parcel with the tracking number, linked to the carrier, on their order page.
        </p>
      ) : null}
      <ActionError error={state.error} kind="mark-delivered" />
      <ActionButton action={action} pending={state.pending} type="submit" className="button button-primary" />
    </form>
  );
}
