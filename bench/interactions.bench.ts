/**
 * Interaction to Next Paint for what shoppers do most, measured with Chromium's own Event Timing
 * (bench/interactions-inp.ts: entries grouped by interactionId, an interaction's latency its
 * longest entry, as web-vitals computes it), on a phone-sized page with the CPU slowed 4x through
 * the DevTools protocol (`Emulation.setCPUThrottlingRate`, real slowed time, not Lighthouse's
 * simulation).
 *
 * The shop is the one Lighthouse measures (bench/lighthouse-shop.ts: `npm run build` first, the
 * compiled server with NODE_ENV=production on a throw-away SQLite file seeded with the demo
 * catalogue); the browser is Debian's Chromium through playwright-core, headless, nothing
 * downloaded. Each step runs `--runs` times (default 5), each on a fresh page load in a fresh
 * browser context (an empty cart, cookies accepted as a returning shopper's), started once the page
 * has said it hydrated (the app's `shop:hydrated` event, apps/web/src/main.tsx) and the network is
 * idle. A step's figure for a run is its slowest interaction after the step's start: what is done
 * to get there (opening the sheet before choosing a facet) is not counted. The controls are found by
 * the shop's labels and roles before the step starts; the step itself is a phone's touch at their
 * centre (or the keyboard), and its waits poll a plain selector (see `tap`). A card's Add to cart is
 * measured on the wishlist (a guest's, one item): the search page's cards carry none.
 *
 *   npm run bench:interactions -- [--runs 5] [--cpu 4] [--steps refine-open,sort,...] [--name NAME]
 *                                 [--products 3000] [--settle 1000]
 *
 * Writes bench/results/interactions-<YYYY-MM-DD>.json and .md (or `--name NAME`) and prints the
 * table: per step the median and worst INP against the budget (100 ms at 4x), the total blocking
 * time the page's long tasks added between its first paint and the interaction, and the machine's
 * load at the start and end. Figures only: it exits 0 whatever they are (a shared machine's load
 * moves them); a step that could not run says why.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import {
  blockingTime,
  type EventEntry,
  INTERACTION_BUDGET_MS,
  type Interaction,
  interactionsOf,
  type LongTask,
  median,
  slowest,
} from './interactions-inp.js';
import { startLighthouseShop } from './lighthouse-shop.js';
import { busyShare, cpuTimes } from './machine-quiet.js';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');

/**
 * Lighthouse's mobile screen and user agent (a Moto G Power): the server draws a phone's layout for
 * a phone's user agent (apps/web/src/entry-server.tsx), so the page hydrates what it was drawn as.
 */
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
} as const;

/** What the page's observers keep (installed before any script of the page runs). */
interface Recorded {
  events: EventEntry[];
  longTasks: LongTask[];
  fcp: number | null;
  hydratedAt: number | null;
}

declare global {
  interface Window {
    interactionBench?: Recorded;
  }
}

/**
 * Installed in every page before its scripts: the Event Timing, long task and paint observers, and
 * a listener for the app's hydrated signal. Plain script text, not a function of this file: tsx
 * wraps the named functions it compiles in a helper the page does not have.
 */
const OBSERVE = `(() => {
  const recorded = { events: [], longTasks: [], fcp: null, hydratedAt: null };
  window.interactionBench = recorded;
  function describe(node) {
    if (!(node instanceof Element)) return '';
    const label = node.labels && node.labels[0] ? node.labels[0].textContent : null;
    const name = (node.getAttribute('aria-label') ?? label ?? node.textContent ?? '').trim().slice(0, 40);
    const type = node.getAttribute('type');
    return node.tagName.toLowerCase() + (type ? '[' + type + ']' : '') + ' "' + name + '"';
  }
  // What each input was aimed at, described when it happens: by the time the entries arrive (after
  // the paint) the element may be gone or say something else ('Loading...').
  const aimedAt = new Map();
  for (const type of ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup']) {
    window.addEventListener(type, (event) => aimedAt.set(event.timeStamp, describe(event.target)), { capture: true });
  }
  function keep(list) {
    for (const entry of list.getEntries()) {
      recorded.events.push({
        name: entry.name,
        interactionId: entry.interactionId ?? 0,
        startTime: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
        target: aimedAt.get(entry.startTime) || describe(entry.target),
      });
    }
  }
  new PerformanceObserver(keep).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') recorded.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  window.addEventListener('shop:hydrated', () => {
    recorded.hydratedAt = performance.now();
  });
})();`;

interface Urls {
  search: string;
  grid: string;
  product: string;
  productTitle: string;
  wishlist: string;
}

/** Where a tap lands: the centre of the control, found before the measured part. */
interface Point {
  x: number;
  y: number;
}

interface Step {
  name: string;
  page: 'search' | 'product' | 'wishlist';
  /** What the shopper does, for the report. */
  what: string;
  url(urls: Urls): string;
  /** Not measured: what gets the page to where the step starts. Returns why the step cannot run, if it cannot. */
  prepare?(page: Page, urls: Urls): Promise<string | undefined>;
  /** Not measured: the points the step taps, found by the shop's labels and roles. */
  aim?(page: Page, urls: Urls): Promise<Point[]>;
  /** The measured part: the shopper's input, and the wait for what it shows. */
  act(page: Page, urls: Urls, points: Point[]): Promise<void>;
}

const TIMEOUT = 30_000;
const results = (page: Page) => page.getByRole('list', { name: 'Items' }).getByRole('article');
const refineSheet = (page: Page) => page.getByRole('dialog', { name: 'Refine' });
const cardAddToCart = (page: Page, list: string) =>
  page.getByRole('list', { name: list }).getByRole('button', { name: /^Add .+ to cart$/ });

/** The centre of a control, scrolled into view first. */
async function centreOf(locator: Locator): Promise<Point> {
  await locator.scrollIntoViewIfNeeded({ timeout: TIMEOUT });
  const box = await locator.boundingBox({ timeout: TIMEOUT });
  if (!box) throw new Error('the control to tap is not drawn');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A shopper's tap and nothing else: the touch goes to the browser as a phone's would. Playwright's
 * own `tap()` first runs its checks in the page (is the control visible, stable, the one hit) and
 * listens to the tap's events there, and its role queries, polled while the step waits, walk the
 * page's accessibility tree on the same slowed main thread: work a shopper's phone never does,
 * landing between the tap and its paint. The controls are found before the measured part; the
 * waits poll a plain selector every 50 ms.
 */
async function tap(page: Page, point: Point | undefined): Promise<void> {
  if (!point) throw new Error('no point to tap');
  await page.touchscreen.tap(point.x, point.y);
}

/** Waits until `predicate` holds in the page, polling every 50 ms. */
async function until(
  page: Page,
  predicate: (arg: number | string) => boolean,
  arg: number | string = 0,
): Promise<void> {
  await page.waitForFunction(predicate, arg, { polling: 50, timeout: TIMEOUT });
}

const sheetOpen = () => document.querySelector('aside[role="dialog"]') !== null;

/** The steps of the issue, with the shop's own labels and roles (as the journeys use them). */
const STEPS: Step[] = [
  {
    name: 'refine-open',
    page: 'search',
    what: 'search (phone): tap Filter, the refine sheet opens',
    url: (u) => u.search,
    aim: async (page) => [await centreOf(page.getByRole('button', { name: /^Filter/ }))],
    async act(page, _urls, [filter]) {
      await tap(page, filter);
      await until(page, sheetOpen);
    },
  },
  {
    name: 'facet',
    page: 'search',
    what: "search (phone): in the open sheet, choose the category 'Phones', then Apply",
    url: (u) => u.search,
    async prepare(page) {
      await page.getByRole('button', { name: /^Filter/ }).tap();
      await refineSheet(page).waitFor({ timeout: TIMEOUT });
      return undefined;
    },
    aim: async (page) => [
      await centreOf(refineSheet(page).getByRole('radio', { name: /^Phones \d/ })),
      await centreOf(refineSheet(page).getByRole('button', { name: 'Apply', exact: true })),
    ],
    async act(page, _urls, [phones, apply]) {
      await tap(page, phones);
      await until(page, () => document.querySelector<HTMLButtonElement>('.refine__apply')?.disabled === false);
      // A shopper's thumb takes longer than this to move from the choice to Apply.
      await page.waitForTimeout(300);
      await tap(page, apply);
      await until(
        page,
        () => /[?&]category=/.test(window.location.search) && !document.querySelector('aside[role="dialog"]'),
      );
    },
  },
  {
    name: 'sort',
    page: 'search',
    what: "search (phone): in Sort by, the next option with the arrow key, chosen with Enter (a phone's own picker cannot be driven headless)",
    url: (u) => u.search,
    async prepare(page) {
      await page.getByRole('combobox', { name: 'Sort by' }).focus();
      return undefined;
    },
    async act(page) {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await until(page, () => /[?&]Sort=/.test(window.location.search));
    },
  },
  {
    name: 'load-more',
    page: 'search',
    what: 'search, grid layout (phone): tap Load more, 16 more results (the list layout loads by itself as the button nears)',
    url: (u) => u.grid,
    aim: async (page) => [await centreOf(page.getByRole('button', { name: 'Load more' }))],
    async act(page, _urls, [loadMore]) {
      const before = await results(page).count();
      await tap(page, loadMore);
      await until(
        page,
        (count) => document.querySelectorAll('[aria-label="Items"] article').length > Number(count),
        before,
      );
    },
  },
  {
    name: 'card-add-to-cart',
    page: 'wishlist',
    what: "wishlist (phone): tap a card's Add to cart (the search page's cards carry none; the wishlist's cards do)",
    url: (u) => u.product,
    // A guest's wishlist (a token, as the spec allows): the item's heart, then the wishlist page.
    async prepare(page, urls) {
      const heart = page.locator('.product__heart');
      await heart.and(page.getByRole('button', { name: `Add ${urls.productTitle} to wishlist` })).tap();
      await heart.and(page.getByRole('button', { name: `Remove ${urls.productTitle} from wishlist` })).waitFor();
      // The wishlist page is drawn by the browser (no server rendering, so no hydrated signal):
      // ready when its card's button is there.
      await page.goto(urls.wishlist, { waitUntil: 'load', timeout: 120_000 });
      await cardAddToCart(page, 'Wishlist items').first().waitFor({ timeout: 120_000 });
      return undefined;
    },
    aim: async (page) => [await centreOf(cardAddToCart(page, 'Wishlist items').first())],
    async act(page, _urls, [add]) {
      await tap(page, add);
      await until(
        page,
        () =>
          document.querySelector('[aria-label$=": Product in cart"]') !== null ||
          document.querySelector('[role="dialog"]') !== null,
      );
    },
  },
  {
    name: 'gallery-open',
    page: 'product',
    what: "product (phone): tap the main picture, the gallery's zoom view opens",
    url: (u) => u.product,
    aim: async (page) => [await centreOf(page.getByRole('button', { name: /^Zoom in on picture 1 of \d+$/ }))],
    async act(page, urls, [picture]) {
      await tap(page, picture);
      await until(
        page,
        (title) =>
          [...document.querySelectorAll('[role="dialog"], dialog[open]')].some(
            (d) => d.getAttribute('aria-label') === title || d.textContent?.includes(String(title)),
          ),
        urls.productTitle,
      );
    },
  },
  {
    name: 'add-to-cart',
    page: 'product',
    what: "product (phone): tap Add to cart, the 'Added to your cart' dialog opens",
    url: (u) => u.product,
    aim: async (page) => [
      await centreOf(page.locator('.product__summary').getByRole('button', { name: 'Add to cart' })),
    ],
    async act(page, _urls, [add]) {
      await tap(page, add);
      await until(page, () =>
        [...document.querySelectorAll('[role="dialog"], dialog[open]')].some((d) =>
          d.textContent?.includes('Added to your cart'),
        ),
      );
    },
  },
];

function readOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      cpu: { type: 'string', default: '4' },
      steps: { type: 'string', default: STEPS.map((s) => s.name).join(',') },
      name: { type: 'string' },
      products: { type: 'string', default: '3000' },
      settle: { type: 'string', default: '1000' },
    },
  });
  const steps = values.steps.split(',');
  for (const step of steps) if (!STEPS.some((s) => s.name === step)) throw new Error(`no step named ${step}`);
  return {
    runs: Number(values.runs),
    cpu: Number(values.cpu),
    steps,
    name: values.name,
    products: Number(values.products),
    settleMs: Number(values.settle),
  };
}

interface RunRecord {
  /** The step's slowest interaction, ms; null when none was recorded. */
  inpMs: number | null;
  /** Blocking time of the page's long tasks from its first contentful paint to the step's start, ms. */
  tbtBeforeMs: number | null;
  /** From navigation to the app's hydrated signal, ms (slowed). */
  hydratedAtMs: number | null;
  interactions: Interaction[];
  error?: string;
}

/** A page's work after the step: two frames and a pause, so that the paint's entries are delivered. */
const afterPaints = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))),
      ),
  );

async function newPhoneContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE });
  // A returning shopper: cookies chosen, so the banner is not drawn over the page.
  const host = new URL(base).hostname;
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', domain: host, path: '/' }]);
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('cookie-consent')) window.localStorage.setItem('cookie-consent', 'accepted');
  });
  await context.addInitScript({ content: OBSERVE });
  return context;
}

async function runStep(
  browser: Browser,
  base: string,
  urls: Urls,
  step: Step,
  options: ReturnType<typeof readOptions>,
): Promise<RunRecord | { skipped: string }> {
  const context = await newPhoneContext(browser, base);
  context.setDefaultTimeout(TIMEOUT);
  const problems: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
    await page.goto(step.url(urls), { waitUntil: 'load', timeout: 120_000 });
    await page
      .waitForFunction(() => window.interactionBench?.hydratedAt != null, undefined, { timeout: 120_000 })
      .catch((error: unknown) => {
        throw new Error(`never hydrated${problems.length ? ` (${problems.slice(0, 3).join('; ')})` : ''}: ${error}`);
      });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(options.settleMs);
    const skipped = await step.prepare?.(page, urls);
    if (skipped) return { skipped };
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const points = (await step.aim?.(page, urls)) ?? [];
    await page.waitForTimeout(options.settleMs / 2);
    const start = await page.evaluate(() => performance.now());
    let error: string | undefined;
    try {
      await step.act(page, urls, points);
    } catch (caught) {
      error = caught instanceof Error ? caught.message.split('\n')[0] : String(caught);
    }
    await afterPaints(page);
    const recorded = (await page.evaluate(() => window.interactionBench)) as Recorded;
    const interactions = interactionsOf(recorded.events.filter((e) => e.startTime >= start));
    const worst = slowest(interactions);
    return {
      inpMs: worst?.durationMs ?? null,
      tbtBeforeMs: recorded.fcp === null ? null : blockingTime(recorded.longTasks, recorded.fcp, start),
      hydratedAtMs: recorded.hydratedAt === null ? null : Math.round(recorded.hydratedAt),
      interactions,
      ...(error ? { error } : worst ? {} : { error: 'no interaction recorded' }),
    };
  } finally {
    await context.close();
  }
}

/** The pages the steps start on: a search for phones (list and grid) and a buyable phone with pictures. */
async function findUrls(base: string): Promise<Urls> {
  const response = await fetch(`${base}/c3api/search/results?query=phone&haspictures=true`);
  const body = (await response.json()) as {
    Value: {
      ProductList: {
        ProductListItems: {
          Url: string;
          Title: string;
          ImageUrl: string | null;
          IsAvailable: boolean;
          DisableInStorePickup: boolean;
          ItemUnavailableAsStoreDisabledPickup: boolean;
        }[];
      };
    };
  };
  const product = body.Value.ProductList.ProductListItems.find(
    (item) =>
      item.ImageUrl !== null &&
      item.IsAvailable &&
      !item.DisableInStorePickup &&
      !item.ItemUnavailableAsStoreDisabledPickup,
  );
  if (!product) throw new Error('no buyable phone with pictures in the demo catalogue');
  return {
    search: `${base}/search-results?query=phone`,
    grid: `${base}/search-results/grid?query=phone`,
    product: `${base}${product.Url}`,
    productTitle: product.Title,
    wishlist: `${base}/wishlist`,
  };
}

/**
 * Loads each page once, unslowed and unmeasured, as a running shop has been asked before: the demo's
 * pictures are drawn at their first request (sharp's work on both cores), which would otherwise
 * compete with the first measured load.
 */
async function warmUp(browser: Browser, base: string, urls: Urls): Promise<void> {
  const context = await newPhoneContext(browser, base);
  try {
    const page = await context.newPage();
    for (const url of [urls.search, urls.grid, urls.product]) {
      await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    }
  } finally {
    await context.close();
  }
}

interface StepSummary {
  name: string;
  what: string;
  page: string;
  runs: RunRecord[];
  skipped?: string;
  medianMs: number | null;
  worstMs: number | null;
  tbtBeforeMedianMs: number | null;
  withinBudget: boolean | null;
}

function summarize(step: Step, runs: RunRecord[], skipped?: string): StepSummary {
  const values = runs.map((r) => r.inpMs).filter((v): v is number => v !== null);
  const tbts = runs.map((r) => r.tbtBeforeMs).filter((v): v is number => v !== null);
  // A verdict only when every run measured the step to its end.
  const complete = runs.length > 0 && runs.every((r) => r.inpMs !== null && !r.error);
  const worst = values.length ? Math.max(...values) : null;
  return {
    name: step.name,
    what: step.what,
    page: step.page,
    runs,
    ...(skipped ? { skipped } : {}),
    medianMs: values.length ? Math.round(median(values)) : null,
    worstMs: worst,
    tbtBeforeMedianMs: tbts.length ? Math.round(median(tbts)) : null,
    withinBudget: complete && worst !== null ? worst <= INTERACTION_BUDGET_MS : null,
  };
}

function describeInteraction(i: Interaction): string {
  return `${i.events.join('/')} on ${i.target}: ${i.durationMs} ms (input delay ${i.inputDelayMs}, handlers ${i.processingMs}, to paint ${i.presentationMs})`;
}

function report(
  summaries: StepSummary[],
  options: ReturnType<typeof readOptions>,
  machine: { loadStart: number; loadEnd: number; busyShare: number; seconds: number },
  date: string,
): string {
  const ms = (v: number | null) => (v === null ? '-' : `${v} ms`);
  const verdict = (s: StepSummary) =>
    s.skipped
      ? 'not measured'
      : s.withinBudget === null
        ? 'incomplete'
        : s.withinBudget
          ? 'within budget'
          : `over (${s.worstMs} ms > ${INTERACTION_BUDGET_MS} ms)`;
  return [
    `# Interactions ${date.slice(0, 10)}`,
    '',
    `Interaction to Next Paint from Chromium's Event Timing (entries grouped by interactionId, an interaction's latency its longest entry, as web-vitals), Debian Chromium headless through playwright-core, CPU slowed ${options.cpu}x (\`Emulation.setCPUThrottlingRate\`), Lighthouse's mobile screen (412x823, touch, a phone's user agent); the compiled server with NODE_ENV=production on SQLite with ${options.products} demo items. Each step ${options.runs} times, each on a fresh page load in a fresh context, after the app's \`shop:hydrated\` signal, network idle and ${options.settleMs} ms; a run's figure is the step's slowest interaction. Machine load at the start ${machine.loadStart.toFixed(1)}, at the end ${machine.loadEnd.toFixed(1)} (${os.cpus().length} cores; processors ${Math.round(machine.busyShare * 100)}% busy over the run, the browser's own work included); wall time ${machine.seconds} s.`,
    '',
    '| step | what the shopper does | median INP | worst INP | TBT before it (median) | budget |',
    '|---|---|---|---|---|---|',
    ...summaries.map(
      (s) =>
        `| ${s.name} | ${s.what} | ${ms(s.medianMs)} | ${ms(s.worstMs)} | ${ms(s.tbtBeforeMedianMs)} | ${verdict(s)} |`,
    ),
    '',
    ...(Math.max(machine.loadStart, machine.loadEnd) > os.cpus().length
      ? [
          `**A loaded machine**: its load average was above its ${os.cpus().length} cores, so these figures hold other processes' time (a slowed page waits for a processor too); compare them only with a run on a quiet machine.`,
          '',
        ]
      : []),
    `Budget: every step's worst run ≤ ${INTERACTION_BUDGET_MS} ms at ${options.cpu}x. "TBT before it": the blocking time of the page's long tasks (observed, slowed) from its first contentful paint to the step's start.`,
    '',
    ...summaries.flatMap((s) => (s.skipped ? [`- ${s.name}: not measured: ${s.skipped}.`] : [])),
    '',
    'Each run (slowest interaction; every interaction of the step):',
    '',
    ...summaries
      .filter((s) => !s.skipped)
      .flatMap((s) => [
        `- ${s.name}:`,
        ...s.runs.map(
          (r, index) =>
            `  ${index + 1}. ${ms(r.inpMs)}${r.error ? ` (${r.error})` : ''}; hydrated at ${ms(r.hydratedAtMs)}; ${r.interactions.map(describeInteraction).join('; ')}`,
        ),
      ]),
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const options = readOptions();
  const started = Date.now();
  const loadStart = os.loadavg()[0] ?? 0;
  const cpuStart = cpuTimes();
  const shop = await startLighthouseShop(REPO_ROOT, options.products, []);
  let browser: Browser | undefined;
  try {
    const urls = await findUrls(shop.base);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    await warmUp(browser, shop.base, urls);
    const summaries: StepSummary[] = [];
    for (const step of STEPS.filter((s) => options.steps.includes(s.name))) {
      const runs: RunRecord[] = [];
      let skipped: string | undefined;
      for (let run = 1; run <= options.runs && !skipped; run++) {
        // A run that fails (a page that never hydrated on an overloaded machine) is recorded as
        // such and the rest go on.
        const record = await runStep(browser, shop.base, urls, step, options).catch(
          (error: unknown): RunRecord => ({
            inpMs: null,
            tbtBeforeMs: null,
            hydratedAtMs: null,
            interactions: [],
            error: (error instanceof Error ? error.message : String(error)).split('\n')[0],
          }),
        );
        if ('skipped' in record) {
          skipped = record.skipped;
          console.log(`[interactions] ${step.name}: not measured: ${skipped}`);
          break;
        }
        runs.push(record);
        const worst = slowest(record.interactions);
        console.log(
          `[interactions] ${step.name} run ${run}: ${record.inpMs ?? '-'} ms${record.error ? ` (${record.error})` : ''}${worst ? ` (${worst.events.join('/')} on ${worst.target})` : ''}, TBT before ${record.tbtBeforeMs ?? '-'} ms, load ${os.loadavg()[0]?.toFixed(1)}`,
        );
      }
      summaries.push(summarize(step, runs, skipped));
    }
    const date = new Date().toISOString();
    const machine = {
      loadStart,
      loadEnd: os.loadavg()[0] ?? 0,
      busyShare: busyShare(cpuStart, cpuTimes()),
      seconds: Math.round((Date.now() - started) / 1000),
    };
    const md = report(summaries, options, machine, date);
    const name = options.name ?? `interactions-${date.slice(0, 10)}`;
    writeFileSync(
      path.join(RESULTS_DIR, `${name}.json`),
      `${JSON.stringify({ date, options, machine, cores: os.cpus().length, urls: { ...urls, search: urls.search.replace(shop.base, ''), grid: urls.grid.replace(shop.base, ''), product: urls.product.replace(shop.base, '') }, budgetMs: INTERACTION_BUDGET_MS, steps: summaries }, null, 2)}\n`,
    );
    writeFileSync(path.join(RESULTS_DIR, `${name}.md`), md);
    console.log(md);
  } finally {
    await browser?.close();
    await shop.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
