/**
 * `statechart-machine-export [module] [export] [outDir]` (a product's `npm run machine:export`):
 * writes <outDir>/<export>.json (the machine's definition), .mmd (Mermaid stateDiagram-v2) and .svg
 * (the overlay's elkjs layout), by default for machines/appMachine.ts's `appMachine` into
 * docs/machine, from the directory it runs in. No browser needed. `staleFiles` lets a product's
 * test fail while its committed export is stale.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { AnyStateMachine } from 'xstate';
import { machineGraph } from './graph';
import { layoutGraph } from './layout';
import { toMermaid } from './mermaid';
import { renderSvg } from './svg';

/** Where a product keeps its exported diagrams, from the directory the command runs in. */
export const EXPORT_DIR = 'docs/machine';
export const DEFAULT_MODULE = 'machines/appMachine.ts';
export const DEFAULT_EXPORT = 'appMachine';

/** The three files' contents, by file name. Deterministic: the same machine gives the same bytes. */
export async function renderExports(machine: AnyStateMachine, name: string): Promise<Record<string, string>> {
  const graph = machineGraph(machine);
  const json = JSON.stringify(machine.toJSON(), jsonSafe);
  const formatted = await format(json, {
    ...(await resolveConfig(join(EXPORT_DIR, `${name}.json`))),
    parser: 'json',
  });
  return {
    [`${name}.json`]: formatted,
    [`${name}.mmd`]: toMermaid(graph),
    [`${name}.svg`]: renderSvg(await layoutGraph(graph), `Statechart of ${machine.id}`),
  };
}

/** Functions (guards built with and(), param parsers) are named rather than dropped. */
function jsonSafe(_key: string, value: unknown): unknown {
  if (typeof value !== 'function') return value;
  const guards = (value as { guards?: unknown }).guards;
  return { function: value.name || 'anonymous', ...(Array.isArray(guards) && { guards }) };
}

/** The files in `dir` that differ from `expected` (missing ones included). */
export function staleFiles(dir: string, expected: Record<string, string>): string[] {
  return Object.entries(expected)
    .filter(([file, content]) => {
      try {
        return readFileSync(join(dir, file), 'utf8') !== content;
      } catch {
        return true;
      }
    })
    .map(([file]) => file);
}

export async function loadMachine(modulePath: string, exportName: string): Promise<AnyStateMachine> {
  const module = (await import(pathToFileURL(resolve(modulePath)).href)) as Record<string, unknown>;
  const machine = module[exportName];
  if (!machine || typeof machine !== 'object' || !('root' in machine)) {
    throw new Error(`${modulePath} has no machine exported as "${exportName}"`);
  }
  return machine as AnyStateMachine;
}

/** The command: `[module] [export] [outDir]`. */
export async function main(args: string[] = process.argv.slice(2)): Promise<void> {
  const [modulePath = DEFAULT_MODULE, exportName = DEFAULT_EXPORT, outDir = EXPORT_DIR] = args;
  const files = await renderExports(await loadMachine(modulePath, exportName), exportName);
  mkdirSync(outDir, { recursive: true });
  for (const [file, content] of Object.entries(files)) {
    writeFileSync(join(outDir, file), content);
    console.log(relative(process.cwd(), join(outDir, file)));
  }
}
