/**
 * Initial JS by package: builds an app as it ships, with source maps, and attributes each byte of
 * the chunks the first load needs (the entry and what it imports statically) to the package its
 * source map names; each package's share of the gzipped total is its share of those bytes (the
 * estimate source-map-explorer makes: gzip is not additive, so shares are approximate, the total
 * exact).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import { gzipSize } from '../scripts/bundle-budget';

/** The package a module belongs to: an npm package, or our own folder. */
export function packageOf(id: string): string {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  if (npm) return npm[1] as string;
  if (id.includes('vite/') || id.includes('preload-helper')) return 'vite runtime (preload helper)';
  // The framework's own packages, linked into node_modules: a build sees their real paths.
  const framework = /\/packages\/([^/]+)\/(?:src|dist)\//.exec(id);
  if (framework) return `@statechart/${framework[1]}`;
  const own = /\/(src|machines|bench)\/(?:([^/]+)\/)?/.exec(id);
  if (!own) return 'other';
  if (own[1] === 'bench') return 'the bench app itself';
  return own[1] === 'src' && own[2] ? `src/${own[2]}/` : `${own[1]}/`;
}

/** What a chunk's bytes are attributed to when its source map names no source for them. */
export const BUNDLER_GLUE = 'unmapped (bundler glue)';
/** A chunk the bundler writes itself, with no source map or none of ours (rolldown-runtime-….js). */
export const BUNDLER_RUNTIME = 'bundler runtime (rolldown)';

/** The slice of a built chunk the attribution reads. */
export interface ChunkForAttribution {
  fileName: string;
  code: string;
  map?: { mappings: string; sources: (string | null)[] } | null;
}

/**
 * One chunk's gzip -9 size shared among the packages its source map names, by minified bytes.
 * Every kind of chunk the build writes is handled: a chunk with no map, an empty map or a map with
 * no mapped bytes (the runtime rolldown emits as `rolldown-runtime-….js` when chunks share its
 * helpers) is the bundler's, not a crash.
 */
export function gzipByOwner(chunk: ChunkForAttribution): Map<string, number> {
  const gz = gzipSize(chunk.code);
  const bytes = new Map<string, number>();
  const map = chunk.map;
  if (map?.mappings) {
    const lines = chunk.code.split('\n');
    decode(map.mappings).forEach((segments, line) => {
      const length = lines[line]?.length ?? 0;
      segments.forEach((segment, index) => {
        const end = segments[index + 1]?.[0] ?? length;
        const source = segment.length > 1 ? map.sources[segment[1] as number] : undefined;
        const owner = source === undefined || source === null ? BUNDLER_GLUE : packageOf(source);
        bytes.set(owner, (bytes.get(owner) ?? 0) + end - segment[0]);
      });
    });
  }
  const total = [...bytes.values()].reduce((sum, value) => sum + value, 0);
  if (total === 0) {
    const owner = /rolldown-runtime|rolldown_runtime/.test(chunk.fileName) || !map ? BUNDLER_RUNTIME : BUNDLER_GLUE;
    return new Map([[owner, gz]]);
  }
  return new Map([...bytes].map(([owner, count]) => [owner, (gz * count) / total]));
}

export interface InitialBuild {
  /** The app's folder (index.html and main.tsx). */
  root: string;
  define: Record<string, string>;
  /** Beside @vitejs/plugin-react: ours are built with our build's own plugins (vite.config.ts). */
  plugins?: Plugin[];
  alias?: { find: RegExp; replacement: string }[];
  sourcemap?: boolean;
}

/** An app's build: every chunk it writes, and those its first load needs. */
export interface BuiltChunks {
  chunks: Rolldown.OutputChunk[];
  /** The entry and what it imports statically. */
  initial: Rolldown.OutputChunk[];
  /** A chunk and what it imports statically (the chunks a dynamic import of it fetches), by file name. */
  closure(fileName: string): Rolldown.OutputChunk[];
}

/** Builds an app as it ships (production, nothing written) and returns its chunks. */
export async function buildChunks({
  root,
  define,
  plugins = [],
  alias = [],
  sourcemap = false,
}: InitialBuild): Promise<BuiltChunks> {
  const outDir = mkdtempSync(join(tmpdir(), 'initial-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const result = (await build({
      configFile: false,
      root,
      plugins: [react(), ...plugins],
      resolve: { alias },
      mode: 'production',
      logLevel: 'warn',
      define,
      build: { outDir, write: false, target: 'es2022', modulePreload: { polyfill: false }, sourcemap },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const chunks = (Array.isArray(result) ? result : [result])
      .flatMap((output) => output.output)
      .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const closure = (...fileNames: string[]) => {
      const reached = new Map<string, Rolldown.OutputChunk>();
      const visit = (chunk: Rolldown.OutputChunk | undefined) => {
        if (!chunk || reached.has(chunk.fileName)) return;
        reached.set(chunk.fileName, chunk);
        for (const imported of chunk.imports) visit(byFile.get(imported));
      };
      for (const fileName of fileNames) visit(byFile.get(fileName));
      return [...reached.values()];
    };
    const initial = closure(...chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
    return { chunks, initial, closure };
  } finally {
    process.env.NODE_ENV = nodeEnv;
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Builds an app as it ships (production, nothing written) and returns the chunks its first load
 * needs: the entry and what it imports statically.
 */
export async function initialChunks(options: InitialBuild): Promise<Rolldown.OutputChunk[]> {
  return (await buildChunks(options)).initial;
}

export async function initialJsByPackage(build: Omit<InitialBuild, 'sourcemap'>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const chunk of await initialChunks({ ...build, sourcemap: true })) {
    for (const [owner, gz] of gzipByOwner(chunk)) sizes.set(owner, (sizes.get(owner) ?? 0) + gz);
  }
  return sizes;
}
