import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { renderExports, staleFiles } from '../src/machineExport';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { shapesMachine } from '../../../examples/shapes/shapesMachine';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'machine-export-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the stale-export check', () => {
  it('reports a changed file and a missing one, and nothing for an exact copy', async () => {
    const expected = await renderExports(shapesMachine, 'shapesMachine');
    const dir = join(scratch, 'copy');
    mkdirSync(dir);
    for (const [file, content] of Object.entries(expected)) writeFileSync(join(dir, file), content);
    expect(staleFiles(dir, expected)).toEqual([]);

    writeFileSync(join(dir, 'shapesMachine.svg'), (expected['shapesMachine.svg'] ?? '').replace('notFound', 'lost'));
    rmSync(join(dir, 'shapesMachine.mmd'));
    expect(staleFiles(dir, expected)).toEqual(['shapesMachine.mmd', 'shapesMachine.svg']);
  });

  it('reports every file when the machine differs from the exported one', async () => {
    const dir = join(scratch, 'other');
    mkdirSync(dir);
    for (const [file, content] of Object.entries(await renderExports(shapesMachine, 'shapesMachine'))) {
      writeFileSync(join(dir, file), content);
    }
    const other = await renderExports(referenceMachine, 'shapesMachine');
    expect(staleFiles(dir, other)).toEqual(['shapesMachine.json', 'shapesMachine.mmd', 'shapesMachine.svg']);
  });
});

describe('statechart-machine-export (npm run machine:export)', () => {
  const cli = (...args: string[]) => run('node_modules/.bin/statechart-machine-export', args);

  it('exports the machine a module names', { timeout: 60_000 }, async () => {
    const dir = join(scratch, 'cli');
    await cli('examples/shapes/shapesMachine.ts', 'shapesMachine', dir);
    await cli('examples/reference/referenceMachine.ts', 'referenceMachine', dir);
    for (const [machine, name] of [
      [shapesMachine, 'shapesMachine'],
      [referenceMachine, 'referenceMachine'],
    ] as const) {
      const expected = await renderExports(machine, name);
      expect(Object.keys(expected)).toEqual([`${name}.json`, `${name}.mmd`, `${name}.svg`]);
      expect(staleFiles(dir, expected)).toEqual([]);
    }
    const json = JSON.parse(readFileSync(join(dir, 'referenceMachine.json'), 'utf8')) as { id: string };
    expect(json.id).toBe('reference');
  });

  it('refuses a module without that machine', { timeout: 60_000 }, async () => {
    await expect(cli('examples/shapes/shapesMachine.ts', 'noSuchMachine', join(scratch, 'none'))).rejects.toThrow(
      /no machine exported as "noSuchMachine"/,
    );
  });
});

describe('the exported diagrams of the reference machine', () => {
  it('draw every state, the parallel regions, initial states and labelled transitions', async () => {
    const files = await renderExports(referenceMachine, 'referenceMachine');
    const svg = files['referenceMachine.svg'] ?? '';
    for (const id of ['reference.app', 'reference.app.main', 'sectionItem', 'overlayOpen', 'error']) {
      expect(svg).toContain(`data-state="${id}"`);
    }
    expect(svg).toMatch(/class="sc-node sc-compound sc-region"[^>]*data-state="reference.app.main"/);
    expect(svg).toContain('data-initial="section"');
    expect(svg).toContain('>item.showNotes</text>');
    expect(svg).toContain('>⇢ /section/:id</text>');

    const mermaid = files['referenceMachine.mmd'] ?? '';
    expect(mermaid.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(mermaid).toMatch(/state reference_app \{[\s\S]*\n {4}--\n[\s\S]*state reference_app_overlay \{/);
    expect(mermaid).toContain('[*] --> home');
    expect(mermaid).toContain('legacy --> home : always');
    expect(mermaid).toContain('reference --> error : view.failed');
  });

  it('come out byte for byte the same on every run', { timeout: 30_000 }, async () => {
    const [first, second] = await Promise.all([
      renderExports(referenceMachine, 'referenceMachine'),
      renderExports(referenceMachine, 'referenceMachine'),
    ]);
    expect(second).toEqual(first);
  });
});

describe('the export of the shapes real machines have', () => {
  it('draws a state whose id starts with # and a transition targeting it, and a parallel root', async () => {
    const machine = createMachine({
      id: 'editor',
      type: 'parallel',
      states: {
        page: {
          initial: 'home',
          states: {
            home: { on: { check: '##document-validation' } },
            validation: { id: '#document-validation', on: { done: 'home' } },
          },
        },
        toolbar: { initial: 'closed', states: { closed: { on: { toggle: 'open' } }, open: {} } },
      },
    });
    const files = await renderExports(machine, 'editor');
    const mermaid = files['editor.mmd'] ?? '';
    expect(mermaid).toContain('state "validation #35;#35;document-validation" as _document_validation');
    expect(mermaid).toContain('editor_page_home --> _document_validation : check');
    expect(mermaid).toContain('editor_toolbar_closed --> editor_toolbar_open : toggle');
    expect(files['editor.svg']).toContain('validation');
  });
});
