/**
 * What Lighthouse's simulation (Lantern) counts, page by page (the Lighthouse budget). Lighthouse's mobile
 * figures are not measured but simulated from one trace: every main-thread task is replayed 4x
 * slower on a simulated slow 4G line, first contentful paint is the end of a small graph (the
 * document, the first task that parsed, the first that laid out, the first that painted, and
 * render-blocking requests), LCP adds every request that finished before the real LCP, and total
 * blocking time counts every simulated task's time over 50 ms between that FCP and interactive.
 * The scores say little about why; this prints the simulation's own view:
 *
 *   - FCP, LCP and TBT as Lighthouse computes them (optimistic, pessimistic, final);
 *   - the requests in the LCP graph (a script there means it finished before the real LCP);
 *   - each simulated task of `--min` ms or more, its simulated start and end, its real duration,
 *     the blocking time it adds and the browser events and scripts inside it.
 *
 *   npm run build && npx tsx bench/lighthouse-lantern.ts [--pages product] [--runs 1] [--min 45]
 *                                                        [--keep DIR] [--without-scripts]
 *
 * Each run gathers with Lighthouse 12 (mobile defaults, Debian's Chromium) into a directory of
 * artifacts (`--keep DIR` keeps them: a trace and the DevTools log) and recomputes the metrics
 * from them with Lighthouse's own Lantern classes, so the figures are the report's.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { launchLighthouseChromium, startLighthouseShop } from './lighthouse-shop.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The parts of Lantern's graph nodes this reads. */
interface SimNode {
  type: 'cpu' | 'network';
  duration: number;
  childEvents: { name: string; dur?: number }[];
  getEvaluateScriptURLs(): Set<string>;
  request: { url: string; transferSize: number; resourceType?: string };
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimNode, { startTime: number; endTime: number; duration: number }>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

const ms = (value: number) => Math.round(value);

/** The biggest browser events inside a task, by name, and the scripts it evaluated. */
function taskContents(node: SimNode): string {
  const byName = new Map<string, number>();
  for (const event of node.childEvents) {
    if (event.dur) byName.set(event.name, (byName.get(event.name) ?? 0) + event.dur / 1000);
  }
  const top = [...byName]
    .filter(([name]) => name !== 'RunTask')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, time]) => `${name} ${time.toFixed(1)}`);
  const scripts = [...node.getEvaluateScriptURLs()].map((url) => url.split('/').pop());
  return [...top, ...scripts].join(', ');
}

async function analyse(dir: string, minMs: number): Promise<string[]> {
  const artifacts = await loadArtifacts(dir);
  const report = JSON.parse(readFileSync(path.join(dir, 'lhr.report.json'), 'utf8'));
  const settings = report.configSettings;
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps ?? [],
    simulator: null,
  };
  const fcp = (await LanternFirstContentfulPaint.request(data, context)) as unknown as LanternResult;
  const lcp = (await LanternLargestContentfulPaint.request(data, context)) as unknown as LanternResult;
  const tti = (await LanternInteractive.request(data, context)) as unknown as LanternResult;
  const tbt = (await LanternTotalBlockingTime.request(data, context)) as unknown as LanternResult;
  const line = (name: string, result: LanternResult) =>
    `  ${name}: ${ms(result.timing)} ms (optimistic ${ms(result.optimisticEstimate.timeInMs)}, pessimistic ${ms(result.pessimisticEstimate.timeInMs)})`;
  const lines = [line('FCP', fcp), line('LCP', lcp), line('TTI', tti), line('TBT', tbt)];
  lines.push('  requests in the optimistic LCP graph:');
  for (const [node, timing] of lcp.optimisticEstimate.nodeTimings) {
    if (node.type !== 'network') continue;
    const url = node.request.url.replace(/^https?:\/\/[^/]+/, '');
    lines.push(
      `    ${ms(timing.startTime)}-${ms(timing.endTime)} ms  ${url.slice(0, 80)} (${node.request.transferSize} B)`,
    );
  }
  // Lighthouse's pessimistic TBT counts from the optimistic FCP (and the other way round).
  const from = fcp.optimisticEstimate.timeInMs;
  lines.push(`  simulated tasks of ${minMs} ms or more (pessimistic; blocking counted from ${ms(from)} ms):`);
  const tasks = [...tbt.pessimisticEstimate.nodeTimings].filter(
    ([node, timing]) => node.type === 'cpu' && timing.duration >= minMs,
  );
  tasks.sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of tasks) {
    const counted = Math.max(0, timing.endTime - Math.max(timing.startTime, from)) - 50;
    lines.push(
      `    ${ms(timing.startTime)}-${ms(timing.endTime)} ms (real ${(node.duration / 1000).toFixed(1)})` +
        `${counted > 0 ? `  blocking ${ms(counted)}` : ''}  ${taskContents(node)}`,
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: 'home,search,product' },
      runs: { type: 'string', default: '1' },
      min: { type: 'string', default: '45' },
      keep: { type: 'string' },
      'without-scripts': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const minMs = Number(values.min);
  const shop = await startLighthouseShop(REPO_ROOT, 3000, values.pages.split(','));
  const chrome = await launchLighthouseChromium();
  const root = values.keep ?? mkdtempSync(path.join(os.tmpdir(), 'lantern-'));
  try {
    for (const { page, url } of shop.pages) {
      for (let run = 1; run <= runs; run++) {
        const dir = path.join(root, `${page}-${run}`);
        await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          gatherMode: dir,
          auditMode: dir,
          blockedUrlPatterns: values['without-scripts'] ? ['*/assets/*.js'] : [],
        } as Parameters<typeof lighthouse>[1]);
        console.log(`\n## ${page} run ${run} (load ${os.loadavg()[0]?.toFixed(1)})`);
        for (const line of await analyse(dir, minMs)) console.log(line);
      }
    }
  } finally {
    chrome.kill();
    await shop.stop();
    if (!values.keep) rmSync(root, { recursive: true, force: true });
  }
}

await main();
