import type { SavedCard } from '../../../../../shared/api/payments';
import { isCardExpired } from '../../../../../shared/config/card-brands';
import { cardBrandName } from '../../../components/CardBrandIcon';

/** The saved card as one line of text: "Visa •••• 4242". */
export function cardLabel(card: Pick<SavedCard, 'brand' | 'last4Digits'>): string {
  return `${cardBrandName(card.brand)} •••• ${card.last4Digits}`;
}

/** "Expires 04/2027". */
export function cardExpiryLabel(card: Pick<SavedCard, 'expirationMonth' | 'expirationYear'>): string {
  return `Expires ${String(card.expirationMonth).padStart(2, '0')}/${card.expirationYear}`;
}

/** An expired default card shows a warning (§2): valid through the end of its expiry month. */
export function showsExpiredWarning(card: SavedCard | undefined, now: Date = new Date()): boolean {
  return Boolean(card && isCardExpired(card.expirationMonth, card.expirationYear, now));
}

export interface CardFormValues {
  cardNumber?: string;
  expMonth?: string;
  expYear?: string;
  cvc?: string;
  postalCode?: string;
}

/** Field messages of the simulated card form (the real checks are the provider's). */
export function validateCardForm(values: CardFormValues): Partial<Record<keyof CardFormValues, string>> {
  const errors: Partial<Record<keyof CardFormValues, string>> = {};
  const digits = (values.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!digits) errors.cardNumber = 'Enter the card number.';
  else if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = 'Your card number is incomplete.';
  const month = Number(values.expMonth);
  if (!values.expMonth) errors.expMonth = 'Enter the expiry month.';
  else if (!Number.isInteger(month) || month < 1 || month > 12)
    errors.expMonth = "The card's expiration month is invalid.";
  const yearText = (values.expYear ?? '').trim();
  if (!yearText) errors.expYear = 'Enter the expiry year.';
  else if (!/^\d{2}(\d{2})?$/.test(yearText)) errors.expYear = "The card's expiration year is invalid.";
  if (!values.cvc) errors.cvc = 'Enter the security code.';
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = "The card's security code is invalid.";
  return errors;
}

/** The card form's values as the simulated provider's request. */
export function simulatedCardRequest(values: CardFormValues) {
  const yearText = (values.expYear ?? '').trim();
  const year = Number(yearText);
  const postalCode = (values.postalCode ?? '').trim();
  return {
    number: (values.cardNumber ?? '').replace(/[\s-]/g, ''),
    expMonth: Number(values.expMonth),
    expYear: yearText.length === 2 ? 2000 + year : year,
    cvc: (values.cvc ?? '').trim(),
    ...(postalCode ? { postalCode } : {}),
  };
}
