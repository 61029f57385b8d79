import type { EventsApi, ProfilesApi } from 'klaviyo-api';
import type { MarketingProvider } from './port';

type KlaviyoModule = typeof import('klaviyo-api');

interface Clients {
  profiles: Pick<ProfilesApi, 'createOrUpdateProfile'>;
  events: Pick<EventsApi, 'createEvent'>;
}

/**
 * Klaviyo through the official `klaviyo-api` client, loaded on the first call only (it is large:
 * the deploy installs it beside the two Klaviyo handlers instead of bundling it, see
 * infra/stacks/api-stack.ts). Retries are kept short so a slow Klaviyo cannot outlast the Lambda.
 * Errors are rethrown without the client's request details, which carry the API key.
 */
export function klaviyoProvider(
  apiKey: string,
  load: () => Promise<KlaviyoModule> = () => import('klaviyo-api'),
): MarketingProvider {
  let clients: Promise<Clients> | undefined;
  const connect = () => {
    clients ??= load().then(
      (klaviyo) => {
        const session = new klaviyo.ApiKeySession(
          apiKey,
          new klaviyo.RetryWithExponentialBackoff({ numRetries: 2, maxInterval: 2 }),
        );
        return { profiles: new klaviyo.ProfilesApi(session), events: new klaviyo.EventsApi(session) };
      },
      (error: unknown) => {
        clients = undefined;
        throw error;
      },
    );
    return clients;
  };

  return {
    async upsertProfile(profile) {
      const { profiles } = await connect();
      const answer = await profiles
        .createOrUpdateProfile({
          data: {
            type: 'profile',
            ...(profile.klaviyoId ? { id: profile.klaviyoId } : {}),
            attributes: {
              email: profile.email,
              externalId: profile.externalId,
              firstName: profile.firstName,
              lastName: profile.lastName,
              ...(profile.phoneNumber ? { phoneNumber: profile.phoneNumber } : {}),
            },
          },
        })
        .catch((error: unknown) => {
          throw klaviyoFailure('create or update profile', error);
        });
      const id = answer.body.data?.id;
      if (!id) throw new Error('Klaviyo answered without a profile id');
      return { id };
    },

    async trackEvent(event) {
      const { events } = await connect();
      await events
        .createEvent({
          data: {
            type: 'event',
            attributes: {
              properties: event.properties,
              metric: { data: { type: 'metric', attributes: { name: event.metric } } },
              profile: { data: { type: 'profile', attributes: { email: event.email } } },
            },
          },
        })
        .catch((error: unknown) => {
          throw klaviyoFailure('create event', error);
        });
    },
  };
}

/** Status and Klaviyo's own error details, nothing else (the request config holds the key). */
export function klaviyoFailure(operation: string, error: unknown): Error {
  const response = (
    error as { response?: { status?: number; data?: { errors?: { detail?: string; code?: string }[] } } }
  )?.response;
  const details = (response?.data?.errors ?? [])
    .map((item) => item.detail ?? item.code)
    .filter(Boolean)
    .join('; ');
  const status = response?.status ? ` (${response.status})` : '';
  const reason = details || (response ? '' : error instanceof Error ? error.message : '');
  return new Error(`Klaviyo ${operation} failed${status}${reason ? `: ${reason}` : ''}`);
}
