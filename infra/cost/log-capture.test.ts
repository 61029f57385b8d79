import { afterEach, describe, expect, it } from 'vitest';
import { meteredHandler, startMetering } from '../local/usage-meter';
import { captureHandlerLogs, type HandlerLogs } from './log-capture';

let logs: HandlerLogs | undefined;
afterEach(() => logs?.stop());

describe('captureHandlerLogs', () => {
  it("counts each handler's stdout and stderr bytes; lines outside handlers pass uncounted", async () => {
    startMetering();
    logs = captureHandlerLogs();
    const handler = meteredHandler('orders/http/show', async () => {
      process.stdout.write('{"level":"INFO"}\n');
      process.stderr.write(Buffer.from('é\n'));
    });
    await handler();
    await handler();
    process.stdout.write('');
    expect(logs.bytesByHandler()).toEqual({ 'orders/http/show': 2 * (17 + 3) });
    logs.reset();
    expect(logs.bytesByHandler()).toEqual({});
  });
});
