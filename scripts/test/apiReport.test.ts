import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiReports } from '../api-report';
import { buildPackages } from '../build-packages';

/**
 * Each package's public API is what its checked-in report says: an export added, removed or
 * changed without the report fails here, so that the change shows in review.
 */
describe('the API reports', () => {
  it('match what the built packages export', async () => {
    await buildPackages({ quiet: true });
    const reports = apiReports();
    expect(reports.length).toBeGreaterThan(0);
    for (const { file, text } of reports) {
      let checkedIn = '';
      try {
        checkedIn = readFileSync(file, 'utf8');
      } catch {
        // Compared below: the message says what to do.
      }
      expect(
        checkedIn,
        `${file} differs from the package's built API: run npm run api:report, read the diff (a name removed or changed breaks products that use it: add a .changeset/ file saying so, with before and after code), and commit it`,
      ).toBe(text);
    }
  });
});
