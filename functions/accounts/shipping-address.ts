import { sanitizeText } from '../../shared/text/sanitize';
import {
  type SavedShippingAddress,
  savedShippingAddressFields,
  shippingFieldMaxLength,
  validateShippingAddress,
} from '../../shared/validation/addresses';
import { maxLengthMessage } from '../../shared/validation/messages';
import { log } from '../lib/logger';
import { updateUser } from './repository';

/**
 * The saved shipping address of a PATCH /api/me body: `null` removes it; an object is the whole
 * address (trimmed and sanitised; required fields with the checkout's messages, each at most
 * `shippingFieldMaxLength` characters); anything else is an error.
 */
export function savedShippingAddressChange(value: unknown): {
  change?: SavedShippingAddress | null;
  errors: Record<string, string>;
} {
  if (value === undefined) return { errors: {} };
  if (value === null) return { change: null, errors: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { errors: { shippingAddress: 'Must be an address object or null' } };
  }
  const given = value as Record<string, unknown>;
  const address: Partial<SavedShippingAddress> = {};
  const errors: Record<string, string> = {};
  for (const field of savedShippingAddressFields) {
    const raw = given[field];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string') errors[field] = 'Must be text';
    else if (raw.trim().length > shippingFieldMaxLength)
      errors[field] = maxLengthMessage(shippingFieldMaxLength);
    else if (raw.trim()) address[field] = sanitizeText(raw.trim());
  }
  // A field's own problem (not text, too long) says more than "required".
  const all = { ...validateShippingAddress(address), ...errors };
  if (Object.keys(all).length > 0) return { errors: all };
  return { change: address as SavedShippingAddress, errors: {} };
}

/**
 * Keeps the address an order was placed with as the buyer's saved one (the next checkout starts
 * from it). A convenience copy: the order holds its own address, so a failure here is logged, never
 * the order's failure.
 */
export async function rememberShippingAddress(
  userId: string,
  shippingDetails: SavedShippingAddress & { recipientPhoneNumber?: string },
): Promise<void> {
  const { recipientPhoneNumber: _phone, ...address } = shippingDetails;
  try {
    await updateUser(userId, { set: { shippingAddress: address } });
  } catch (error) {
    log.warn('The shipping address was not saved on the profile', { error });
  }
}
