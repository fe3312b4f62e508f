import { ensureChromium } from '@statechart/paths/chromium';

try {
  console.log(`Chromium for the browser tests: ${ensureChromium()}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
