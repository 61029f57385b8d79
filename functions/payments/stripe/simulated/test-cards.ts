/**
 * The test cards the simulated provider knows (docs/payments.md) and its checks of a typed card,
 * with Stripe's card error codes: what Stripe.js and Stripe would refuse, refused the same way.
 */

/** Test cards (docs/payments.md). */
export const testCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authenticationRequired: '4000002500003155',
  expired: '4000000000000069',
} as const;

/** Why a typed test card is refused (a Stripe card error code), or its parsed details. */
export function checkCard(
  card: { number?: string; expMonth?: number; expYear?: number; cvc?: string },
  now: Date,
): { code: string } | { number: string; expMonth: number; expYear: number } {
  const number = String(card.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { code: 'incomplete_number' };
  if (!luhn(number)) return { code: 'incorrect_number' };
  const expMonth = Number(card.expMonth);
  const expYear = Number(card.expYear) < 100 ? 2000 + Number(card.expYear) : Number(card.expYear);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return { code: 'invalid_expiry_month' };
  if (!Number.isInteger(expYear)) return { code: 'invalid_expiry_year' };
  const year = now.getUTCFullYear();
  if (expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1)) {
    return { code: 'invalid_expiry_year_past' };
  }
  if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) return { code: 'invalid_cvc' };
  if (number === testCards.declined) return { code: 'card_declined' };
  if (number === testCards.expired) return { code: 'expired_card' };
  return { number, expMonth, expYear };
}

/** The Luhn checksum every card number carries. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's brand names by number prefix. */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^(36|30|38)/.test(number)) return 'diners';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}
