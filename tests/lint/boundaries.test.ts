import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The rule ids ESLint reports for `code` in place of the file at `filePath` (an existing file: import/no-cycle needs one). */
async function ruleIds(code: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result?.messages.map((message) => message.ruleId) ?? [];
}

describe('the lint boundaries', () => {
  it('refuse React in machines/', async () => {
    const ids = await ruleIds(`import { useState } from 'react';\nexport const x = useState;\n`, 'machines/strings.ts');
    expect(ids).toContain('no-restricted-imports');
  });

  it('refuse imports from src/ in machines/', async () => {
    const ids = await ruleIds(
      `import { strings } from '../src/app';\nexport const x = strings;\n`,
      'machines/strings.ts',
    );
    expect(ids).toContain('import/no-restricted-paths');
  });

  it('refuse test code in src/', async () => {
    const code = `import { referenceMachine } from '../tests/reference/referenceMachine';\nexport const x = referenceMachine;\n`;
    expect(await ruleIds(code, 'src/main.tsx')).toContain('import/no-restricted-paths');
  });

  it('refuse server code (Node only: the API handlers) in src/ and machines/', async () => {
    const code = `import { handlers } from '../server/handlers';\nexport const x = handlers;\n`;
    expect(await ruleIds(code, 'src/main.tsx')).toContain('import/no-restricted-paths');
    expect(await ruleIds(code, 'machines/strings.ts')).toContain('import/no-restricted-paths');
  });

  it('refuse the history and location globals outside src/routing', async () => {
    const code = `export const go = () => history.back() || location.href;\n`;
    const ids = await ruleIds(code, 'src/shell/navigationEffects.ts');
    expect(ids.filter((id) => id === 'no-restricted-globals')).toHaveLength(2);
    expect(await ruleIds(code, 'src/routing/sync.ts')).not.toContain('no-restricted-globals');
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

  it('accept a machine that imports only xstate', async () => {
    const code = `import { setup } from 'xstate';\nexport const probeMachine = setup({}).createMachine({});\n`;
    expect(await ruleIds(code, 'machines/strings.ts')).toEqual([]);
  });
});
