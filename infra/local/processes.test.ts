import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertJavaAvailable, assertPortFree, freePort, LocalCloudError } from './processes';

describe('start-up checks', () => {
  it('names the service and the way out when a port is taken', async () => {
    const server = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      const check = assertPortFree(port, 'DynamoDB Local');
      await expect(check).rejects.toBeInstanceOf(LocalCloudError);
      await expect(check).rejects.toThrow(`Port ${port} (DynamoDB Local) is already in use`);
    } finally {
      server.close();
    }
    await expect(assertPortFree(port, 'DynamoDB Local')).resolves.toBeUndefined();
  });

  it('says how to install Java when it is missing', () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => assertJavaAvailable()).toThrow(/Java was not found: DynamoDB Local needs Java 17/);
    } finally {
      process.env.PATH = path;
    }
  });
});
