import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { limitedScope } from '../../../shared/api/account';
import { loggedHandler } from '../../lib/lambda-handler';
import { limitedSessionMetadata } from './challenge';

/**
 * Pre token generation (V2_0, access token customisation): an operator's limited session (client
 * metadata `velo_session: limited`, sent with the custom-auth answer) gets an access token whose
 * only scope is `user:limited`; every other sign-in is left unchanged.
 */
async function trigger(event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> {
  if (event.request.clientMetadata?.velo_session !== limitedSessionMetadata.velo_session) return event;
  event.response = {
    ...event.response,
    claimsAndScopeOverrideDetails: {
      ...event.response?.claimsAndScopeOverrideDetails,
      accessTokenGeneration: {
        scopesToSuppress: (event.request.scopes ?? []).filter((scope) => scope !== limitedScope),
        scopesToAdd: [limitedScope],
      },
    },
  };
  return event;
}

/** The Lambda entry: its own log context, and the metrics it records flushed (functions/lib/lambda-handler.ts). */
export const handler = loggedHandler(trigger);
