import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabaseTargets } from '../test/test-database.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { OPENAPI_FILE, openApiText } from './write-openapi.cli.js';

describe('OpenAPI document', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    const target = testDatabaseTargets()[0];
    if (!target) throw new Error('no database target');
    database = await target.open();
    server = await startTestServer(database);
  });

  afterAll(async () => {
    await server?.close();
    await database?.dispose();
  });

  it('is served at /c3api/openapi.json and describes every call', async () => {
    const response = await fetch(`${server.baseUrl}/c3api/openapi.json`);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual([
      '/c3api/search/results',
      '/c3api/search/predective',
      '/c3api/store/query/',
    ]);
    const search = document.paths['/c3api/search/results'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['query', 'page', 'NumberOfResults', 'Sort', 'category', 'location', 'price', 'onsale']),
    );
    expect(search.responses['400']).toBeDefined();
  });

  it('matches docs/openapi.json (run npm run openapi after changing the contract)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(openApiText());
  });
});
