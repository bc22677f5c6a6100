import type { AddressInfo } from 'node:net';
import type { Envelope } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Services } from '../app.js';
import { loadConfig } from '../config.js';
import type { TestDatabase } from './test-database.js';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  services: Services;
  /** GETs a path over real HTTP and returns the status and parsed JSON body. */
  get<T = unknown>(path: string): Promise<{ status: number; body: Envelope<T>; headers: Headers }>;
  close(): Promise<void>;
}

/** The real server on a free loopback port, on the given test database. */
export async function startTestServer(database: TestDatabase, env: Record<string, string> = {}): Promise<TestServer> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    WEB_DIST: `${database.dataDir}/no-web-build`,
    REGION: 'AU',
    ...env,
  });
  const { app, services } = await buildApp(config, database.handle);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    app,
    services,
    async get<T>(path: string) {
      const response = await fetch(baseUrl + path);
      const body = (await response.json()) as Envelope<T>;
      return { status: response.status, body, headers: response.headers };
    },
    close: () => app.close(),
  };
}
