import { useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import type { CurrentUser } from '../../../../../shared/api/account';
import {
  type SavedShippingAddress,
  savedShippingAddressFields,
  validateShippingAddress,
} from '../../../../../shared/validation/addresses';
import { updateProfile } from '../../../api/account';
import { submitErrors } from '../../../api/errors';
import { setCurrentUser } from '../../../auth/actions';
import { AddressFields, shippingAddressNames } from '../../../forms/AddressFields';
import { FormElement, FormError, SubmitButton, TextField } from '../../../forms/fields';

type Values = Partial<SavedShippingAddress>;

/** The form's values as the API takes them: trimmed, empty optional fields left out. */
export function savedAddressOf(values: Values): SavedShippingAddress {
  const address: Values = {};
  for (const field of savedShippingAddressFields) {
    const value = (values[field] ?? '').trim();
    if (value) address[field] = value;
  }
  return address as SavedShippingAddress;
}

/** Saves (or with `null` removes) the address with PATCH /api/me; the form's errors on failure. */
async function save(address: SavedShippingAddress | null) {
  try {
    setCurrentUser(await updateProfile({ shippingAddress: address }));
  } catch (error) {
    return submitErrors(error, { fields: [...savedShippingAddressFields] });
  }
  return undefined;
}

/**
 * The saved shipping address (issue 24): the address of the last order, which the next checkout
 * starts from; the buyer corrects it here, or removes it.
 */
export function ShippingAddressForm({ user }: { user: CurrentUser }) {
  const [status, setStatus] = useState<'saved' | 'removed' | null>(null);
  const [removing, setRemoving] = useState(false);
  const initialValues = useMemo<Values>(() => ({ ...user.shippingAddress }), [user.shippingAddress]);
  const onSubmit = async (values: Values) => {
    setStatus(null);
    const errors = await save(savedAddressOf(values));
    if (!errors) setStatus('saved');
    return errors;
  };
  const remove = async () => {
    setStatus(null);
    setRemoving(true);
    const errors = await save(null);
    setRemoving(false);
    if (!errors) setStatus('removed');
  };
  return (
    <Form<Values> onSubmit={onSubmit} validate={validateShippingAddress} initialValues={initialValues}>
      {({ handleSubmit, submitting, submitError, pristine }) => (
        <FormElement onSubmit={handleSubmit} aria-labelledby="shipping-address-title">
          <h2 id="shipping-address-title">Shipping address</h2>
          <p className="field-hint">
            Filled in for you at checkout. Each order you place with a new address replaces it.
          </p>
          <TextField name="recipientName" label="Recipient name" autoComplete="shipping name" required />
          <AddressFields names={shippingAddressNames} section="shipping" />
          <FormError error={submitError} />
          <div role="status" className="form-status">
            {status === 'saved' && pristine ? (
              <p className="form-success">Your shipping address has been saved.</p>
            ) : null}
            {status === 'removed' ? (
              <p className="form-success">Your shipping address has been removed.</p>
            ) : null}
          </div>
          <div className="form-actions">
            <SubmitButton inProgress={submitting} progressLabel="Saving…" className="button button-primary">
              Save shipping address
            </SubmitButton>
            {user.shippingAddress ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={remove}
                disabled={removing || submitting}
                aria-busy={removing}
              >
                {removing ? 'Removing…' : 'Remove the address'}
              </button>
            ) : null}
          </div>
        </FormElement>
      )}
    </Form>
  );
}
