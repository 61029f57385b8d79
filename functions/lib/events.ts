import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { requiredEnv } from './aws';
import { traced } from './tracing';

let client: EventBridgeClient | undefined;

export interface PublishOptions {
  /** The EventBridge `Time` of the event (default: when EventBridge receives it). */
  time?: Date | string;
}

/** Publishes one event on the marketplace bus. Fails loudly if EventBridge did not accept it. */
export async function publishEvent(
  source: string,
  detailType: string,
  detail: object,
  options: PublishOptions = {},
): Promise<string> {
  client ??= traced(new EventBridgeClient({}));
  const result = await client.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: requiredEnv('EVENT_BUS_NAME'),
          Source: source,
          DetailType: detailType,
          Detail: JSON.stringify({ eventId: randomUUID(), ...detail }),
          ...(options.time !== undefined ? { Time: new Date(options.time) } : {}),
        },
      ],
    }),
  );
  const entry = result.Entries?.[0];
  if (result.FailedEntryCount || !entry?.EventId) {
    throw new Error(`Event ${detailType} was not accepted: ${entry?.ErrorCode} ${entry?.ErrorMessage}`);
  }
  return entry.EventId;
}
