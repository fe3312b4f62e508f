import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname });

/** The rule ids ESLint reports for `code` in place of the file at `filePath` (an existing file: import/no-cycle needs one). */
async function ruleIds(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

/** `import { x } from '<from>'` used once, so that nothing but the import itself is reported. */
const importing = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('the lint boundaries between the framework, the examples and the product', () => {
  it('refuse a relative path into packages/ from the product, the examples, bench/ and scripts/', async () => {
    for (const [file, from] of [
      ['src/main.tsx', '../packages/react/src/app'],
      ['machines/strings.ts', '../packages/core/src/routed'],
      ['examples/reference/main.tsx', '../../packages/react/src/app'],
      ['bench/run.ts', '../packages/paths/src/graph'],
      ['scripts/test.ts', '../packages/paths/src/graph'],
    ]) {
      expect(await ruleIds(importing(from!), file!), `${file} importing ${from}`).toContain(
        'import/no-restricted-paths',
      );
    }
  });

  it("refuse a relative path into another package from a package's source or tests, and accept its own", async () => {
    for (const [file, from] of [
      ['packages/paths/src/spec.ts', '../../core/src/routed'],
      ['packages/forms/test/browser/forms.test.ts', '../../../react/test/setup'],
      ['packages/paths/test/chromium.browser.test.ts', '../../calls/src/apiControl'],
    ]) {
      expect(await ruleIds(importing(from!), file!), `${file} importing ${from}`).toContain(
        'import/no-restricted-paths',
      );
    }
    expect(await ruleIds(importing('../../src/controlPanel'), 'packages/calls/test/browser/calls.test.ts')).toEqual([]);
  });

  it('accept the same import by package name', async () => {
    expect(await ruleIds(importing('@statechart/react'), 'src/main.tsx')).toEqual([]);
  });

  it("refuse the product's files in a package, and the examples in a package's source (not its tests)", async () => {
    expect(await ruleIds(importing('../../../machines/strings'), 'packages/react/src/app.tsx')).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds(importing('../../../examples/reference/paths'), 'packages/paths/src/spec.ts')).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds(importing('../../../examples/reference/paths'), 'packages/paths/test/gate.test.ts')).toEqual(
      [],
    );
  });

  it('refuse the product in the examples, and the examples in the product', async () => {
    expect(await ruleIds(importing('../../machines/strings'), 'examples/reference/main.tsx')).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds(importing('../examples/reference/referenceMachine'), 'src/main.tsx')).toContain(
      'import/no-restricted-paths',
    );
  });

  it('refuse tests/ in bench/ and scripts/', async () => {
    expect(await ruleIds(importing('../tests/paths/productPaths'), 'bench/run.ts')).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds(importing('../tests/paths/productPaths'), 'scripts/test.ts')).toContain(
      'import/no-restricted-paths',
    );
  });

  it('refuse bench/ in scripts/, and accept scripts/ in bench/: they depend one way', async () => {
    expect(await ruleIds(importing('../bench/paths.bench'), 'scripts/bundle-budget.ts')).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds(importing('../../bench/browser'), 'scripts/budget/generatedApp.ts')).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds(importing('../scripts/built-app'), 'bench/browser.ts')).toEqual([]);
    // The tools' tests test bench/'s helpers too.
    expect(await ruleIds(importing('../../bench/packages'), 'scripts/test/packages.test.ts')).toEqual([]);
  });

  it('let packages import only the packages below them: core ← react ← calls ← forms', async () => {
    expect(await ruleIds(importing('@statechart/react'), 'packages/core/src/routed.ts')).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(importing('@statechart/forms'), 'packages/calls/src/http.ts')).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(importing('@statechart/paths'), 'packages/devtools/src/graph.ts')).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIds(importing('@statechart/core'), 'packages/calls/src/http.ts')).toEqual([]);
  });

  it('refuse React in the routing core and in machines/', async () => {
    const code = `import { useState } from 'react';\nexport const x = useState;\n`;
    expect(await ruleIds(code, 'packages/core/src/routed.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'machines/strings.ts')).toContain('no-restricted-imports');
  });

  it('refuse imports from src/ and tests/ in machines/', async () => {
    expect(await ruleIds(importing('../src/appRouting'), 'machines/strings.ts')).toContain(
      'import/no-restricted-paths',
    );
    expect(await ruleIds(importing('../tests/paths/productPaths'), 'machines/strings.ts')).toContain(
      'import/no-restricted-paths',
    );
  });

  it('refuse server code (Node only: the API handlers) in src/ and machines/', async () => {
    const code = `import { handlers } from '../server/handlers';\nexport const x = handlers;\n`;
    expect(await ruleIds(code, 'src/main.tsx')).toContain('import/no-restricted-paths');
    expect(await ruleIds(code, 'machines/strings.ts')).toContain('import/no-restricted-paths');
  });

  it("refuse a package's internal entry in the product, its tests and the examples, and accept it in a package", async () => {
    // Files that do not exist: the rule reads the import alone, and import/no-cycle's cache of the
    // real files (for the cycle test below) stays as they are on disk.
    for (const file of [
      'src/internalImport.ts',
      'machines/internalImport.ts',
      'tests/internalImport.test.ts',
      'server/internalImport.ts',
      'examples/reference/internalImport.tsx',
    ]) {
      expect(
        await ruleIds(importing('@statechart/core/internal'), file),
        `${file} importing @statechart/core/internal`,
      ).toContain('@typescript-eslint/no-restricted-imports');
    }
    expect(await ruleIds(importing('@statechart/core/internal'), 'packages/react/src/internalImport.ts')).toEqual([]);
  });

  it('refuse routing internals in product views', async () => {
    expect(await ruleIds(importing('@statechart/core'), 'src/views/home.view.tsx')).toContain('no-restricted-imports');
  });

  it('refuse the history and location globals outside the browser history adapter', async () => {
    const code = `export const go = () => history.back() || location.href;\n`;
    const ids = await ruleIds(code, 'packages/react/src/navigationEffects.ts');
    expect(ids.filter((id) => id === 'no-restricted-globals')).toHaveLength(2);
    expect(await ruleIds(code, 'packages/core/src/sync.ts')).toContain('no-restricted-globals');
    expect(await ruleIds(code, 'packages/react/src/browserHistory.ts')).not.toContain('no-restricted-globals');
  });

  it('refuse react-router in the routing core, which owns only the History interface', async () => {
    const code = `import { UNSAFE_createBrowserHistory } from 'react-router-dom';\nexport const h = UNSAFE_createBrowserHistory;\n`;
    expect(await ruleIds(code, 'packages/core/src/sync.ts')).toContain('no-restricted-imports');
    expect(await ruleIds(code, 'packages/react/src/browserHistory.ts')).not.toContain('no-restricted-imports');
  });

  it('refuse raw HTML', async () => {
    const code = `export const View = () => <div dangerouslySetInnerHTML={{ __html: '' }} />;\n`;
    expect(await ruleIds(code, 'src/views/home.view.tsx')).toContain('no-restricted-syntax');
  });

  it('refuse an import cycle between our TypeScript files', async () => {
    // machines/appMachine.ts imports ./strings: strings importing it back closes a cycle.
    const code = `import { appMachine } from './appMachine';\nexport const x = appMachine;\n`;
    expect(await ruleIds(code, 'machines/strings.ts')).toContain('import/no-cycle');
  });

  it('refuse an import cycle through a dynamic import()', async () => {
    const code = `export const load = () => import('./appMachine');\n`;
    expect(await ruleIds(code, 'machines/strings.ts')).toContain('import/no-cycle');
  });

  it('accept a machine that imports only xstate', async () => {
    const code = `import { setup } from 'xstate';\nexport const probeMachine = setup({}).createMachine({});\n`;
    expect(await ruleIds(code, 'machines/strings.ts')).toEqual([]);
  });
});
