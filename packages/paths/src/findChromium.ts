import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Flags that let Chromium run headless, as root, with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROME_PATH, then the system's Chromium or Chrome, then Playwright's cache. Never downloads. */
export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    ...playwrightCache(),
  ];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

function playwrightCache(): string[] {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(cache)) return [];
  return readdirSync(cache)
    .filter((dir) => dir.startsWith('chromium'))
    .flatMap((dir) => [
      join(cache, dir, 'chrome-linux64', 'chrome'),
      join(cache, dir, 'chrome-linux', 'chrome'),
      join(cache, dir, 'chrome-linux', 'headless_shell'),
    ]);
}

/** Finds Chromium, installing Debian's package where apt-get can; otherwise says what to run. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const canApt = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log('No Chromium found: installing Debian’s chromium package (about 30 s)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found for the browser tests: install it with `sudo apt-get install -y chromium` (or set CHROME_PATH).',
  );
}
