import { ApiError, httpHandler, json, jsonBody } from '../../../lib/http';
import { ownListing, toOwnListing } from '../../own/common';
import { updateListing } from '../../repository';

/** The largest stock a listing can have. */
export const maxStock = 100_000;

function total(body: Record<string, unknown>, name: 'oldTotal' | 'newTotal'): number {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > maxStock) {
    const message = `${name} must be a whole number from 0 to ${maxStock}.`;
    throw new ApiError('validation-invalid-params', message, { fields: { [name]: message } });
  }
  return value;
}

/**
 * POST /api/own-listings/{id}/stock { oldTotal, newTotal } — §7 stock.compareAndSet: the write is
 * conditional on the stored stock still being `oldTotal`; otherwise 409 `old-total-mismatch`.
 */
export const handler = httpHandler(async (event) => {
  const { record } = await ownListing(event);
  const body = jsonBody(event);
  const oldTotal = total(body, 'oldTotal');
  const newTotal = total(body, 'newTotal');
  if (record.currentStock !== oldTotal) throw new ApiError('old-total-mismatch');
  const updated = await updateListing(
    record.id,
    {
      set: { currentStock: newTotal },
      condition: { expression: 'currentStock = :oldTotal', values: { ':oldTotal': oldTotal } },
    },
    'old-total-mismatch',
  );
  return json(200, { data: toOwnListing(updated) });
});
