import { EXPORT_DIR, renderExports, staleFiles } from '@statechart/devtools/export';
import { describe, expect, it } from 'vitest';
import { appMachine } from '../../machines/appMachine';

describe('the committed export of the product machine', () => {
  // The drawing is laid out again (elk), in a time that grows with the screens: with 100 it took
  // 2.5 s on a loaded 2-core machine and over Vitest's default 5 s at load 30 (bench/scale.bench.ts).
  it(
    'matches the machine (else run `npm run machine:export` and commit docs/machine)',
    { timeout: 60_000 },
    async () => {
      const stale = staleFiles(EXPORT_DIR, await renderExports(appMachine, 'appMachine'));
      expect(stale, `docs/machine is stale: run \`npm run machine:export\` and commit ${stale.join(', ')}`).toEqual([]);
    },
  );
});
