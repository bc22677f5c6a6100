/**
 * The Lighthouse budget: Lighthouse 12 with its default mobile settings (Moto G Power
 * screen, simulated slow 4G and 4x CPU slowdown) on Debian's Chromium, against the production
 * build: `npm run build`, then the compiled server (`node apps/server/dist/main.js`,
 * NODE_ENV=production) on a throw-away database seeded with the demo catalogue. Pages: home,
 * search results and a product page. Each page runs `--runs` times in a row (default 3), with no
 * wait for a quiet machine (the machine as it is, as a shopper's phone or CI meets it), and is
 * judged on the median of those runs (bench/lighthouse-budget.ts). Before each of them the
 * processors are read for a second and how busy they were is recorded beside the run.
 *
 * `--also-quiet` (which `npm run test:lighthouse` passes) then runs each page `--runs` times more,
 * each once the machine is quiet (bench/machine-quiet.ts: waiting up to `--quiet-wait` seconds
 * before the first such run, a third of that before each later one), and records their median as
 * a second section: recorded, never judged (what the page costs alone, against what it gets).
 * `--most N` (off by default) runs a page that misses on timing alone (performance, LCP, TBT) again,
 * up to N judged runs in all, judged on the median of all of them; the validate run does not use
 * it, as re-running until a figure passes is not three runs in a row. `npm run test:lighthouse` is
 * the last step of `npm run validate`; its figures go to bench/results/validate/, which git ignores.
 *
 *   npm run lighthouse -- [--runs 3] [--most 3] [--products 3000] [--no-budget]
 *                         [--pages product,search] [--tasks] [--trace-dir DIR] [--without-scripts]
 *                         [--also-quiet] [--quiet-wait 300] [--timing-advisory]
 *
 * `--tasks` prints each run's long main-thread tasks (Lighthouse's `long-tasks` audit, durations
 * as simulated on the slowed CPU) and `--trace-dir` writes each run's Chrome trace
 * (`<page>-<run>.trace.json`, opened in Chrome's Performance panel): the scores move with the
 * shared machine's load, the tasks say what the page itself spends its time on.
 *
 * Writes bench/results/lighthouse-<YYYY-MM-DD>.json and .md (or `--name NAME`.json and .md) and
 * prints the table. Exits 1 when a page's judged figures miss the budget (unless --no-budget:
 * figures only). With `--timing-advisory` (the validate run) a miss on timing alone (performance,
 * LCP, TBT) is recorded and printed but does not fail: on a shared machine those move with the host
 * (the commit whose clean-checkout run measured TBT 0-10 ms measured 204-285 ms on a later session's
 * machine), and a CI host's load is not the change under test; the other lines (accessibility, best
 * practices, SEO, CLS, the product page's JavaScript) fail it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BUDGET, budgetMisses, type PageFigures, pageVerdict, wantsAnotherRun } from './lighthouse-budget.js';
import { type LighthouseShop, launchLighthouseChromium, startLighthouseShop } from './lighthouse-shop.js';
import { busyShareOver, LIGHTHOUSE_QUIET, type QuietWait, quietWaitLimit, waitUntilQuiet } from './machine-quiet.js';

export { BUDGET, budgetMisses, type PageFigures };

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      title: string;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
}

/** A run's figures from Lighthouse's report (scores to 0-100, times to whole ms). */
export function figuresOf(page: string, url: string, lhr: Lhr): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = lhr.audits['resource-summary']?.details?.items ?? [];
  const kb = (type: string) =>
    Math.round(((resources.find((r) => r.resourceType === type)?.transferSize ?? 0) / 1024) * 10) / 10;
  const failedAudits = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .map((ref) => ({ id: ref.id, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
      .map(({ id, audit }) => `${category}: ${id} (${audit?.title})`),
  );
  return {
    page,
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(numeric('total-blocking-time')),
    scriptKb: kb('script'),
    totalKb: kb('total'),
    failedAudits,
  };
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      most: { type: 'string' },
      name: { type: 'string' },
      products: { type: 'string', default: '3000' },
      'no-budget': { type: 'boolean', default: false },
      pages: { type: 'string', default: 'home,search,product' },
      tasks: { type: 'boolean', default: false },
      'trace-dir': { type: 'string' },
      'without-scripts': { type: 'boolean', default: false },
      'also-quiet': { type: 'boolean', default: false },
      'quiet-wait': { type: 'string', default: '300' },
      'timing-advisory': { type: 'boolean', default: false },
    },
  });
  return {
    runs: Number(values.runs),
    most: Math.max(Number(values.most ?? values.runs), Number(values.runs)),
    name: values.name,
    products: Number(values.products),
    budget: !values['no-budget'],
    pages: values.pages.split(','),
    tasks: values.tasks,
    traceDir: values['trace-dir'],
    withoutScripts: values['without-scripts'],
    alsoQuiet: values['also-quiet'],
    quietWaitMs: Number(values['quiet-wait']) * 1000,
    timingAdvisory: values['timing-advisory'],
  };
}

/** Before a quiet-gated run (`--also-quiet`), waits for the machine to go quiet (bench/machine-quiet.ts). */
async function waitForQuietMachine(options: { quietWaitMs: number }, first: boolean): Promise<QuietWait> {
  return waitUntilQuiet({ ...LIGHTHOUSE_QUIET, maxWaitMs: quietWaitLimit(options.quietWaitMs, first) });
}

function describeWait(wait: QuietWait): string {
  const last = Math.round((wait.shares.at(-1) ?? 0) * 100);
  return wait.quiet
    ? `quiet after ${Math.round(wait.waitedMs / 1000)} s`
    : `still ${last}% busy after ${Math.round(wait.waitedMs / 1000)} s`;
}

/**
 * `--without-scripts`: every script of the app blocked (the boot script and the chunks it imports),
 * so that the page is only what the server sent. Its blocking time is then the browser's own work
 * (parsing, style, layout, paint, pictures): the floor the page's JavaScript adds to. Figures
 * only: such a page is not the shop, so it is never judged against the budget.
 */
const SCRIPT_PATTERNS = ['*/assets/*.js'];

interface LongTask {
  url?: string;
  duration?: number;
  startTime?: number;
}

/** One line per long task of a run: when it started, how long it ran, whose script it was. */
function describeLongTasks(lhr: Lhr): string[] {
  const items = (lhr.audits['long-tasks']?.details?.items ?? []) as LongTask[];
  return items.map(
    (task) =>
      `    ${Math.round(task.startTime ?? 0)} ms +${Math.round(task.duration ?? 0)} ms ${task.url?.replace(/^https?:\/\/[^/]+/, '') ?? ''}`,
  );
}

/** How a run started: the machine read for a second (judged runs), or the wait for quiet (`--also-quiet`). */
interface RunStart {
  gated: boolean;
  /** The processors' busy share as the run started (0-1): the last window read. */
  busy: number;
  /** Gated runs: whether the machine went quiet, and after how long. */
  quiet?: boolean;
  waitedMs?: number;
  /** The one-minute load average as the run started. */
  load: number;
}

type Options = ReturnType<typeof readOptions>;

/**
 * One page's runs of one kind: the judged runs (in a row, the machine as it is) or the quiet-gated
 * ones. A run Lighthouse could not finish (its runtimeError: a timeout on a busy machine) scores 0
 * for reasons that are not the page's: it is run again, up to two extra times.
 */
async function measurePage(
  chrome: chromeLauncher.LaunchedChrome,
  base: string,
  { page, url }: { page: string; url: string },
  options: Options,
  kind: { gated: boolean; first: () => boolean },
): Promise<{ runs: PageFigures[]; starts: RunStart[] }> {
  const runs: PageFigures[] = [];
  const starts: RunStart[] = [];
  const plan = kind.gated
    ? { runs: options.runs, most: options.runs, budget: false }
    : { runs: options.runs, most: options.most, budget: options.budget };
  let failures = 0;
  while (wantsAnotherRun(runs, plan) && failures <= 2) {
    let start: RunStart;
    let described: string;
    if (kind.gated) {
      const wait = await waitForQuietMachine(options, kind.first());
      start = {
        gated: true,
        busy: Math.round((wait.shares.at(-1) ?? 0) * 100) / 100,
        quiet: wait.quiet,
        waitedMs: wait.waitedMs,
        load: os.loadavg()[0] ?? 0,
      };
      described = `quiet-gated, started ${describeWait(wait)}`;
    } else {
      const busy = await busyShareOver({ windowMs: LIGHTHOUSE_QUIET.windowMs });
      start = { gated: false, busy: Math.round(busy * 100) / 100, load: os.loadavg()[0] ?? 0 };
      described = `no gate, started ${Math.round(busy * 100)}% busy`;
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      blockedUrlPatterns: options.withoutScripts ? SCRIPT_PATTERNS : [],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = (result.lhr as { runtimeError?: { code: string; message: string } }).runtimeError;
    if (failure) {
      failures++;
      console.log(`[lighthouse] ${page}: run failed (${failure.code}), again`);
      continue;
    }
    const lhr = result.lhr as unknown as Lhr;
    runs.push(figuresOf(page, url.replace(base, ''), lhr));
    starts.push(start);
    const last = runs.at(-1);
    const benchmarkIndex = Math.round(
      (result.lhr as { environment?: { benchmarkIndex?: number } }).environment?.benchmarkIndex ?? 0,
    );
    console.log(
      `[lighthouse] ${page} ${kind.gated ? 'quiet ' : ''}run ${runs.length}: performance ${last?.performance}, LCP ${last?.lcpMs} ms, TBT ${last?.tbtMs} ms, ${described}, load ${start.load.toFixed(1)}, benchmark index ${benchmarkIndex}`,
    );
    if (options.tasks) console.log(describeLongTasks(lhr).join('\n'));
    if (options.traceDir) {
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      const file = `${page}${kind.gated ? '-quiet' : ''}-${runs.length}.trace.json`;
      writeFileSync(path.join(options.traceDir, file), JSON.stringify(trace));
    }
  }
  if (runs.length === 0) throw new Error(`Lighthouse could not finish a run of ${url}`);
  return { runs, starts };
}

const tableHeader = [
  '| page | performance | accessibility | best practices | SEO | FCP | LCP | CLS | TBT | JS (kB, compressed) | total (kB) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];

function tableRow(r: PageFigures): string {
  return `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.cls} | ${r.tbtMs} ms | ${r.scriptKb} | ${r.totalKb} |`;
}

function runLine(r: PageFigures, start: RunStart | undefined): string {
  const how = start
    ? ` (${Math.round(start.busy * 100)}% busy${start.gated && !start.quiet ? ', waited in vain' : ''})`
    : '';
  return `${r.performance} / ${(r.lcpMs / 1000).toFixed(2)} s / ${r.tbtMs} ms${how}`;
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const options = readOptions();
  let shop: LighthouseShop | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    shop = await startLighthouseShop(REPO_ROOT, options.products, options.pages);
    const { base, pages } = shop;
    if (options.traceDir) mkdirSync(options.traceDir, { recursive: true });

    chrome = await launchLighthouseChromium();
    const allRuns: Record<string, PageFigures[]> = {};
    const starts: Record<string, RunStart[]> = {};
    const quietRuns: Record<string, PageFigures[]> = {};
    const quietStarts: Record<string, RunStart[]> = {};
    let firstGated = true;
    const first = () => {
      const was = firstGated;
      firstGated = false;
      return was;
    };
    for (const measured of pages) {
      // The judged runs first, in a row; then, when asked, the quiet-gated ones of the same page.
      const judged = await measurePage(chrome, base, measured, options, { gated: false, first });
      allRuns[measured.page] = judged.runs;
      starts[measured.page] = judged.starts;
      if (options.alsoQuiet) {
        const quiet = await measurePage(chrome, base, measured, options, { gated: true, first });
        quietRuns[measured.page] = quiet.runs;
        quietStarts[measured.page] = quiet.starts;
      }
    }

    const verdicts = pages.map(({ page }) =>
      pageVerdict(allRuns[page] ?? [], quietRuns[page] ?? [], options.timingAdvisory),
    );
    const results = verdicts.map((v) => v.judged);
    const quietResults = verdicts.flatMap((v) => (v.quiet ? [v.quiet] : []));
    // What fails the run: every miss, or with --timing-advisory only those the machine's speed does
    // not move (scores that must be 100, layout shift, the JavaScript sent). Never the quiet runs.
    const failing = verdicts.flatMap((v) => v.failing);
    const gatedInVain = Object.values(quietStarts)
      .flat()
      .filter((s) => !s.quiet).length;
    const date = new Date().toISOString();
    const md = [
      `# Lighthouse ${date.slice(0, 10)}`,
      '',
      `Lighthouse 12, default mobile settings, Debian Chromium headless${options.withoutScripts ? ', **every script of the app blocked** (`--without-scripts`: the server-rendered pages alone, not judged)' : ''}, the compiled server with NODE_ENV=production on SQLite with ${options.products} demo items. Each page's judged figures are the median of ${options.most > options.runs ? `its runs (${options.runs}, up to ${options.most} when it missed on timing alone)` : `${options.runs} consecutive run${options.runs === 1 ? '' : 's'}`} started without waiting for a quiet machine (the machine as it was: how busy its processors were in the second before each run is given with the run); the scores that must be 100 and the JavaScript are its worst run. Machine load at the start ${loadAtStart.toFixed(1)}, at the end ${os.loadavg()[0]?.toFixed(1)} (${os.cpus().length} cores); wall time ${Math.round((Date.now() - started) / 1000)} s.`,
      '',
      ...tableHeader,
      ...results.map(tableRow),
      '',
      `Budget: performance ≥ ${BUDGET.performance}, accessibility, best practices and SEO 100, LCP ≤ ${BUDGET.lcpMs / 1000} s, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbtMs} ms, product page JavaScript ≤ ${BUDGET.productScriptKb} kB.`,
      '',
      ...verdicts.map(
        ({ judged, misses }) =>
          `- ${judged.page}: ${misses.length === 0 ? 'within budget' : misses.map((m) => m.text).join('; ')}`,
      ),
      ...(options.timingAdvisory
        ? [
            '',
            'Timing (performance, LCP, TBT) is advisory in this run (`--timing-advisory`): it is recorded here, and only the other misses fail it.',
          ]
        : []),
      '',
      'Each judged run (performance / LCP / TBT, how busy the machine was as it started):',
      '',
      ...Object.entries(allRuns).map(
        ([page, runs]) => `- ${page}: ${runs.map((r, i) => runLine(r, starts[page]?.[i])).join('; ')}`,
      ),
      '',
      ...(options.alsoQuiet
        ? [
            '## Quiet-gated runs (recorded, not judged)',
            '',
            `The same pages, ${options.runs} run${options.runs === 1 ? '' : 's'} each, each started once the machine was quiet (under ${LIGHTHOUSE_QUIET.busyBelow * 100}% of its processors busy for ${(LIGHTHOUSE_QUIET.windows * LIGHTHOUSE_QUIET.windowMs) / 1000} s, waiting up to ${options.quietWaitMs / 1000} s before the first and a third of that before each later one)${gatedInVain > 0 ? `, except ${gatedInVain} that waited in vain and ran on a busy machine` : ''}; the median of each page's runs: what the page costs with the machine to itself (where it went quiet). Recorded only: the budget is judged on the figures above.`,
            '',
            ...tableHeader,
            ...quietResults.map(tableRow),
            '',
            ...Object.entries(quietRuns).map(
              ([page, runs]) => `- ${page}: ${runs.map((r, i) => runLine(r, quietStarts[page]?.[i])).join('; ')}`,
            ),
            '',
          ]
        : []),
      ...results.flatMap((r) =>
        r.failedAudits.length
          ? [`Audits short of full marks on ${r.page}:`, ...r.failedAudits.map((a) => `- ${a}`), '']
          : [],
      ),
    ].join('\n');
    const name = options.name ?? `lighthouse-${date.slice(0, 10)}`;
    // A name may hold a folder (`validate/latest`: the budget run of `npm run validate`, not kept).
    mkdirSync(path.dirname(path.join(RESULTS_DIR, name)), { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `${name}.json`),
      `${JSON.stringify(
        {
          date,
          options,
          load: os.loadavg(),
          loadAtStart,
          results,
          runs: allRuns,
          starts,
          ...(options.alsoQuiet ? { quiet: { results: quietResults, runs: quietRuns, starts: quietStarts } } : {}),
        },
        null,
        2,
      )}\n`,
    );
    writeFileSync(path.join(RESULTS_DIR, `${name}.md`), md);
    console.log(md);
    if (options.budget && failing.length > 0) process.exitCode = 1;
  } finally {
    await chrome?.kill();
    await shop?.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
