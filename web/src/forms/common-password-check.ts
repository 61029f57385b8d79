import { limits } from '../../../shared/config/constants';
import type { ValidationResult } from '../../../shared/validation/core';

/**
 * The common-password check of a new-password field (issue 25), loaded lazily: the Bloom filter
 * (~17 kB of JavaScript) is fetched when a page with such a field renders (sign-up, change password,
 * reset), never in the first load of other pages. Until it has arrived the field's validation is a
 * promise, and react-final-form holds a submit until it settles. If the chunk cannot be loaded the
 * field passes here: the API runs the same check and answers with the same message.
 */
type Check = (value: unknown) => ValidationResult;

let check: Check | undefined;
let loading: Promise<Check> | undefined;

export function loadCommonPasswordCheck(): Promise<Check> {
  loading ??= import('./common-password-filter').then(
    (module) => {
      check = module.commonPasswordRule;
      return check;
    },
    () => {
      loading = undefined; // a later field may try again
      return () => undefined;
    },
  );
  return loading;
}

/** A field-level validator: the message at once when the check is loaded, else a promise of it. */
export function commonPasswordCheck(value: unknown): ValidationResult | Promise<ValidationResult> {
  if (check) return check(value);
  // Too short to be checked (the length rule speaks first): no need to wait for the filter.
  if (typeof value !== 'string' || value.length < limits.passwordMinLength) return undefined;
  return loadCommonPasswordCheck().then((loaded) => loaded(value));
}
