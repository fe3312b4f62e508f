import { EXPORT_DIR, renderExports, staleFiles } from '@statechart/devtools/export';
import { describe, expect, it } from 'vitest';
import { appMachine } from '../../machines/appMachine';

describe('the committed export of the product machine', () => {
  it('matches the machine (else run `npm run machine:export` and commit docs/machine)', async () => {
    const stale = staleFiles(EXPORT_DIR, await renderExports(appMachine, 'appMachine'));
    expect(stale, `docs/machine is stale: run \`npm run machine:export\` and commit ${stale.join(', ')}`).toEqual([]);
  });
});
