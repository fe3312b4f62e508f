/**
 * The bundle, measured in one run (scripts/bundle-budget.ts, the same check `npm test` runs): the
 * floors, the foundation's overhead and the per-screen cost, gzip -9, against their targets.
 */
import {
  ADDED_SCREENS,
  BASE_SCREENS,
  BUDGET_OVER_STACK_FLOOR,
  PER_SCREEN_TARGET,
  SCREENS_AS_SHIPPED,
  TARGET_OVER_STACK_FLOOR,
  kb,
  measureBundles,
} from '../scripts/bundle-budget';

export async function run(): Promise<string> {
  const report = await measureBundles();
  const { reactFloor, stackFloor, app, overhead, perScreen, generated, problems } = report;
  const missed = overhead - TARGET_OVER_STACK_FLOOR;
  const lazy = app.chunks.filter((chunk) => chunk.isDynamicEntry);
  return `## Bundle

Initial JS = the scripts and modulepreloads the built index.html names, gzip -9 (1 KB = 1,024 B).
Every app is built in this run with Vite's JS API and the product's own vite.config.ts, so that all
share the same build options (\`npm run budget\`, also checked by \`npm test\`). The floors are
minimal apps in bench/floors/: React alone (a counter), and the stack (a two-state machine following
the browser history through \`useSelector\`). The budget is split in two, so that screens, the
product's legitimate growth, never fail the foundation's gate:

1. **Foundation overhead** = the product as shipped (its machine, ${report.screens} screens) − the stack floor.
   Target ≤ ${kb(TARGET_OVER_STACK_FLOOR)}. The gate allows ${kb(BUDGET_OVER_STACK_FLOOR)} (the measured overhead plus a
   small margin, while the target is missed) plus ${PER_SCREEN_TARGET} B for each screen beyond the ${SCREENS_AS_SHIPPED} shipped.
2. **Per-screen cost** = (initial JS of a generated product-shaped app with ${BASE_SCREENS + ADDED_SCREENS} screens − the same
   with ${BASE_SCREENS}) / ${ADDED_SCREENS}. The generated apps (bench/apps/generatedApp.ts) are the product's main.tsx,
   shell and routing with a machine written as README's recipe writes a screen: a state node with an
   id, \`route: {}\`, path and title in meta (every tenth with an \`int\` param), titles in a module the
   machine imports, and one view file per screen with its heading and a ~300-character text, with
   distinct word-made ids, paths and titles. Target and gate ≤ ${PER_SCREEN_TARGET} B; the gate also fails
   if a view's text reaches the initial JS.

| build | initial JS (gz -9) |
| --- | --- |
| React floor: react + react-dom | ${kb(reactFloor.initialJs)} |
| Stack floor: + xstate, @xstate/react, react-router-dom's \`UNSAFE_createBrowserHistory\` | ${kb(stackFloor.initialJs)} |
| Our product app as shipped (${app.initialFiles.join(', ')}) | ${kb(app.initialJs)} |
| **1. foundation overhead** (product − stack floor) | **${kb(overhead)}** (${overhead} B) |
| generated app, ${BASE_SCREENS} screens | ${kb(generated.base.initialJs)} |
| generated app, ${BASE_SCREENS + ADDED_SCREENS} screens | ${kb(generated.grown.initialJs)} |
| **2. per added screen** | **${perScreen.toFixed(0)} B** |

Per screen: **${perScreen <= PER_SCREEN_TARGET ? 'met' : `missed by ${(perScreen - PER_SCREEN_TARGET).toFixed(0)} B`}** (${perScreen.toFixed(0)} B ≤ ${PER_SCREEN_TARGET} B).
Overhead: ${
    missed > 0
      ? `**missed by ${kb(missed)}** (${missed} B). Where it goes and what closing it takes: "What the
overhead is made of" below.`
      : '**met**.'
  }

Screens: ${lazy.length} lazy chunks (${lazy.map((chunk) => chunk.fileName.replace(/^assets\//, '').replace(/-[\w-]+\.js$/, '')).join(', ')}); problems found: ${problems.length ? problems.join('; ') : "none (every screen in its own lazy chunk, each generated view's text in its chunk; no test, bench, script, development-build or dev-tool module in the build)"}.`;
}
