/** Drives the PostgreSQL comparison for a while, one search after another, as load-run.ts drives HTTP. */
import { type LoadFigures, percentile } from './load-run.js';
import type { PgFullText } from './pg-fulltext.js';
import type { PgSearch } from './pg-search-translator.js';

/**
 * Answers `searches` in rotation on the comparison's one connection for `durationSeconds`; each
 * latency is one whole answer (page, total and every facet count), the way the page needs it.
 */
export async function runPgLoad(
  fullText: PgFullText,
  searches: PgSearch[],
  durationSeconds: number,
): Promise<LoadFigures> {
  if (searches.length === 0) throw new Error('No searches to answer');
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + durationSeconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const search = searches[i % searches.length] as PgSearch;
    const before = performance.now();
    // A failing statement is the translator's fault and would fail every time: let it end the run.
    await fullText.answer(search);
    latencies.push(performance.now() - before);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    requestsPerSecond: seconds > 0 ? latencies.length / seconds : 0,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    errors: 0,
    non2xx: 0,
  };
}
