/**
 * A product grown to N flat screens, for the scale bench (bench/scale.bench.ts): a copy of the
 * assembled template written by create-statechart-app's own bin into a folder outside the
 * repository, its node_modules linked to this workspace's (the framework as built by
 * `npm run build:packages`, so a change to a package is measured once built), and screens added by
 * the product's generator (`npm run new:screen -- <id> <path>`) with words written for its
 * placeholders. The root product's files are never touched.
 */
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './product';

const root = join(import.meta.dirname, '..', '..');

/** Writes a new product in `dir` (which must not exist or be empty), its node_modules this workspace's. */
export function createScaleProduct(dir: string): void {
  run(process.execPath, [join(root, 'packages/create-statechart-app/bin/create-statechart-app.mjs'), dir], root);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

interface Generator {
  runNewScreen(argv: readonly string[], root: string): Promise<string[]>;
}

/**
 * The generator `npm run new:screen` runs, called in this process: a process per screen (npm,
 * tsx, Prettier's start) costs seconds each on a shared 2-core machine, 200 screens many minutes.
 * Its module is the cli package's built run.js beside its entry (the bin imports the same
 * dist/newScreen.js), found where the product resolves `@statechart/cli`.
 */
async function generator(): Promise<Generator> {
  const entry = import.meta.resolve('@statechart/cli');
  return (await import(new URL('./run.js', entry).href)) as Generator;
}

/**
 * Adds flat screens `from`..`to` (inclusive, 1-based) to the product in `dir`, then does what the
 * generator says is left: the placeholders' words, and `npm run machine:export`.
 */
export async function addScreens(dir: string, from: number, to: number): Promise<void> {
  const { runNewScreen } = await generator();
  for (let index = from; index <= to; index++) {
    // `screen007` at `/screen-007`.
    const number = String(index).padStart(3, '0');
    await runNewScreen([`screen${number}`, `screen-${number}`], dir);
  }
  fillPlaceholders(dir);
  // What the generator's last words ask for: the committed drawing of the machine, redrawn.
  run('npm', ['run', 'machine:export'], dir);
}

/**
 * The words a person writes for a flat screen's placeholders (`'TODO: the heading of screen007'`),
 * made from what each asks: the heading the view shows and the spec asserts are the same words.
 */
function wordsFor(what: string): string {
  const screen = /(screen\d{3})/.exec(what)?.[1];
  if (!screen) throw new Error(`a placeholder the scale bench has no words for: "${what}"`);
  const name = `Screen ${screen.slice('screen'.length)}`;
  if (/^the title of /.test(what) || /^the navigation label of /.test(what)) return name;
  if (/heading/.test(what)) return `${name} heading`;
  return `What ${name} shows.`;
}

const PLACEHOLDER = /(['"])TODO: ([^'"]*)\1/g;
const QUOTED_IN = ['machines', 'src', 'tests'];

/** Replaces every quoted placeholder under the product's machines/, src/ and tests/ with words. */
function fillPlaceholders(dir: string): void {
  for (const folder of QUOTED_IN) {
    for (const file of readdirSync(join(dir, folder), { recursive: true, encoding: 'utf8' })) {
      const path = join(dir, folder, file);
      if (!/\.tsx?$/.test(file) || !existsSync(path)) continue;
      const source = readFileSync(path, 'utf8');
      const filled = source.replace(
        PLACEHOLDER,
        (_, quote: string, what: string) => `${quote}${wordsFor(what)}${quote}`,
      );
      if (filled !== source) writeFileSync(path, filled);
    }
  }
}

/** For a run by hand: `npx tsx scripts/outside/scaleProduct.ts <dir> <screens>` writes such a product. */
if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const [dir, count] = process.argv.slice(2);
  if (!dir || !count) throw new Error('usage: npx tsx scripts/outside/scaleProduct.ts <dir> <screens>');
  createScaleProduct(dir);
  await addScreens(dir, 1, Number(count));
  console.log(`${dir}: a product with ${count} generated screens`);
}
