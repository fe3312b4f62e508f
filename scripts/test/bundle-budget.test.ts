import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADDED_SCREENS,
  BUDGET_OVER_STACK_FLOOR,
  BASE_SCREENS,
  PER_SCREEN_TARGET,
  PRODUCT_INITIAL_JS_BUDGET,
  budgetProblems,
  forbiddenModules,
  formatReport,
  initialScripts,
  measureBundles,
  screenProblems,
  wordingInInitialJs,
  type Build,
  type BundleReport,
} from '../bundle-budget';

const chunk = (fileName: string, modules: string[], isDynamicEntry = true) => ({
  fileName,
  modules,
  isEntry: !isDynamicEntry,
  isDynamicEntry,
});
const build = (chunks: Build['chunks']): Build => ({ initialJs: 0, initialFiles: ['assets/index.js'], chunks });

describe('the build checks', () => {
  const screens = ['src/views/home.view.tsx', 'src/views/error.view.tsx'];

  it('accept screens each alone in a lazy chunk', () => {
    const ok = build([
      chunk('assets/index.js', ['src/main.tsx'], false),
      chunk('assets/home.js', [screens[0] as string]),
      chunk('assets/error.js', [screens[1] as string, 'src/shell/ScreenHeading.tsx']),
    ]);
    expect(screenProblems(ok, screens)).toEqual([]);
  });

  it('report a screen in the initial chunk and two screens sharing a chunk', () => {
    const eager = build([chunk('assets/index.js', ['src/main.tsx', ...screens], false)]);
    expect(screenProblems(eager, screens)).toContain('src/views/home.view.tsx is not in a lazy chunk');
    const shared = build([chunk('assets/views.js', screens)]);
    expect(screenProblems(shared, screens)).toContain(
      'src/views/home.view.tsx shares its chunk with src/views/error.view.tsx',
    );
  });

  it('report test, reference, server and dev-tool code in the build', () => {
    const leaky = build([
      chunk(
        'assets/index.js',
        [
          'src/main.tsx',
          'examples/reference/referenceMachine.ts',
          'server/handlers.ts',
          'packages/devtools/src/Inspector.tsx',
          'node_modules/@statelyai/inspect/dist/index.mjs',
          'node_modules/react-dom/cjs/react-dom-client.development.js',
        ],
        false,
      ),
    ]);
    expect(forbiddenModules(leaky)).toHaveLength(5);
  });
});

describe('initialScripts', () => {
  it('names the module scripts and modulepreloads of an index.html, not stylesheets or icons', () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js">
      <link rel="stylesheet" href="/assets/index-c.css"><link rel="icon" href="/favicon.svg">`;
    expect(initialScripts(html)).toEqual(['/assets/index-a.js', '/assets/vendor-b.js']);
  });
});

describe('the split budget', () => {
  const floor = 90_000;
  const asShipped = {
    stackFloor: floor,
    foundation: floor + BUDGET_OVER_STACK_FLOOR,
    app: floor + BUDGET_OVER_STACK_FLOOR,
    perScreen: 80,
  };

  it('passes the foundation at its overhead budget with a per-screen cost under the target', () => {
    expect(budgetProblems(asShipped)).toEqual([]);
  });

  it('lets the product grow (screens, valibot, calls, forms: 40 KB more) without touching the foundation gate', () => {
    expect(budgetProblems({ ...asShipped, app: asShipped.app + 40 * 1024 })).toEqual([]);
  });

  it('fails on foundation growth, whatever the product does, saying what to change', () => {
    const [problem, ...rest] = budgetProblems({ ...asShipped, foundation: asShipped.foundation + 1 });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^the foundation's overhead grew: .* 1 B too many\. /);
    expect(problem).toContain('move it out of the first load');
    expect(problem).toContain('BUDGET_OVER_STACK_FLOOR in scripts/bundle-budget.ts');
  });

  it("fails a product over its own budget, naming budgets.ts and not the foundation's gate", () => {
    const [problem, ...rest] = budgetProblems({ ...asShipped, app: 2048, productBudget: 1024 });
    expect(rest).toEqual([]);
    expect(problem).toMatch(
      /^the product's initial JS is 2\.0 KB, over its budget of 1\.0 KB \(PRODUCT_INITIAL_JS_BUDGET in budgets\.ts\), 1024 B too many\./,
    );
    expect(problem).not.toContain('BUDGET_OVER_STACK_FLOOR');
  });

  it('gives the product a default budget with room for a real product (≥ 60 KB over the stack floor as measured)', () => {
    expect(PRODUCT_INITIAL_JS_BUDGET).toBeGreaterThanOrEqual(150 * 1024);
  });

  it('fails when one more screen costs more than the target, saying what to change', () => {
    const [problem, ...rest] = budgetProblems({ ...asShipped, perScreen: PER_SCREEN_TARGET + 1 });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^one more screen costs 121 B of initial JS, over the 120 B per screen/);
    expect(problem).toContain("Keep a screen's wording and code in its view's chunk");
  });

  it("finds a generated view's wording in the initial JS", () => {
    const body = 'Amber ledger 1: '.padEnd(80, 'x');
    const app = (initialCode: string, lazyCode: string): Build => ({
      initialJs: 0,
      initialFiles: ['assets/index.js'],
      chunks: [
        { ...chunk('assets/index.js', ['main.tsx'], false), code: initialCode },
        { ...chunk('assets/amberLedger1.view.js', ['views/amberLedger1.view.tsx']), code: lazyCode },
      ],
    });
    const bodies = new Map([['amberLedger1', body]]);
    expect(wordingInInitialJs(app('createRoot()', `jsx("p", {children: "${body}"})`), bodies)).toEqual([]);
    expect(wordingInInitialJs(app(`const titles = {a: "${body}"}`, ''), bodies)).toEqual([
      expect.stringMatching(/^the wording of generated screen #amberLedger1 is in the initial JS: /),
    ]);
  });
});

describe('the bundle budget', () => {
  let report: BundleReport;
  beforeAll(async () => {
    report = await measureBundles();
    // The figures, printed on every run, pass or fail.
    console.log(formatReport(report));
  }, 240_000);

  it('measures the stack floor in the same run, and builds the React floor only for the benchmark', () => {
    expect(report.stackFloor.initialJs).toBeGreaterThan(60 * 1024);
    expect(report.reactFloor).toBeUndefined();
  });

  it(`keeps the foundation's overhead (the foundation app, ${BASE_SCREENS} generated screens, over the stack floor) within its gate`, () => {
    expect(report.overhead).toBe(report.generated.base.initialJs - report.stackFloor.initialJs);
    expect(report.overhead).toBeLessThanOrEqual(BUDGET_OVER_STACK_FLOOR);
  });

  it("keeps the product's initial JS within its own budget (budgets.ts)", () => {
    expect(report.app.initialJs).toBeLessThanOrEqual(report.productBudget);
  });

  it(`keeps the initial JS one more screen adds within ${PER_SCREEN_TARGET} B (generated apps, ${ADDED_SCREENS} screens apart)`, () => {
    expect(report.generated.grown.initialJs).toBeGreaterThan(report.generated.base.initialJs);
    expect(report.perScreen).toBeLessThanOrEqual(PER_SCREEN_TARGET);
  });

  it("puts every screen in its own lazy chunk, each view's wording with it, and no test, bench or dev-tool code in the build", () => {
    expect(report.problems).toEqual([]);
  });
});
