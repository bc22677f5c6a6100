/** The benchmark's results as JSON and as a markdown table. */
import type { LoadFigures } from './load-run.js';
import type { WorkloadKind } from './search-workloads.js';

export interface KindResult extends LoadFigures {
  kind: WorkloadKind;
  description: string;
  urls: number;
  target: { p99Ms: number; status: 'met' | 'missed' } | null;
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
  database: 'sqlite';
  seedingSeconds: number;
  startupSeconds: number;
  rssMbAfterReady: number | null;
  peakRssMb: number | null;
  targetsDefinedForProducts: number;
  kinds: KindResult[];
}

const ms = (value: number): string => (Number.isFinite(value) ? value.toFixed(2) : '-');
const mb = (value: number | null): string => (value === null ? 'n/a' : `${value.toFixed(0)} MB`);

export function renderMarkdown(report: SearchBenchReport): string {
  const header = [
    `# Search benchmark: ${report.products.toLocaleString('en')} products`,
    '',
    `- Date: ${report.date} (started ${report.startedAt})`,
    `- Machine: ${report.cpuModel}, ${report.cores} cores, ${mb(report.totalMemoryMb)} RAM, ${report.platform}`,
    `- Node ${report.node}; SQLite; seed ${report.seed}`,
    `- Load: ${report.connections} connections, ${report.durationSeconds} s per kind, over loopback (autocannon in the same machine)`,
    `- Seeding: ${report.seedingSeconds.toFixed(1)} s; server start to ready: ${report.startupSeconds.toFixed(1)} s`,
    `- Server RSS: ${mb(report.rssMbAfterReady)} when ready, ${mb(report.peakRssMb)} peak`,
    '',
  ];
  const rows = [
    '| Kind | URLs | Requests | Req/s | p50 ms | p95 ms | p99 ms | Max ms | Errors | Non-2xx | p99 target | Target |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...report.kinds.map((k) =>
      [
        '',
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
        k.target ? `<= ${k.target.p99Ms} ms` : '-',
        k.target ? k.target.status : '-',
        '',
      ]
        .join(' | ')
        .trim(),
    ),
  ];
  const note =
    report.products === report.targetsDefinedForProducts
      ? []
      : [
          '',
          `Targets are set for ${report.targetsDefinedForProducts.toLocaleString('en')} products; ` +
            `this run used ${report.products.toLocaleString('en')}, so met/missed is only indicative.`,
        ];
  return [...header, ...rows, ...note, ''].join('\n');
}
