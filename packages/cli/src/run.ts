import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as prettier from 'prettier';
import { PLACEHOLDER } from './placeholder';
import { parseArgs, type NewScreen } from './args';
import { inProductStyle, readProductFile, type ProductFile } from './style';
import { planScreen, type Written } from './write';

/**
 * `npm run new:screen` without the process: parses `argv`, writes the screen under `root` in the
 * product's own Prettier style, and returns what the command prints. packages/cli/src/newScreen.ts
 * is its command line; packages/cli/test/newScreen.copy.test.ts calls it in a copy of the repository,
 * where a process per generator (tsx, then Prettier) cost 2–6 s each on a shared 2-core machine.
 */
export async function runNewScreen(argv: readonly string[], root: string): Promise<string[]> {
  const { files, notes } = await newScreen(root, parseArgs([...argv]));
  return [
    ...files.map((path) => `wrote ${path}`),
    ...notes.map((note) => `to do: ${note}`),
    `\nNext: replace every "${PLACEHOLDER}" (npx vitest run --project paths tests/paths/placeholders.test.ts names them),\n` +
      'then npm run machine:export to redraw docs/machine.',
  ];
}

/**
 * Writes a screen under `root`: the edits are made on the product's files in the generator's style
 * (style.ts) and land in the product's own, changing only the lines they write (a product's
 * `git diff` after new:screen holds the screen and nothing else). Returns the files written and what
 * is left to do by hand.
 */
export async function newScreen(root: string, asked: NewScreen): Promise<{ files: string[]; notes: string[] }> {
  const read = new Map<string, ProductFile>();
  // The edits are synchronous and Prettier is not: each pass reads what the last one asked for,
  // until a pass asks for nothing new (two or three passes: the files an option reads depend on
  // little but the request).
  for (;;) {
    const missing = new Set<string>();
    const reader = (path: string) => {
      const file = read.get(path);
      if (!file) missing.add(path);
      return file?.normalized;
    };
    let plan: { files: Written[]; notes: string[] } | undefined;
    try {
      plan = planScreen(asked, reader);
    } catch (error) {
      // A refusal made on a file not read yet may be about its absence: read it and try again.
      if (!missing.size) throw error;
    }
    if (plan && !missing.size) return write(root, plan, read);
    for (const path of missing) read.set(path, await readProductFile(root, path));
  }
}

async function write(
  root: string,
  plan: { files: Written[]; notes: string[] },
  read: Map<string, ProductFile>,
): Promise<{ files: string[]; notes: string[] }> {
  // The last text given for a path is its text (an option may write a file the core wrote before).
  const texts = new Map(plan.files);
  // Every text is styled before any is written: a failure leaves the product as it was.
  const styled: Written[] = [];
  for (const [path, text] of texts) {
    const before = read.get(path) ?? { own: undefined, normalized: undefined };
    styled.push([path, await inProductStyle(root, path, before, text)]);
  }
  for (const [path, text] of styled) if (text !== read.get(path)?.own) writeFileSync(resolve(root, path), text);
  return { files: [...texts.keys()], notes: plan.notes };
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
