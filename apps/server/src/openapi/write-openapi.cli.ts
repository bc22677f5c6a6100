import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes, createServices } from '../app.js';
import { loadConfig, REPO_ROOT } from '../config.js';
import { openDatabase } from '../db/database.js';
import { buildOpenApiDocument } from './openapi.js';

/** npm run openapi: writes docs/openapi.json from the contract. A test fails when the file drifts. */
export const OPENAPI_FILE = path.join(REPO_ROOT, 'docs/openapi.json');

export function openApiText(): string {
  // Routes only need services to exist, not a database with data: an in-memory SQLite will do.
  const database = openDatabase({ url: ':memory:', dataDir: REPO_ROOT });
  // The defaults: region AU, no development-only calls.
  const config = loadConfig({});
  const routes = apiRoutes(createServices(config, database), config);
  void database.close();
  return `${JSON.stringify(buildOpenApiDocument(routes), null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  writeFileSync(OPENAPI_FILE, openApiText());
  console.log(`Wrote ${path.relative(REPO_ROOT, OPENAPI_FILE)}`);
}
