import { describe, expect, it } from 'vitest';
import { forgottenExports } from '../api-report';
import { buildPackages } from '../build-packages';

/**
 * API Extractor's "forgotten export" check, over the same built declarations as the API reports:
 * every type a public signature names can be imported by a product from a public entry, so that
 * nobody has to read dist/*.d.ts to type a value the framework hands them.
 */
describe('the public API', () => {
  it('exports every type its public signatures name', async () => {
    await buildPackages({ quiet: true });
    const found = forgottenExports().map(
      ({ entry, exportedAs, name, declaredIn, declaredBy, signature }) =>
        `${entry}: ${exportedAs} names ${name} (declared in ${declaredIn}), which no public entry of ${declaredBy} exports.\n` +
        `    ${signature}\n` +
        `    Export ${name} from ${declaredBy}'s src/index.ts under a name that says what it is, or stop naming it in ${exportedAs}'s signature.`,
    );
    expect(found, `${found.length} forgotten exports:\n${found.join('\n')}`).toEqual([]);
  });
});
