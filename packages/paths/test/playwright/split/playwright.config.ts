import { defineConfig } from '@playwright/test';
import { systemChromium } from '../../../src/playwright';

/**
 * The split run of the shapes' walks (scripts/test-playwright-shards.ts): `fullyParallel` over two
 * workers and `--shard=i/n` over machines, as docs/paths.md's CI matrix runs a product's. The app is
 * served once by the script (MINIMAL_URL) or, run alone, by the unsplit run's globalSetup.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: '../globalSetup.ts',
  outputDir: '../../../../../test-results/playwright-split',
  reporter: process.env.CI ? 'line' : 'list',
  fullyParallel: true,
  workers: 2,
  use: { ...systemChromium() },
});
