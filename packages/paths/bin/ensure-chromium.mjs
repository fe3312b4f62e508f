#!/usr/bin/env node
// Finds the system's Chromium for the browser tests, or installs Debian's (as root, with apt-get);
// it never downloads a browser build. Exits non-zero with the command to run when it cannot.
import { ensureChromium } from '../dist/chromiumTools.js';

try {
  console.log(`Chromium for the browser tests: ${ensureChromium()}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
