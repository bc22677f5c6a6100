/**
 * Where the shop's first pages spend their main thread (the total blocking time budget): each page
 * is opened in Debian's Chromium with the CPU slowed 4x (Lighthouse's mobile setting), V8's
 * sampling profiler running, until the app says it has hydrated (`shop:hydrated`) and a second
 * after, for the effects. Prints the long tasks the page saw (PerformanceObserver `longtask`) and
 * the functions with the most self time, by script. Lighthouse's trace has no JavaScript samples;
 * this says which components and libraries a long task is made of.
 *
 *   npm run build && npx tsx bench/lighthouse-profile.ts [--pages home,search,product] [--top 25]
 *
 * The machine is shared: durations move with its load (printed), proportions much less.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Protocol } from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map-js';
import { type LighthouseShop, launchShopChromium, startLighthouseShop } from './lighthouse-shop.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CPU_SLOWDOWN = 4;

interface SelfTime {
  name: string;
  ms: number;
}

/** A built script's source map (the build writes them beside the chunks), or null. */
function sourceMap(file: string, cache: Map<string, SourceMapConsumer | null>): SourceMapConsumer | null {
  if (!cache.has(file)) {
    const mapFile = path.join(REPO_ROOT, 'apps/web/dist', `${file}.map`);
    cache.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return cache.get(file) ?? null;
}

/** A profile's frame as its source: minified names say nothing about which component ran. */
function frameName(frame: Protocol.Runtime.CallFrame, maps: Map<string, SourceMapConsumer | null>): string {
  const file = frame.url.replace(/^https?:\/\/[^/]+/, '') || '(native)';
  const map = file.startsWith('/assets/') ? sourceMap(file, maps) : null;
  const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (original?.source) {
    const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
    return `${frame.functionName || '(anonymous)'} ${source}:${original.line}`;
  }
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
}

/**
 * Time per source file of the web app (apps/web/src): each sample goes to the innermost frame of
 * its stack that is the app's own code, so Preact's diffing of a component's subtree counts for the
 * component's file. Says which parts of a page cost its hydration.
 */
export function appTimes(profile: Protocol.Profiler.Profile): SelfTime[] {
  const maps = new Map<string, SourceMapConsumer | null>();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const owner = new Map<number, string>();
  const ownerOf = (id: number): string => {
    const known = owner.get(id);
    if (known !== undefined) return known;
    const node = nodes.get(id);
    const name = node ? frameName(node.callFrame, maps) : '';
    const file = / (src\/[^:]+):/.exec(name)?.[1];
    const parent = parents.get(id);
    const result = file ?? (parent === undefined ? '(outside the app)' : ownerOf(parent));
    owner.set(id, result);
    return result;
  };
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = nodes.get(samples[i] as number);
    if (!node || ['(idle)', '(program)'].includes(node.callFrame.functionName)) continue;
    const key = ownerOf(node.id);
    totals.set(key, (totals.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...totals.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

/** Self time per function (name, source file and line where a map says), largest first. */
export function selfTimes(profile: Protocol.Profiler.Profile): SelfTime[] {
  const maps = new Map<string, SourceMapConsumer | null>();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = nodes.get(samples[i] as number);
    if (!node) continue;
    const key = frameName(node.callFrame, maps);
    // A sample's time is the gap to the next one (V8's own convention in DevTools).
    totals.set(key, (totals.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...totals.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: 'home,search,product' },
      top: { type: 'string', default: '25' },
      products: { type: 'string', default: '3000' },
    },
  });
  let shop: LighthouseShop | undefined;
  const browser = await launchShopChromium();
  try {
    shop = await startLighthouseShop(REPO_ROOT, Number(values.products), values.pages.split(','));
    const { base, pages } = shop;

    for (const { page, url } of pages) {
      const tab = await browser.newPage();
      await tab.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
      await tab.evaluateOnNewDocument(() => {
        const w = window as unknown as { longTasks: number[][]; hydratedAt?: number };
        w.longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.longTasks.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask', buffered: true });
        window.addEventListener('shop:hydrated', () => {
          w.hydratedAt = performance.now();
        });
      });
      const cdp = await tab.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      await tab.goto(url, { waitUntil: 'load' });
      await tab.waitForFunction(() => (window as unknown as { hydratedAt?: number }).hydratedAt !== undefined, {
        timeout: 60_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { profile } = await cdp.send('Profiler.stop');
      const seen = (await tab.evaluate(() => {
        const w = window as unknown as { longTasks: number[][]; hydratedAt: number };
        return { longTasks: w.longTasks, hydratedAt: w.hydratedAt };
      })) as { longTasks: number[][]; hydratedAt: number };
      console.log(
        `\n## ${page} (${url.replace(base, '')}), CPU /${CPU_SLOWDOWN}, load ${os.loadavg()[0]?.toFixed(1)}: hydrated at ${Math.round(seen.hydratedAt)} ms`,
      );
      console.log(
        `long tasks: ${seen.longTasks.map(([start, duration]) => `${Math.round(start ?? 0)} +${Math.round(duration ?? 0)}`).join(', ') || 'none'}`,
      );
      for (const { name, ms } of selfTimes(profile)
        .filter(({ name }) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
        .slice(0, Number(values.top))) {
        console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
      }
      console.log('by the app file whose code (or whose subtree) ran:');
      for (const { name, ms } of appTimes(profile).slice(0, Number(values.top))) {
        console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
      }
      await tab.close();
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
