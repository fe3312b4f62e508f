import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';

const shapes = chromiumFixture({ app: 'shapesUrl' });

/** Every CSP violation the page reports, from its first script on. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`),
    );
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

describe.concurrent('the Content-Security-Policy of the built app', () => {
  it('comes as headers from vite preview too, with frame-ancestors, X-Frame-Options and nosniff', async ({
    expect,
  }) => {
    for (const path of ['/', '/section/3', '/assets/nothing.js']) {
      const response = await fetch(inject('referenceUrl') + path);
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('is set, allowing no inline script or style', async ({ expect }) => {
    await shapes.open('/', async (page) => {
      const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
    });
  });

  for (const [app, screens] of [
    ['shapesUrl', ['/', '/nowhere']],
    ['referenceUrl', ['/', '/section?q=a&page=2', '/section/3', '/editor', '/broken', '/?overlay=open', '/nowhere']],
  ] as const) {
    it(`lets the ${app === 'shapesUrl' ? 'shapes' : 'reference'} app run every screen with no violation`, async ({
      expect,
    }) => {
      const context = await shapes.browser().newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await recordViolations(page);
      try {
        for (const screen of screens) {
          await page.goto(inject(app) + screen);
          await page.locator('main h1').first().waitFor();
          expect(await violations(page)).toEqual([]);
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('blocks a script injected inline, reporting the violation', async ({ expect }) => {
    const context = await shapes.browser().newContext();
    const page = await context.newPage();
    await recordViolations(page);
    try {
      await page.goto(shapes.origin() + '/');
      await page.locator('main h1').waitFor();
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true';
        document.body.append(script);
      });
      await expect.poll(() => violations(page)).toEqual(['script-src-elem blocked inline']);
      expect(await page.evaluate(() => 'injected' in window || '__injected' in window)).toBe(false);
    } finally {
      await context.close();
    }
  });
});
