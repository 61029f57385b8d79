import { ApiError, json, jsonBody, pathParam } from '../../../../lib/http';
import { userHandler } from '../../../../lib/user-handler';
import { simulatedCardProvider } from '../..';
import { simulatedCardOf, simulatedConfirmError } from './confirmation';

/**
 * POST /api/simulated-stripe/setup-intents/{id}/confirm (SimulatedCardRequest, optional
 * `authenticate: true`) → `{ data: { paymentMethodId, status } }`, or 402 `{ error: { type, code,
 * message, setup_intent } }` (Stripe.js's confirmCardSetup error; message from card-errors.ts).
 * The authentication test card answers `status: requires_action` until sent again with authenticate.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event, user }) => {
  const provider = simulatedCardProvider();
  if (!provider) throw new ApiError('not-found');
  const setupIntentId = pathParam(event, 'id');
  const customer = await provider.setupIntentCustomer(setupIntentId);
  if (!customer || customer !== user.profile?.stripeCustomerId) throw new ApiError('not-found');
  const body = jsonBody(event);
  try {
    const result = await provider.confirmSetupIntent(setupIntentId, simulatedCardOf(body));
    return json(200, { data: result });
  } catch (error) {
    return simulatedConfirmError(error, 'setup_intent');
  }
});
