import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './importCycles';

const source = fileURLToPath(new URL('../src', import.meta.url));

/** A folder of files `{ name: text }`, removed after `run`. */
function withFiles(files: Record<string, string>, run: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the routing core's import graph", () => {
  it('has no cycle, type and dynamic imports included', () => {
    const cycles = importCycles(source);
    expect(
      cycles,
      `packages/core/src imports in a loop: ${cycles.map((cycle) => cycle.join(' → ')).join('; ')}. ` +
        'Move what both sides need into a module both import (as locations.ts and movesProtocol.ts are for the start and the moves).',
    ).toEqual([]);
  });

  it('finds a planted cycle through a type import and a dynamic import, naming its files in order', () => {
    withFiles(
      {
        'a.ts': "import type { B } from './b';\nexport type A = B;\n",
        'b.ts': "export type B = string;\nexport const load = () => import('./c');\n",
        'c.ts': "export { type A } from './a';\nimport { other } from './other';\nexport const c = other;\n",
        'other.ts': "import { x } from 'xstate';\nexport const other = x;\n",
      },
      (dir) => expect(importCycles(dir)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]),
    );
  });

  it('passes a graph without a loop, and finds a file that imports itself', () => {
    withFiles(
      {
        'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
        'b.ts': "import type { C } from './c';\nexport const b: C = 1;\n",
        'c.ts': 'export type C = number;\n',
      },
      (dir) => expect(importCycles(dir)).toEqual([]),
    );
    withFiles({ 'self.ts': "export type T = import('./self').T[];\n" }, (dir) =>
      expect(importCycles(dir)).toEqual([['self.ts', 'self.ts']]),
    );
  });
});
