import { describe, expect, it } from 'vitest';
import {
  BUDGET,
  budgetMisses,
  judgedFigures,
  type PageFigures,
  pageVerdict,
  wantsAnotherRun,
  worthAnotherRun,
} from './lighthouse-budget';

function run(overrides: Partial<PageFigures> = {}): PageFigures {
  return {
    page: 'product',
    url: '/product/A1/phone',
    performance: 99,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    fcpMs: 900,
    lcpMs: 1100,
    cls: 0,
    tbtMs: 40,
    scriptKb: 80,
    totalKb: 170,
    failedAudits: [],
    ...overrides,
  };
}

describe('the Lighthouse budget', () => {
  it('holds for a page within every line, and names each line a page misses', () => {
    expect(budgetMisses(run())).toEqual([]);
    const misses = budgetMisses(
      run({ performance: 94, lcpMs: 1501, tbtMs: 101, accessibility: 98, cls: 0.06, scriptKb: 100.1 }),
    );
    expect(misses.map((m) => m.text)).toEqual([
      'performance 94 < 95',
      'LCP 1501 ms > 1500 ms',
      'TBT 101 ms > 100 ms',
      'accessibility 98 < 100',
      'CLS 0.06 > 0.05',
      'product page JavaScript 100.1 kB > 100 kB',
    ]);
    expect(misses.map((m) => m.timing)).toEqual([true, true, true, false, false, false]);
    // The JavaScript line is the product page's.
    expect(budgetMisses(run({ page: 'home', scriptKb: 120 }))).toEqual([]);
    expect(BUDGET.tbtMs).toBe(100);
  });

  it("judges the median of a page's runs for timing, the worst run for the scores that must be 100", () => {
    const judged = judgedFigures([
      run({ tbtMs: 300, lcpMs: 1600, performance: 90 }),
      run({ tbtMs: 60, lcpMs: 1200, performance: 98, seo: 92, failedAudits: ['seo: link-text'] }),
      run({ tbtMs: 80, lcpMs: 1300, performance: 97, scriptKb: 81 }),
    ]);
    expect(judged).toMatchObject({ tbtMs: 80, lcpMs: 1300, performance: 97, seo: 92, scriptKb: 81 });
    expect(judged.failedAudits).toEqual(['seo: link-text']);
    // An even number of runs: the mean of the middle two.
    expect(
      judgedFigures([run({ tbtMs: 90 }), run({ tbtMs: 120 }), run({ tbtMs: 20 }), run({ tbtMs: 200 })]).tbtMs,
    ).toBe(105);
  });

  it('runs a page again only while it misses on timing alone, up to the most runs allowed', () => {
    const slow = [run({ tbtMs: 150 }), run({ tbtMs: 140 }), run({ tbtMs: 90 })];
    expect(worthAnotherRun(slow, 5)).toBe(true);
    expect(worthAnotherRun([...slow, run(), run()], 5)).toBe(false);
    // Within budget: nothing to do again.
    expect(worthAnotherRun([run(), run(), run()], 5)).toBe(false);
    // Short on accessibility: another run would not change it.
    expect(worthAnotherRun([run({ tbtMs: 150, accessibility: 95 }), run({ tbtMs: 150 }), run()], 5)).toBe(false);
  });

  it('takes the judged runs in a row: three, and no more on a miss unless more are asked for', () => {
    const plan = { runs: 3, most: 3, budget: true };
    expect(wantsAnotherRun([], plan)).toBe(true);
    expect(wantsAnotherRun([run(), run({ tbtMs: 400 })], plan)).toBe(true);
    const slow = [run({ tbtMs: 150 }), run({ tbtMs: 140 }), run({ tbtMs: 90 })];
    // Three consecutive runs are the figure, a miss included: no run again until one passes.
    expect(wantsAnotherRun(slow, plan)).toBe(false);
    // `--most 5` asks for more while the page misses on timing alone.
    expect(wantsAnotherRun(slow, { ...plan, most: 5 })).toBe(true);
    expect(wantsAnotherRun(slow, { ...plan, most: 5, budget: false })).toBe(false);
  });

  it('judges a page on its runs without the quiet gate; the quiet-gated runs are recorded beside them, never judged', () => {
    const ungated = [run({ tbtMs: 230 }), run({ tbtMs: 250 }), run({ tbtMs: 90 })];
    const quiet = [run({ tbtMs: 0 }), run({ tbtMs: 10 }), run({ tbtMs: 5 })];
    const verdict = pageVerdict(ungated, quiet, false);
    expect(verdict.judged.tbtMs).toBe(230);
    expect(verdict.quiet?.tbtMs).toBe(5);
    // Quiet runs within budget do not rescue the page.
    expect(verdict.failing.map((m) => m.text)).toEqual(['TBT 230 ms > 100 ms']);
    // Quiet runs over budget do not fail a page whose ungated runs hold.
    const held = pageVerdict(quiet, ungated, false);
    expect(held.misses).toEqual([]);
    expect(held.failing).toEqual([]);
    expect(held.quiet?.tbtMs).toBe(230);
    // Without quiet runs there is no quiet figure.
    expect(pageVerdict(ungated, [], false).quiet).toBeUndefined();
  });

  it('with timing advisory, records a timing miss without failing, and fails on the rest', () => {
    const slow = [run({ tbtMs: 230, performance: 90 }), run({ tbtMs: 250, performance: 88 }), run({ tbtMs: 90 })];
    const advisory = pageVerdict(slow, [], true);
    expect(advisory.misses.map((m) => m.text)).toEqual(['performance 90 < 95', 'TBT 230 ms > 100 ms']);
    expect(advisory.failing).toEqual([]);
    const heavy = pageVerdict([run({ scriptKb: 120 }), run(), run()], [], true);
    expect(heavy.failing.map((m) => m.text)).toEqual(['product page JavaScript 120 kB > 100 kB']);
  });
});
