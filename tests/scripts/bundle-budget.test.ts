import { beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGET_OVER_STACK_FLOOR,
  forbiddenModules,
  formatReport,
  initialScripts,
  measureBundles,
  screenProblems,
  type Build,
  type BundleReport,
} from '../../scripts/bundle-budget';

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

  it('report test, reference and dev-tool code in the build', () => {
    const leaky = build([
      chunk(
        'assets/index.js',
        [
          'src/main.tsx',
          'tests/reference/referenceMachine.ts',
          'node_modules/@statelyai/inspect/dist/index.mjs',
          'node_modules/react-dom/cjs/react-dom-client.development.js',
        ],
        false,
      ),
    ]);
    expect(forbiddenModules(leaky)).toHaveLength(3);
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
