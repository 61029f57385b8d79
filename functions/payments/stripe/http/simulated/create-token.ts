import type { PayoutAccountType } from '../../../../../shared/api/payments';
import { ApiError, json, jsonBody } from '../../../../lib/http';
import { userHandler } from '../../../../lib/user-handler';
import { simulatedCardProvider } from '../..';
import { payoutError } from '../../service';

/**
 * POST /api/simulated-stripe/tokens (SimulatedTokenRequest) → 201 `{ data: { id } }`: Stripe.js's
 * createToken stand-in. Bank fields are checked per country (shared/validation/payout.ts): bad ones
 * give 400 validation-invalid-params with the message per field in `meta.fields`. 404 when the real
 * provider runs.
 */
export const handler = userHandler({ profile: 'optional' }, async ({ event }) => {
  const provider = simulatedCardProvider();
  if (!provider) throw new ApiError('not-found');
  const body = jsonBody(event);
  try {
    if (body.kind === 'bank_account') {
      const fields = typeof body.fields === 'object' && body.fields !== null ? body.fields : {};
      const token = await provider.createBankAccountToken({
        country: typeof body.country === 'string' ? body.country : '',
        currency: typeof body.currency === 'string' ? body.currency : '',
        fields: Object.fromEntries(
          Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        ),
      });
      return json(201, { data: { id: token.id } });
    }
    if (body.kind === 'account') {
      const token = await provider.createAccountToken({
        businessType: body.businessType as PayoutAccountType,
        tosShownAndAccepted: body.tosShownAndAccepted === true,
      });
      return json(201, { data: { id: token.id } });
    }
  } catch (error) {
    payoutError(error, 'account');
  }
  throw new ApiError('validation-invalid-params', undefined, {
    fields: { kind: 'Must be bank_account or account.' },
  });
});
