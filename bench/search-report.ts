/** The benchmark's results as JSON and as a markdown table. */
import type { LoadFigures } from './load-run.js';
import type { AgreementRow } from './pg-agreement.js';
import { MILLION, type WorkloadKind } from './search-workloads.js';

/** /proc/loadavg's 1, 5 and 15 minute figures, e.g. "1.52 0.98 0.61"; null where /proc is missing. */
export type LoadAverage = string | null;

/** The same kind's queries answered by PostgreSQL full text, and how many times the engine's time that took. */
export interface PgKindResult extends LoadFigures {
  /** PostgreSQL's percentile divided by the engine's (above 1: PostgreSQL slower). */
  ratio: { p50: number; p95: number; p99: number };
}

export interface KindResult extends LoadFigures {
  kind: WorkloadKind;
  description: string;
  urls: number;
  target: { p50Ms: number | null; p99Ms: number; status: 'met' | 'missed' } | null;
  loadAverage: { start: LoadAverage; end: LoadAverage };
  /** Null when there was no comparison, or for kinds it does not answer (the trivial route, suggestions). */
  pg: PgKindResult | null;
}

export interface PgComparison {
  /** Where the comparison's data came from: the server's own database, or a copy seeded for it. */
  source: 'server database' | 'separate seed';
  /** Seeding the copy (null when it is the server's database). */
  seedingSeconds: number | null;
  /** Building the comparison table, its tsvector and its indexes. */
  buildSeconds: number;
  liveItems: number;
  agreement: AgreementRow[];
}

export interface SearchBenchReport {
  benchmark: 'search';
  date: string;
  startedAt: string;
  node: string;
  platform: string;
  cpuModel: string;
  cores: number;
  totalMemoryMb: number;
  products: number;
  seed: number;
  durationSeconds: number;
  connections: number;
  database: 'sqlite' | 'postgres';
  seedingSeconds: number;
  /** The SQLite file copied instead of seeding (--seeded), or null. */
  seededFrom?: string | null;
  startupSeconds: number;
  rssMbAfterReady: number | null;
  peakRssMb: number | null;
  /** The server stopped after the runs and started again on the same data and DATA_DIR. */
  secondStart: { startupSeconds: number; rssMbAfterReady: number | null } | null;
  loadAverage: { start: LoadAverage; end: LoadAverage };
  /** True when the server kept no answers (SEARCH_ANSWER_CACHE=false): every request computed afresh. */
  cold?: boolean;
  pgComparison: PgComparison | null;
  targetsDefinedForProducts: number;
  kinds: KindResult[];
}

const targetText = (target: { p50Ms: number | null; p99Ms: number }): string =>
  target.p50Ms === null ? `p99 <= ${target.p99Ms} ms` : `p50 <= ${target.p50Ms}, p99 <= ${target.p99Ms} ms`;
const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(2) : '-');
const mb = (value: number | null): string => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);
const times = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(1)}x` : '-');
const load = (value: LoadAverage): string => value ?? 'n/a';
const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;

export function renderMarkdown(report: SearchBenchReport): string {
  const database = report.database === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const second = report.secondStart
    ? `${report.secondStart.startupSeconds.toFixed(1)} s, RSS ${mb(report.secondStart.rssMbAfterReady)} when ready`
    : 'not measured';
  const header = [
    `# Search benchmark: ${report.products.toLocaleString('en')} products on ${database}`,
    '',
    `- Date: ${report.date} (started ${report.startedAt})`,
    `- Machine: ${report.cpuModel}, ${report.cores} cores, ${mb(report.totalMemoryMb)} RAM, ${report.platform}`,
    `- Load average (1/5/15 min): ${load(report.loadAverage.start)} at the start, ${load(report.loadAverage.end)} at the end`,
    `- Node ${report.node}; ${database}; seed ${report.seed}`,
    `- Load: ${report.connections} connections, ${report.durationSeconds} s per kind, over loopback (autocannon in the same machine)`,
    report.cold
      ? '- Cold: the server kept no answers (SEARCH_ANSWER_CACHE=false), so every request was computed afresh'
      : '- Warm: the server keeps answers until the catalogue changes (SEARCH_ANSWER_CACHE, the default); nothing changed during the runs, so repeated URLs were answered from it after their first request',
    `- ${report.seededFrom ? `Catalogue: a copy of ${report.seededFrom}, seeded before by the same generator and seed` : `Seeding: ${report.seedingSeconds.toFixed(1)} s`}; server start to ready: ${report.startupSeconds.toFixed(1)} s`,
    `- Server RSS: ${mb(report.rssMbAfterReady)} when ready, ${mb(report.peakRssMb)} peak (VmHWM) after the runs`,
    `- Second start (stopped and started again on the same data and DATA_DIR): ${second}`,
    '',
  ];
  const rows = [
    '| Kind | URLs | Requests | Req/s | p50 ms | p95 ms | p99 ms | Max ms | Errors | Non-2xx | Target | Met | Load avg start -> end |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...report.kinds.map((k) =>
      row([
        k.kind,
        k.urls,
        k.requests,
        k.requestsPerSecond.toFixed(0),
        ms(k.p50Ms),
        ms(k.p95Ms),
        ms(k.p99Ms),
        ms(k.maxMs),
        k.errors,
        k.non2xx,
        k.target ? targetText(k.target) : '-',
        k.target ? k.target.status : '-',
        `${load(k.loadAverage.start)} -> ${load(k.loadAverage.end)}`,
      ]),
    ),
  ];
  const note =
    report.products >= MILLION || report.products === report.targetsDefinedForProducts
      ? []
      : [
          '',
          `Targets are set for ${report.targetsDefinedForProducts.toLocaleString('en')} and ${MILLION.toLocaleString('en')} products; ` +
            `this run used ${report.products.toLocaleString('en')}, so met/missed is only indicative.`,
        ];
  return [...header, ...rows, ...note, ...renderComparison(report), ''].join('\n');
}

function renderComparison(report: SearchBenchReport): string[] {
  const comparison = report.pgComparison;
  if (!comparison) return [];
  const compared = report.kinds.filter((k) => k.pg !== null);
  const agreeing = comparison.agreement.filter((a) => a.engineTotal === a.pgTotal).length;
  return [
    '',
    '## PostgreSQL full text on the same data',
    '',
    `- Data: ${comparison.liveItems.toLocaleString('en')} live items of the region, ` +
      (comparison.source === 'server database'
        ? "from the server's own database"
        : `seeded into a throw-away PostgreSQL database by the same generator and seed (${(comparison.seedingSeconds ?? 0).toFixed(1)} s)`),
    `- Table, tsvector (title A, brand B, category names and keywords C, colour D; english configuration) and GIN and sort indexes built in ${comparison.buildSeconds.toFixed(1)} s`,
    '- Each PostgreSQL request: the first page in the same sort (ts_rank for relevance), the total, and the facet counts by GROUP BY ' +
      "(one GROUPING SETS pass for the groups without a choice, one GROUP BY per chosen group under the other groups' filters), " +
      'statements one after another on one connection, timed in the bench process.',
    "- The engine's figures are whole HTTP requests (routing, product cards read from the database, JSON); PostgreSQL's are the SQL alone, " +
      'so the ratio understates what PostgreSQL would cost behind the same page. Suggestions are not compared.',
    '- Runs interleave: each kind on the engine, then the same kind on PostgreSQL, for the same duration.',
    '',
    '| Kind | PG requests | PG p50 ms | PG p95 ms | PG p99 ms | Engine p50 ms | Engine p95 ms | Engine p99 ms | PG/engine p50 | PG/engine p95 | PG/engine p99 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...compared.map((k) => {
      const pg = k.pg as PgKindResult;
      return row([
        k.kind,
        pg.requests,
        ms(pg.p50Ms),
        ms(pg.p95Ms),
        ms(pg.p99Ms),
        ms(k.p50Ms),
        ms(k.p95Ms),
        ms(k.p99Ms),
        times(pg.ratio.p50),
        times(pg.ratio.p95),
        times(pg.ratio.p99),
      ]);
    }),
    '',
    `### Do they find the same? ${agreeing} of ${comparison.agreement.length} searches have the same total`,
    '',
    'The text analysis differs: the engine stems with its own stemmer, expands every word of three letters or more as a prefix ' +
      '(PostgreSQL here: the last word only), and corrects misspellings (PostgreSQL finds nothing for them). ' +
      'Filters and facets mean the same on both. "Same page" is compared only where the order is the same rule on both ' +
      '(not relevance: ts_rank and the engine\'s scores differ). "Facet counts" compares every facet value the engine\'s reply shows ' +
      "(categories, states, stores, delivery, brands, conditions, colours, storage, price bands, on sale, has pictures) with PostgreSQL's count of it.",
    '',
    '| URL | Engine total | PG total | Same total | Same page | Facet counts equal |',
    '| --- | ---: | ---: | --- | --- | --- |',
    ...comparison.agreement.map((a) =>
      row([
        `\`${a.url}\``,
        a.engineTotal,
        a.pgTotal,
        a.engineTotal === a.pgTotal ? 'yes' : 'no',
        a.samePage === null ? '(relevance)' : a.samePage ? 'yes' : 'no',
        `${a.facetValues - a.differingCounts.length} of ${a.facetValues}`,
      ]),
    ),
    ...differences(comparison),
  ];
}

/** The first few differing counts of each URL, so a difference can be looked into. */
function differences(comparison: PgComparison): string[] {
  const lines = comparison.agreement
    .filter((a) => a.differingCounts.length > 0)
    .map((a) => {
      const shown = a.differingCounts.slice(0, 4).join('; ');
      const more = a.differingCounts.length > 4 ? `; and ${a.differingCounts.length - 4} more` : '';
      return `- \`${a.url}\`: ${shown}${more}`;
    });
  return lines.length > 0 ? ['', 'Differing facet counts:', '', ...lines] : [];
}
