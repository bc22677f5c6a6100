import { describe, expect, it } from 'vitest';
import { startPaymentSandbox } from './sandbox-server.js';

describe('the payment sandbox host', () => {
  it("mounts each provider's sandbox under its prefix, knowing its own address", async () => {
    const sandbox = await startPaymentSandbox({
      port: 0,
      host: '127.0.0.1',
      publicHost: '127.0.0.1',
      mounts: [
        {
          prefix: 'demo',
          plugin: (publicUrl) => async (app) => {
            app.get('/whoami', async () => ({ publicUrl }));
          },
        },
      ],
    });
    try {
      const reply = await fetch(`${sandbox.urlOf('demo')}/whoami`);
      expect(await reply.json()).toEqual({ publicUrl: sandbox.urlOf('demo') });
      expect(await (await fetch(sandbox.baseUrl)).json()).toEqual({ sandbox: true, providers: ['demo'] });
    } finally {
      await sandbox.close();
    }
  });

  it('refuses to start in production', async () => {
    await expect(
      startPaymentSandbox({ port: 0, host: '127.0.0.1', publicHost: '127.0.0.1', mounts: [], nodeEnv: 'production' }),
    ).rejects.toThrow(/never runs in production/);
  });
});
