/**
 * The Lighthouse budget and how a page's runs are judged against it (bench/lighthouse.ts).
 *
 * A single Lighthouse run on a shared two-core machine moves with the machine's load: its total
 * blocking time is the page's main-thread work as measured, times Lighthouse's 4x CPU slowdown, so
 * another process's burst shows up four times over. A page is therefore judged on the median of
 * its runs, metric by metric (as Lighthouse CI's `median` aggregation does), and the scores that
 * do not depend on timing (accessibility, best practices, SEO) and the page's JavaScript must hold
 * in every run. The budget's numbers never change.
 *
 * The judged runs are consecutive runs started without waiting for a quiet machine: the machine as
 * a shopper's phone or a CI host meets it, so that a regression shows where it happens. Runs that
 * each waited for a quiet machine (bench/machine-quiet.ts) may be recorded beside them, and are
 * never judged: they say what the page costs alone, not what it gets.
 */

/** The budget: scores out of 100, times in ms, the product page's JavaScript in gzip kB. */
export const BUDGET = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1500,
  cls: 0.05,
  tbtMs: 100,
  productScriptKb: 100,
} as const;

export interface PageFigures {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** JavaScript transferred (compressed) for the page, kB. */
  scriptKb: number;
  /** Every page weight transferred, kB. */
  totalKb: number;
  /** The audits that failed in the categories that must score 100 (why a score is short). */
  failedAudits: string[];
}

/** A budget line a page misses; `timing` when it is one the machine's load moves. */
export interface Miss {
  text: string;
  timing: boolean;
}

/** The budget lines a page misses ([] when it holds). */
export function budgetMisses(figures: PageFigures): Miss[] {
  const misses: Miss[] = [];
  const miss = (text: string, timing: boolean) => misses.push({ text, timing });
  if (figures.performance < BUDGET.performance)
    miss(`performance ${figures.performance} < ${BUDGET.performance}`, true);
  if (figures.lcpMs > BUDGET.lcpMs) miss(`LCP ${figures.lcpMs} ms > ${BUDGET.lcpMs} ms`, true);
  if (figures.tbtMs > BUDGET.tbtMs) miss(`TBT ${figures.tbtMs} ms > ${BUDGET.tbtMs} ms`, true);
  if (figures.accessibility < BUDGET.accessibility) miss(`accessibility ${figures.accessibility} < 100`, false);
  if (figures.bestPractices < BUDGET.bestPractices) miss(`best practices ${figures.bestPractices} < 100`, false);
  if (figures.seo < BUDGET.seo) miss(`SEO ${figures.seo} < 100`, false);
  // Layout shift does not depend on the CPU's speed here (the page is drawn by the server).
  if (figures.cls > BUDGET.cls) miss(`CLS ${figures.cls} > ${BUDGET.cls}`, false);
  if (figures.page === 'product' && figures.scriptKb > BUDGET.productScriptKb)
    miss(`product page JavaScript ${figures.scriptKb} kB > ${BUDGET.productScriptKb} kB`, false);
  return misses;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * What a page is judged on: the median of its runs for what the machine's load moves (scores,
 * paint times, blocking time, layout shift), the worst run for what it does not (the scores that
 * must be 100, the JavaScript sent).
 */
export function judgedFigures(runs: PageFigures[]): PageFigures {
  const first = runs[0];
  if (!first) throw new Error('no runs to judge');
  const of = (pick: (run: PageFigures) => number) => runs.map(pick);
  return {
    page: first.page,
    url: first.url,
    performance: Math.round(median(of((r) => r.performance))),
    accessibility: Math.min(...of((r) => r.accessibility)),
    bestPractices: Math.min(...of((r) => r.bestPractices)),
    seo: Math.min(...of((r) => r.seo)),
    fcpMs: Math.round(median(of((r) => r.fcpMs))),
    lcpMs: Math.round(median(of((r) => r.lcpMs))),
    cls: median(of((r) => r.cls)),
    tbtMs: Math.round(median(of((r) => r.tbtMs))),
    scriptKb: Math.max(...of((r) => r.scriptKb)),
    totalKb: Math.max(...of((r) => r.totalKb)),
    failedAudits: [...new Set(runs.flatMap((r) => r.failedAudits))],
  };
}

/**
 * Whether a page that misses deserves another run: only when every line it misses is one the
 * machine's load moves, and it has had fewer than `most` runs. A page short on accessibility or
 * over its JavaScript fails at once; more runs would not change that.
 */
export function worthAnotherRun(runs: PageFigures[], most: number): boolean {
  if (runs.length >= most) return false;
  const misses = budgetMisses(judgedFigures(runs));
  return misses.length > 0 && misses.every((m) => m.timing);
}

/** How a page's judged runs are taken: `runs` in a row, more (up to `most`) only when asked. */
export interface RunPlan {
  runs: number;
  /** Runs in all while the page misses on timing alone; `runs` (no more) unless asked for. */
  most: number;
  /** Figures only (`--no-budget`): never more than `runs`. */
  budget: boolean;
}

/** Whether a page's judged runs need another: the first `plan.runs`, then more only as `plan.most` allows. */
export function wantsAnotherRun(runs: PageFigures[], plan: RunPlan): boolean {
  if (runs.length < plan.runs) return true;
  return plan.budget && worthAnotherRun(runs, plan.most);
}

export interface PageVerdict {
  /** The figures judged against the budget: the median of the runs without a quiet gate. */
  judged: PageFigures;
  /** The median of the quiet-gated runs, when there were any: recorded, never judged. */
  quiet?: PageFigures;
  /** Every budget line the judged figures miss. */
  misses: Miss[];
  /** The misses that fail the run: all of them, or with `timingAdvisory` those timing cannot cause. */
  failing: Miss[];
}

/**
 * The verdict on a page: judged on its runs without a quiet gate alone; its quiet-gated runs are
 * summed up beside them and change nothing, however they went.
 */
export function pageVerdict(ungated: PageFigures[], quiet: PageFigures[], timingAdvisory: boolean): PageVerdict {
  const judged = judgedFigures(ungated);
  const misses = budgetMisses(judged);
  return {
    judged,
    ...(quiet.length > 0 ? { quiet: judgedFigures(quiet) } : {}),
    misses,
    failing: misses.filter((m) => !(timingAdvisory && m.timing)),
  };
}
