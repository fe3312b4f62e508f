/**
 * `npm run new:screen -- <id> <path> [options]`: adds a screen to the product with obvious
 * placeholders — the state node (machines/appMachine.ts), its words (machines/strings.ts), its
 * view (src/views/<id>.view.tsx) and its path-test assertion (tests/paths/productPaths.ts), and
 * whatever its options need (docs/screens.md says what each writes). tests/paths/placeholders.test.ts
 * then fails, naming each placeholder, until it is filled in.
 *
 * The pieces are in this package's src/: run.ts (the command without its process), args.ts (the
 * command line), machine.ts, strings.ts, spec.ts and write.ts (the core), edit.ts (text edits that
 * find their anchors), view.ts, and one module per option: parent.ts, param.ts, tabs.ts, loads.ts,
 * form.ts, role.ts.
 */
import { runNewScreen } from './run';

/** The command (bin/new-screen.mjs): writes under the directory it runs in, the product's root. */
export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  try {
    for (const line of await runNewScreen(args, process.cwd())) console.log(line);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
