import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as prettier from 'prettier';
import { mergeLines } from './lineMerge';

/**
 * The style the generators' text edits are written in and find their anchors in (`import { … }
 * from '…';`, `id: 'x'`, objects broken at 120 columns): this repository's Prettier config, which
 * create-statechart-app's template ships too.
 */
export const GENERATOR_STYLE: prettier.Options = { singleQuote: true, printWidth: 120, trailingComma: 'all' };

/** A product file as the generator reads it and as the product holds it. */
export interface ProductFile {
  /** The file as it is in the product, byte for byte (undefined: it does not exist yet). */
  own: string | undefined;
  /** The same file in the generator's style: what its edits find their anchors in. */
  normalized: string | undefined;
}

/** Prettier's options for a file of the product: its own config, as `prettier --check` finds it. */
async function productOptions(path: string): Promise<prettier.Options | undefined> {
  const { inferredParser } = await prettier.getFileInfo(path);
  if (!inferredParser) return undefined;
  const config = (await prettier.resolveConfig(path, { editorconfig: true })) ?? {};
  return { ...config, filepath: path };
}

/** Reads a product file and writes it in the generator's style (as it is, if Prettier cannot read it). */
export async function readProductFile(root: string, file: string): Promise<ProductFile> {
  const path = resolve(root, file);
  if (!existsSync(path)) return { own: undefined, normalized: undefined };
  const own = readFileSync(path, 'utf8');
  const { inferredParser } = await prettier.getFileInfo(path);
  if (!inferredParser) return { own, normalized: own };
  try {
    return { own, normalized: await prettier.format(own, { ...GENERATOR_STYLE, filepath: path }) };
  } catch {
    // A file Prettier cannot parse is the product's to fix; the edits try it as it is.
    return { own, normalized: own };
  }
}

/**
 * What a generator's edit of a file becomes in the product: the lines it wrote in the product's
 * own Prettier style (its config for that file), every other line as the product had it, byte for
 * byte, whatever style it was written in. A new file is formatted whole.
 *
 * How: the file before (`normalized`) and after (`generated`) the edit, both in the generator's
 * style, are formatted with the product's config; their difference is the edit in the product's
 * style, merged into the product's own text (mergeLines). Where the product's file was formatted
 * by its config before, it is after: if the merge is not (Prettier breaking a line the generator
 * lengthened, say), the formatted edit is taken whole.
 */
export async function inProductStyle(
  root: string,
  file: string,
  before: ProductFile,
  generated: string,
): Promise<string> {
  const path = resolve(root, file);
  const options = await productOptions(path);
  if (!options) return generated;
  const after = await prettier.format(generated, options);
  if (before.own === undefined || before.normalized === undefined) return after;
  const base = await prettier.format(before.normalized, options);
  const merged = mergeLines(base.split('\n'), before.own.split('\n'), after.split('\n')).join('\n');
  if (merged === after) return merged;
  const wasFormatted = await prettier.check(before.own, options);
  return wasFormatted && !(await prettier.check(merged, options)) ? after : merged;
}
