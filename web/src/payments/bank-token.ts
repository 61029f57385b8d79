import { payoutCountry } from '../../../shared/config/payout-countries';
import { bankConnectionFailed } from '../../../shared/errors/catalogue';
import { bankFieldInlineNames } from '../../../shared/validation/payout';
import type { BankAccountTokenInput } from './card-provider';

/**
 * The bank token field's logic (§4 "Bank token field", §9 debounce 1000 ms), apart from React so it
 * can be tested with fake timers: once all bank fields are valid, a bank-account token is requested
 * after the values have been still for `delayMs`; the token is reset to empty at each request start
 * and whenever the country or currency changes; editing any field clears the provider error. Only
 * the newest request's answer counts.
 */

export const bankTokenDebounceMs = 1000;

export interface BankTokenState {
  /** The token of the current values, or '' (none yet, being requested, or the values changed). */
  token: string;
  inProgress: boolean;
  /** The bank connection failure message (§8), naming the country and the inputs needed. */
  error: string | undefined;
}

export interface BankTokenUpdate extends BankAccountTokenInput {
  /** All of the country's bank fields are valid. */
  valid: boolean;
}

export interface BankTokenControllerOptions {
  request: (input: BankAccountTokenInput) => Promise<string>;
  onChange: (state: BankTokenState) => void;
  delayMs?: number;
}

export const initialBankTokenState: BankTokenState = { token: '', inProgress: false, error: undefined };

/** The message for a failed bank token of a country (§8 bank connection failure). */
export function bankTokenErrorMessage(countryCode: string): string {
  const name = payoutCountry(countryCode)?.name ?? countryCode;
  return bankConnectionFailed(name, bankFieldInlineNames(countryCode));
}

export function createBankTokenController({
  request,
  onChange,
  delayMs = bankTokenDebounceMs,
}: BankTokenControllerOptions) {
  let state: BankTokenState = initialBankTokenState;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let lastPlace: string | undefined;
  let lastFields: string | undefined;
  let stopped = false;

  const set = (next: Partial<BankTokenState>) => {
    const merged = { ...state, ...next };
    if (
      merged.token === state.token &&
      merged.inProgress === state.inProgress &&
      merged.error === state.error
    ) {
      return;
    }
    state = merged;
    if (!stopped) onChange(state);
  };
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    generation++;
  };

  return {
    get state() {
      return state;
    },
    /** Call with the form's current bank values on every change. */
    update(input: BankTokenUpdate) {
      const place = `${input.country}|${input.currency}`;
      const fields = JSON.stringify(Object.entries(input.fields).sort(([a], [b]) => a.localeCompare(b)));
      const placeChanged = place !== lastPlace;
      const fieldsChanged = fields !== lastFields;
      if (!placeChanged && !fieldsChanged) return;
      lastPlace = place;
      lastFields = fields;
      cancel();
      // A new country or currency (or new values) makes the old token worthless; an edit clears the error.
      set({ token: '', inProgress: false, error: undefined });
      if (!input.valid) return;
      const mine = generation;
      const { valid: _valid, ...tokenInput } = input;
      timer = setTimeout(() => {
        timer = undefined;
        set({ token: '', inProgress: true, error: undefined });
        request(tokenInput).then(
          (token) => {
            if (mine === generation) set({ token, inProgress: false, error: undefined });
          },
          () => {
            if (mine === generation) {
              set({ token: '', inProgress: false, error: bankTokenErrorMessage(input.country) });
            }
          },
        );
      }, delayMs);
    },
    /** Forgets the values (e.g. after a successful submit) so the same values are requested again. */
    reset() {
      cancel();
      lastPlace = undefined;
      lastFields = undefined;
      set(initialBankTokenState);
    },
    stop() {
      cancel();
      stopped = true;
    },
  };
}

export type BankTokenController = ReturnType<typeof createBankTokenController>;
