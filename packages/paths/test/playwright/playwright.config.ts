import { defineConfig } from '@playwright/test';
import { systemChromium } from '../../src/playwright';

/**
 * The Playwright Test adapter's own run (`npm run test:playwright`): the minimal shape machines'
 * app built as it ships and served by `vite preview` (globalSetup), their walks as Playwright tests
 * in the system's Chromium. One worker: the file's specs run one after the other, each spec's tests
 * in order (serial mode); the walks split over workers and shards are split/'s run.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The split run (split/) has its own config and script: scripts/test-playwright-shards.ts.
  testIgnore: 'split/**',
  globalSetup: './globalSetup.ts',
  outputDir: '../../../../test-results/playwright',
  reporter: process.env.CI ? 'line' : 'list',
  workers: 1,
  use: { ...systemChromium() },
});
