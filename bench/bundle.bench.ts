/**
 * The bundle, measured in one run (scripts/bundle-budget.ts, the same check `npm test` runs): the
 * floors, the foundation's overhead and the per-screen cost, gzip -9, against their targets.
 */
import {
  ADDED_SCREENS,
  BASE_SCREENS,
  BUDGET_OVER_STACK_FLOOR,
  PER_SCREEN_TARGET,
  PRODUCT_INITIAL_JS_BUDGET,
  STEP_OVER_STACK_FLOOR,
  TARGET_OVER_STACK_FLOOR,
  kb,
  measureBundles,
} from '../scripts/bundle-budget';

export async function run(): Promise<string> {
  const report = await measureBundles({ reactFloor: true });
  const { reactFloor, stackFloor, app, overhead, perScreen, generated, problems } = report;
  const missed = overhead - TARGET_OVER_STACK_FLOOR;
  const lazy = app.chunks.filter((chunk) => chunk.isDynamicEntry);
  return `## Bundle

Initial JS = the scripts and modulepreloads the built index.html names, gzip -9 (1 KB = 1,024 B).
Every app is built in this run with Vite's JS API and the product's own vite.config.ts, so that all
share the same build options (\`npm run budget\`, also checked by \`npm test\`). The floors are
minimal apps in scripts/budget/floors/: React alone (a counter), and the stack (a two-state machine
following the URL with the Navigation API through \`useSelector\`). The budget is split in three, so that the product's
legitimate growth (screens, valibot, calls, forms) never fails the foundation's gate (docs/budgets.md):

1. **Foundation overhead** = the foundation app (the generated app below with ${BASE_SCREENS} screens and its own
   words: its features never change when the product grows) − the stack floor.
   Target ≤ ${kb(TARGET_OVER_STACK_FLOOR)}; issue 35's step towards it ≤ ${kb(STEP_OVER_STACK_FLOOR)} (${STEP_OVER_STACK_FLOOR} B). The gate allows
   ${BUDGET_OVER_STACK_FLOOR} B (the measured overhead plus a small margin, while the target is missed).
2. **Per-screen cost** = (initial JS of a generated product-shaped app with ${BASE_SCREENS + ADDED_SCREENS} screens − the same
   with ${BASE_SCREENS}) / ${ADDED_SCREENS}. The generated apps (scripts/budget/generatedApp.ts) are the product's main.tsx,
   shell and routing with a machine written as README's recipe writes a screen: a state node with an
   id, \`route: {}\`, path and title in meta (every tenth with an \`int\` param), titles in a module the
   machine imports, and one view file per screen with its heading and a ~300-character text, with
   distinct word-made ids, paths and titles. Target and gate ≤ ${PER_SCREEN_TARGET} B; the gate also fails
   if a view's text reaches the initial JS.
3. **The product's initial JS** ≤ its own budget, ${kb(PRODUCT_INITIAL_JS_BUDGET)} (\`PRODUCT_INITIAL_JS_BUDGET\` in budgets.ts).

| build | initial JS (gz -9) |
| --- | --- |
| React floor: react + react-dom | ${reactFloor ? kb(reactFloor.initialJs) : 'not built'} |
| Stack floor: + xstate, @xstate/react, the Navigation API | ${kb(stackFloor.initialJs)} |
| foundation app: generated, ${BASE_SCREENS} screens | ${kb(generated.base.initialJs)} |
| **1. foundation overhead** (foundation app − stack floor) | **${kb(overhead)}** (${overhead} B) |
| generated app, ${BASE_SCREENS + ADDED_SCREENS} screens | ${kb(generated.grown.initialJs)} |
| **2. per added screen** | **${perScreen.toFixed(0)} B** |
| **3. our product app as shipped** (${app.initialFiles.join(', ')}) | **${kb(app.initialJs)}** of ${kb(PRODUCT_INITIAL_JS_BUDGET)} |

Per screen: **${perScreen <= PER_SCREEN_TARGET ? 'met' : `missed by ${(perScreen - PER_SCREEN_TARGET).toFixed(0)} B`}** (${perScreen.toFixed(0)} B ≤ ${PER_SCREEN_TARGET} B).
Overhead: ${
    missed > 0
      ? `**missed by ${kb(missed)}** (${missed} B); issue 35's step: ${overhead <= STEP_OVER_STACK_FLOOR ? '**met**' : `**missed by ${overhead - STEP_OVER_STACK_FLOOR} B**`}. What it is made of: "Initial JS by package" in
section 4 attributes each byte of the routing app's first load to its package (bench/packages.ts).`
      : '**met**.'
  }

Lazy chunks (a view each, and code kept off the first load): ${lazy.length} (${lazy.map((chunk) => chunk.fileName.replace(/^assets\//, '').replace(/-[\w-]+\.js$/, '')).join(', ')}); problems found: ${problems.length ? problems.join('; ') : "none (every screen in its own lazy chunk, each generated view's text in its chunk; no test, bench, script, development-build or dev-tool module in the build)"}.`;
}
