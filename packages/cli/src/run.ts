import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as prettier from 'prettier';
import { PLACEHOLDER } from './placeholder';
import { parseArgs } from './args';
import { newScreen } from './write';

/**
 * `npm run new:screen` without the process: parses `argv`, writes the screen under `root`,
 * formats what it wrote, and returns what the command prints. packages/cli/src/newScreen.ts is its command
 * line; packages/cli/test/newScreen.test.ts calls it in a copy of the repository, where a process per
 * generator (tsx, then Prettier) cost 2–6 s each on a shared 2-core machine.
 */
export async function runNewScreen(argv: readonly string[], root: string): Promise<string[]> {
  const { files, notes } = newScreen(root, parseArgs([...argv]));
  // Formatted as `npm run lint` wants them: a generator's output passes the gates as written.
  await formatFiles(root, files);
  return [
    ...files.map((path) => `wrote ${path}`),
    ...notes.map((note) => `to do: ${note}`),
    `\nNext: replace every "${PLACEHOLDER}" (npx vitest run --project paths tests/paths/placeholders.test.ts names them),\n` +
      'then npm run machine:export to redraw docs/machine.',
  ];
}

/** Prettier's API on files under `root`, with the configuration `prettier --write` would find there. */
export async function formatFiles(root: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const path = resolve(root, file);
    const source = readFileSync(path, 'utf8');
    const options = await prettier.resolveConfig(path);
    const formatted = await prettier.format(source, { ...options, filepath: path });
    if (formatted !== source) writeFileSync(path, formatted);
  }
}
