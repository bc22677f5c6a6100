/**
 * The shop's first pages, task by task (the total blocking time budget): each page is opened in
 * Debian's Chromium with the CPU slowed 4x (Lighthouse's mobile setting) and a trace running with
 * V8's sampling profiler, until the app says it has hydrated (`shop:hydrated`) and a second and a
 * half after. Prints every main-thread task over `--min` ms after the first contentful paint with
 * what ran in it: the browser's own work (parsing, style, layout, paint, compiling) and the
 * page's JavaScript by source file (through the build's source maps). Lighthouse names a long
 * task's script at best; this says which module of it.
 *
 *   npm run build && npx tsx bench/lighthouse-tasks.ts [--pages home,search,product] [--min 20] [--runs 1]
 *
 * "blocking" is what Lighthouse would count of these tasks (each one's time over 50 ms after the
 * first contentful paint); the shared machine's load moves it (printed), the split much less.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Browser } from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { type LighthouseShop, launchShopChromium, startLighthouseShop } from './lighthouse-shop.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CPU_SLOWDOWN = 4;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'toplevel',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      startTime?: number;
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number };
}

/** The browser's own work inside a task, by trace event (the biggest ones). */
const BROWSER_WORK = new Set([
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'Layerize',
  'Commit',
  'v8.compile',
  'v8.compileModule',
  'MinorGC',
  'MajorGC',
  'ParseAuthorStyleSheet',
]);

function sourceFile(
  frame: ProfileNode['callFrame'],
  maps: Map<string, SourceMapConsumer | null>,
  base: string,
): string | null {
  const file = (frame.url ?? '').replace(base, '');
  if (!file) return null;
  if (!file.startsWith('/assets/')) return file.split('?')[0] ?? file;
  if (!maps.has(file)) {
    const mapFile = path.join(REPO_ROOT, 'apps/web/dist', `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  const original = maps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original?.source) return file;
  return original.source
    .replace(/^(\.\.\/)+/, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^apps\/web\//, '');
}

/** Each sample's time and the source file of its innermost frame that has one. */
function samplesOf(events: TraceEvent[], pid: number, base: string): { ts: number; file: string }[] {
  const maps = new Map<string, SourceMapConsumer | null>();
  const nodes = new Map<number, ProfileNode>();
  const result: { ts: number; file: string }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid);
  let ts = profile?.args?.data?.startTime ?? 0;
  const fileOf = (id: number): string => {
    for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
      if (['(garbage collector)', '(program)', '(idle)'].includes(node.callFrame.functionName))
        return node.callFrame.functionName;
      const file = sourceFile(node.callFrame, maps, base);
      if (file) return file;
    }
    return '(native)';
  };
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile?.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      ts += deltas[i] ?? 0;
      result.push({ ts, file: fileOf(samples[i] as number) });
    }
  }
  return result;
}

async function tracePage(
  browser: Browser,
  url: string,
  base: string,
  minMs: number,
): Promise<{ lines: string[]; blockingMs: number }> {
  const tab = await browser.newPage();
  await tab.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  await tab.evaluateOnNewDocument(() => {
    window.addEventListener('shop:hydrated', () => {
      (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
    });
  });
  const cdp = await tab.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await tab.tracing.start({ categories: CATEGORIES });
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForFunction(() => (window as unknown as { hydratedAt?: number }).hydratedAt !== undefined, {
    timeout: 60_000,
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const buffer = await tab.tracing.stop();
  await tab.close();
  const trace = JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  // The page's main thread: the renderer thread that ran the most tasks.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (e: TraceEvent) =>
    events
      .filter((t) => t.pid === e.pid && t.tid === e.tid && t.name === 'RunTask')
      .reduce((s, t) => s + (t.dur ?? 0), 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid)?.ts ?? onMain[0]?.ts ?? 0;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid)?.ts ?? start;
  const samples = samplesOf(events, main.pid, base);
  const lines: string[] = [];
  let blockingMs = 0;
  for (const task of onMain.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts)) {
    const ms = (task.dur ?? 0) / 1000;
    if (ms < minMs) continue;
    const end = task.ts + (task.dur ?? 0);
    if (task.ts >= fcp) blockingMs += Math.max(0, ms - 50);
    const parts = new Map<string, number>();
    for (const e of onMain) {
      if (e.ts >= task.ts && e.ts < end && BROWSER_WORK.has(e.name)) {
        parts.set(e.name, (parts.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    // Samples say where script time went; a sample is worth the gap to the next one.
    for (let i = 0; i < samples.length - 1; i++) {
      const sample = samples[i] as { ts: number; file: string };
      if (sample.ts < task.ts || sample.ts >= end || sample.file === '(idle)') continue;
      const next = samples[i + 1] as { ts: number };
      parts.set(sample.file, (parts.get(sample.file) ?? 0) + (next.ts - sample.ts) / 1000);
    }
    const top = [...parts.entries()]
      .filter(([, v]) => v >= 2)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
    const when = Math.round((task.ts - start) / 1000);
    lines.push(
      `  ${String(when).padStart(6)} ms +${ms.toFixed(0).padStart(4)} ms${task.ts < fcp ? ' (before FCP)' : ''}  ${top}`,
    );
  }
  lines.unshift(`  first contentful paint ${Math.round((fcp - start) / 1000)} ms`);
  return { lines, blockingMs: Math.round(blockingMs) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: 'home,search,product' },
      min: { type: 'string', default: '20' },
      runs: { type: 'string', default: '1' },
      products: { type: 'string', default: '3000' },
    },
  });
  let shop: LighthouseShop | undefined;
  const browser = await launchShopChromium();
  try {
    shop = await startLighthouseShop(REPO_ROOT, Number(values.products), values.pages.split(','));
    for (const { page, url } of shop.pages) {
      for (let run = 1; run <= Number(values.runs); run++) {
        const { lines, blockingMs } = await tracePage(browser, url, shop.base, Number(values.min));
        console.log(
          `\n## ${page} run ${run}: blocking ${blockingMs} ms (CPU /${CPU_SLOWDOWN}, load ${os.loadavg()[0]?.toFixed(1)})`,
        );
        console.log(lines.join('\n'));
      }
    }
  } finally {
    await browser.close();
    await shop?.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
