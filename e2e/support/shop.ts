import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { type RunningServer, startServer } from './server.js';

export interface Shop {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** For one describe block: the real server on a fresh seeded database, and Chromium; both stopped afterwards. */
export function useShop(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: { host?: '127.0.0.1' | 'localhost' } = {},
): Shop {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(typeof env === 'function' ? env() : env, options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the shop is not started yet (use it inside a test)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not started yet (use it inside a test)');
      return browser;
    },
  };
}
