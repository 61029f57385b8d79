import { describe, expect, it } from 'vitest';
import { settle } from './cloud';

describe('settle (the /_dev/settled.json signal)', () => {
  it('answers only after the codes are flushed, then the stream and the bus drained twice over, in that order', async () => {
    const calls: string[] = [];
    // Each stand-in finishes a tick later than it is called, so an answer that did not wait shows.
    const later = (name: string) => () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          calls.push(name);
          resolve();
        }, 5),
      );
    const answer = await settle({
      cognito: { flush: later('codes') },
      streams: { drain: later('stream') },
      eventBus: { drain: later('bus') },
    });
    expect(calls).toEqual(['codes', 'stream', 'bus', 'stream', 'bus']);
    expect(Date.parse(answer.settledAt)).not.toBeNaN();
  });
});
