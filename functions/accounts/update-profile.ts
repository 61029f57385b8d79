import type { ProfileUpdateRequest } from '../../shared/api/account';
import { limits } from '../../shared/config/constants';
import { defaultDisplayName } from '../../shared/text/names';
import { parsePhoneNumber } from '../../shared/text/phone';
import { sanitizeProfile, sanitizeText } from '../../shared/text/sanitize';
import { validateProfile } from '../../shared/validation/account';
import { maxLength } from '../../shared/validation/core';
import { maxLengthMessage } from '../../shared/validation/messages';
import { assertValid } from '../lib/errors';
import { updateUser } from './repository';
import { savedShippingAddressChange } from './shipping-address';
import { notificationSettingsOf, type UserFields, type UserRecord } from './user-record';

const fieldNames = ['firstName', 'lastName', 'displayName', 'bio', 'phoneNumber'] as const;
type FieldName = (typeof fieldNames)[number];

/** No field is longer than a text area (§5: 5000), so no profile item can grow past DynamoDB's limits. */
const maxFieldLength = limits.textAreaMaxLength;
const notText = 'Must be text';

/**
 * A user's own profile, as PATCH /api/me changes it: first and last name, display name, bio, phone
 * number; unknown fields, an `id` among them, are ignored. Text is sanitised (angle brackets become
 * full-width, §5); the phone number is stored as the spec's parser gives it (whitespace stripped). An empty bio, display name
 * or phone number removes it (an empty display name goes back to the default "First L").
 * `seenMissingInformation: true` marks the missing-information modal seen (any other value: 400).
 * `notificationSettings: { messages?, reminders? }` turns message and reminder e-mails on or off:
 * booleans only, at least one of them, nothing else (else 400 with the field's message).
 * `shippingAddress` replaces the saved shipping address (the checkout's messages), `null` removes it.
 */
export async function updateProfile(
  userId: string,
  profile: UserRecord,
  body: Record<string, unknown>,
): Promise<UserRecord> {
  const given: ProfileUpdateRequest = {};
  const typeErrors: Partial<Record<FieldName, string>> = {};
  for (const name of fieldNames) {
    const value = body[name];
    if (value === undefined) continue;
    if (value === null) given[name] = '';
    else if (typeof value === 'string') given[name] = value;
    else typeErrors[name] = notText;
  }
  assertValid(typeErrors);
  const notifications = notificationSettingsChange(body.notificationSettings);
  assertValid(notifications.errors);
  const shippingAddress = savedShippingAddressChange(body.shippingAddress);
  assertValid(shippingAddress.errors);
  // Current user state (§4 missing-information modal): can only be set, never cleared.
  const seen = body.seenMissingInformation;
  assertValid(seen === undefined || seen === true ? {} : { seenMissingInformation: 'Must be true' });

  const clean = sanitizeProfile(given);
  const firstName = clean.firstName === undefined ? profile.firstName : clean.firstName.trim();
  const lastName = clean.lastName === undefined ? profile.lastName : clean.lastName.trim();
  const bio = clean.bio?.trim();
  const phoneNumber =
    given.phoneNumber === undefined ? undefined : parsePhoneNumber(sanitizeText(given.phoneNumber));
  const displayName = clean.displayName?.trim();

  const tooLong = maxLength(maxLengthMessage(maxFieldLength), maxFieldLength);
  assertValid({
    ...validateProfile({ firstName, lastName, ...(bio !== undefined ? { bio } : {}) }),
    ...withMessage('displayName', tooLong(displayName)),
    ...withMessage('phoneNumber', tooLong(phoneNumber)),
    ...withMessage('firstName', tooLong(firstName)),
    ...withMessage('lastName', tooLong(lastName)),
  });

  const set: Partial<UserFields> = {};
  const remove: (keyof UserFields)[] = [];
  if (clean.firstName !== undefined) set.firstName = firstName;
  if (clean.lastName !== undefined) set.lastName = lastName;
  if (displayName) set.displayName = displayName;
  else if (displayName === '' || followsDefault(profile, firstName, lastName)) {
    // Cleared, or never customised while the names changed: the spec's default display name.
    set.displayName = defaultDisplayName(firstName, lastName);
  }
  if (bio !== undefined) {
    if (bio) set.bio = bio;
    else remove.push('bio');
  }
  if (phoneNumber !== undefined) {
    if (phoneNumber) set.phoneNumber = phoneNumber;
    else remove.push('phoneNumber');
  }
  if (shippingAddress.change) set.shippingAddress = shippingAddress.change;
  else if (shippingAddress.change === null) remove.push('shippingAddress');
  if (seen === true) set.seenMissingInformation = true;
  if (notifications.change) {
    // The whole map is written (the defaults filled in), so a partial change keeps the other flag.
    set.notificationSettings = { ...notificationSettingsOf(profile), ...notifications.change };
  }
  return updateUser(userId, { set, remove });
}

const notificationFlags = ['messages', 'reminders'] as const;

/** The validated `notificationSettings` of a PATCH body, or the field errors. */
export function notificationSettingsChange(value: unknown): {
  change?: Partial<Record<(typeof notificationFlags)[number], boolean>>;
  errors: Record<string, string>;
} {
  if (value === undefined) return { errors: {} };
  const invalid = {
    errors: { notificationSettings: 'Must be an object with messages and/or reminders, true or false' },
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid;
  const entries = Object.entries(value);
  if (entries.length === 0) return invalid;
  const change: Partial<Record<(typeof notificationFlags)[number], boolean>> = {};
  for (const [key, flag] of entries) {
    if (!(notificationFlags as readonly string[]).includes(key) || typeof flag !== 'boolean') return invalid;
    change[key as (typeof notificationFlags)[number]] = flag;
  }
  return { change, errors: {} };
}

function withMessage(field: string, message: string | undefined): Record<string, string> {
  return message ? { [field]: message } : {};
}

function followsDefault(
  profile: { displayName: string; firstName: string; lastName: string },
  firstName: string,
  lastName: string,
): boolean {
  const namesChanged = firstName !== profile.firstName || lastName !== profile.lastName;
  return namesChanged && profile.displayName === defaultDisplayName(profile.firstName, profile.lastName);
}
