/**
 * `npm run new:screen -- <id> <path> [options]`: adds a screen to the product with obvious
 * placeholders — the state node (machines/appMachine.ts), its words (machines/strings.ts), its
 * view (src/views/<id>.view.tsx) and its path-test assertion (tests/paths/productPaths.ts), and
 * whatever its options need (docs/screens.md says what each writes). tests/paths/placeholders.test.ts
 * then fails, naming each placeholder, until it is filled in.
 *
 * The pieces are in scripts/new-screen/: args.ts (the command line), machine.ts, strings.ts,
 * spec.ts and write.ts (the core), edit.ts (text edits that find their anchors), view.ts, and one
 * module per option: parent.ts, param.ts, tabs.ts, loads.ts, form.ts, role.ts.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { PLACEHOLDER } from '../machines/placeholder';
import { parseArgs } from './new-screen/args';
import { newScreen } from './new-screen/write';

try {
  const screen = parseArgs(process.argv.slice(2));
  const { files, notes } = newScreen(process.cwd(), screen);
  // Formatted as `npm run lint` wants them: a generator's output passes the gates as written.
  execFileSync(resolve('node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', ...files], {
    stdio: 'inherit',
  });
  for (const path of files) console.log(`wrote ${path}`);
  for (const note of notes) console.log(`to do: ${note}`);
  console.log(
    `\nNext: replace every "${PLACEHOLDER}" (npx vitest run --project paths tests/paths/placeholders.test.ts names them),\n` +
      'then npm run machine:export to redraw docs/machine.',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
