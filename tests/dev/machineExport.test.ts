import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { appMachine } from '../../machines/appMachine';
import { EXPORT_DIR, renderExports, staleFiles } from '../../scripts/machine-export';
import { referenceMachine } from '../reference/referenceMachine';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'machine-export-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the committed export of the product machine', () => {
  it('matches the machine (else run `npm run machine:export` and commit docs/machine)', async () => {
    const stale = staleFiles(EXPORT_DIR, await renderExports(appMachine, 'appMachine'));
    expect(stale, `docs/machine is stale: run \`npm run machine:export\` and commit ${stale.join(', ')}`).toEqual([]);
  });
});

describe('the stale-export check', () => {
  it('reports a changed file and a missing one, and nothing for an exact copy', async () => {
    const expected = await renderExports(appMachine, 'appMachine');
    const dir = join(scratch, 'copy');
    mkdirSync(dir);
    for (const file of Object.keys(expected)) copyFileSync(join(EXPORT_DIR, file), join(dir, file));
    expect(staleFiles(dir, expected)).toEqual([]);

    writeFileSync(join(dir, 'appMachine.svg'), (expected['appMachine.svg'] ?? '').replace('notFound', 'lost'));
    rmSync(join(dir, 'appMachine.mmd'));
    expect(staleFiles(dir, expected)).toEqual(['appMachine.mmd', 'appMachine.svg']);
  });

  it('reports every file when the machine differs from the exported one', async () => {
    const other = await renderExports(referenceMachine, 'appMachine');
    expect(staleFiles(EXPORT_DIR, other)).toEqual(['appMachine.json', 'appMachine.mmd', 'appMachine.svg']);
  });
});

describe('npm run machine:export', () => {
  const cli = (...args: string[]) => run('node_modules/.bin/tsx', ['scripts/machine-export.ts', ...args]);

  it('exports the product machine and, on request, the reference machine', { timeout: 60_000 }, async () => {
    const dir = join(scratch, 'cli');
    await cli('machines/appMachine.ts', 'appMachine', dir);
    await cli('tests/reference/referenceMachine.ts', 'referenceMachine', dir);
    for (const [machine, name] of [
      [appMachine, 'appMachine'],
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
    await expect(cli('machines/appMachine.ts', 'noSuchMachine', join(scratch, 'none'))).rejects.toThrow(
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
