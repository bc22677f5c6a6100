/**
 * Searches while the server rebuilds its index after a bulk import (the million-item targets: "a rebuild after a
 * bulk import that never pauses answers").
 *
 *   npm run bench:rebuild -- --seeded FILE [--seconds 30] [--at 3] [--label L]
 *
 * Copies an SQLite file seeded before (`npm run seed -- --products N --database FILE`), starts the
 * real server on it and asks it the search benchmark's URLs one after another, as a shopper's
 * browser would, for `--seconds`. At `--at` seconds it writes the change-feed row a bulk import (the
 * seed command, an import) writes: every server then rebuilds its index from the database in the
 * background while the old one keeps answering. Reports each request's time by 2-second window,
 * and writes bench/results/search-rebuild-<date>[-L].md and .json.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { percentile } from './load-run.js';
import { WORKLOADS } from './search-workloads.js';
import { findFreePort, ServerProcess } from './server-process.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WINDOW_SECONDS = 2;

interface Window {
  from: number;
  to: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const { values } = parseArgs({
  options: {
    seeded: { type: 'string' },
    seconds: { type: 'string', default: '30' },
    at: { type: 'string', default: '3' },
    label: { type: 'string' },
  },
});
if (!values.seeded)
  throw new Error('Usage: npm run bench:rebuild -- --seeded FILE [--seconds 30] [--at 3] [--label L]');
const seconds = Number(values.seconds);
const triggerAt = Number(values.at);

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'rebuild-bench-'));
const file = path.join(tempDir, 'bench.sqlite');
copyFileSync(values.seeded, file);
const port = await findFreePort();
const server = ServerProcess.start(
  REPO_ROOT,
  {
    ...process.env,
    DATABASE_URL: `sqlite:${file}`,
    DATA_DIR: tempDir,
    DEMO_PRODUCTS: '0',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
  },
  port,
);
try {
  await server.waitUntilReady(10 * 60 * 1000);
  const paths = WORKLOADS.filter((w) => w.kind !== 'trivial').flatMap((w) => w.paths);
  const ask = async (at: string) => {
    const response = await fetch(server.baseUrl + at);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${at} answered ${response.status}`);
  };
  // Every URL once, then a pause: the first build's snapshot and the first answers are not measured.
  for (const at of paths) await ask(at);
  await new Promise((resolve) => setTimeout(resolve, 3000));

  console.log(`[bench] Searching for ${seconds} s; the bulk change is written at ${triggerAt} s`);
  const samples: { at: number; ms: number }[] = [];
  const started = performance.now();
  let written = false;
  for (let i = 0; performance.now() - started < seconds * 1000; i++) {
    if (!written && performance.now() - started >= triggerAt * 1000) {
      // What a bulk import writes when it is done (CatalogueRepository.recordBulkChange).
      const db = new Database(file);
      db.prepare('INSERT INTO product_changes (product_id, changed_at) VALUES (NULL, ?)').run(new Date().toISOString());
      db.close();
      written = true;
    }
    const sent = performance.now();
    await ask(paths[i % paths.length] as string);
    samples.push({ at: (sent - started) / 1000, ms: performance.now() - sent });
  }

  const windows: Window[] = [];
  for (let from = 0; from < seconds; from += WINDOW_SECONDS) {
    const times = samples
      .filter((s) => s.at >= from && s.at < from + WINDOW_SECONDS)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    if (times.length === 0) continue;
    windows.push({
      from,
      to: from + WINDOW_SECONDS,
      requests: times.length,
      p50Ms: round(percentile(times, 50)),
      p99Ms: round(percentile(times, 99)),
      maxMs: round(times.at(-1) as number),
    });
  }
  const date = new Date().toISOString().slice(0, 10);
  const name = `search-rebuild-${date}${values.label ? `-${values.label}` : ''}`;
  const lines = [
    `# Searches during an index rebuild, ${date}`,
    '',
    `- Machine: ${os.cpus()[0]?.model ?? 'unknown'}, ${os.cpus().length} cores; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
    `- Catalogue: a copy of ${values.seeded}; SQLite; the server with its defaults (answers kept)`,
    `- One search at a time (the search benchmark's ${paths.length} URLs in turn) for ${seconds} s; the bulk change written at ${triggerAt} s`,
    '',
    '| seconds | requests | p50 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...windows.map((w) => `| ${w.from}-${w.to} | ${w.requests} | ${w.p50Ms} | ${w.p99Ms} | ${w.maxMs} |`),
    '',
  ];
  console.log(lines.join('\n'));
  const out = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, `${name}.md`), lines.join('\n'));
  writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify({ seconds, triggerAt, windows }, null, 2)}\n`);
  console.log(`[bench] Wrote bench/results/${name}.md and .json`);
} finally {
  await server.stop();
  rmSync(tempDir, { recursive: true, force: true });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
