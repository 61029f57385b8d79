import type { ApiRouteName } from '../../shared/api/routes';
import type { Case } from './authorization-case-kit';
import { accountCases } from './authorization-cases-accounts';
import { listingCases } from './authorization-cases-listings';
import { orderCases } from './authorization-cases-orders';
import { paymentCases } from './authorization-cases-payments';

/**
 * Every API route's designed answers to the authorization matrix (authorization-matrix.ts), keyed
 * by route name: a route added to shared/api/routes.ts without an entry here does not compile.
 *
 * - A public route has no authorizer: every principal, with any token or none, gets `answer`.
 * - A user route refuses every bad token with 401 `unauthorized` (the gateway's JWT authorizer) and
 *   a banned user with 403 `forbidden` (the ban guard, functions/lib/http.ts); `other` is what
 *   another signed-in user gets for the owner's exact request, `owner` the owner's 2xx.
 * - `other` by kind of resource (docs/decisions.md, issue 28): someone else's order, PayPal order,
 *   PaymentIntent or setup intent is 404 (its existence is private); someone else's published
 *   listing is 403 and their draft 404 (functions/listings/ownership.ts); someone else's PayPal
 *   tracking id or merchant is 403 (the id is the user id, not a secret); a route on the caller's
 *   own account ("self") answers the other user about their own account, and the owner's items
 *   must not change.
 */
export const authorizationCases: Record<ApiRouteName, Case> = {
  ...accountCases,
  ...paymentCases,
  ...listingCases,
  ...orderCases,
};
