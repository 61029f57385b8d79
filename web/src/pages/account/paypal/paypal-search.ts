/**
 * `/account/paypal`'s search: PayPal's way back appends merchantIdInPayPal, permissionsGranted and
 * accountStatus; short strings are kept for paypal-rules' `paypalReturnOf` to read.
 */
export function paypalReturnSearch(raw: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(raw).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 200,
    ),
  );
}
