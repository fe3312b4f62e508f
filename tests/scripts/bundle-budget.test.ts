import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGET_OVER_STACK_FLOOR,
  formatReport,
  initialScripts,
  measureBundles,
  type BundleReport,
} from '../../scripts/bundle-budget';

describe('initialScripts', () => {
  it('names the module scripts and modulepreloads of an index.html, not stylesheets or icons', () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link rel="stylesheet" href="/assets/index-c.css"><link rel="icon" href="/favicon.svg">`;
    expect(initialScripts(html)).toEqual(['/assets/index-a.js', '/assets/vendor-b.js']);
  });
});

describe('the bundle budget', () => {
  let report: BundleReport;
  beforeAll(async () => {
    report = await measureBundles();
    // The three figures, printed on every run, pass or fail.
    console.log(formatReport(report));
  });

  it('measures the floors in the same run, the stack above React alone', () => {
    expect(report.reactFloor.initialJs).toBeGreaterThan(40 * 1024);
    expect(report.stackFloor.initialJs).toBeGreaterThan(report.reactFloor.initialJs);
  });

  it('keeps the initial JS within the stack floor plus the budget', () => {
    expect(report.budget).toBe(report.stackFloor.initialJs + BUDGET_OVER_STACK_FLOOR);
    expect(report.app.initialJs).toBeLessThanOrEqual(report.budget);
  });

  it('puts every screen in its own lazy chunk and no test, bench or dev-tool code in the build', () => {
    expect(report.problems).toEqual([]);
  });
});
