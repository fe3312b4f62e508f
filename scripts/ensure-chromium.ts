import { ensureChromium } from '@statechart/paths/findChromium';

try {
  console.log(`Chromium for the browser tests: ${ensureChromium()}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
