import { describe, it } from 'vitest';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';
import { axeViolations, COLOR_RULES, violationsIn } from '../src/axe';

/**
 * The axe helpers of the Chromium level (axe.ts), in Chromium: what an audit says when the screen
 * it was given never shows, and that it finds violations of each kind. The audits of the examples'
 * screens themselves are the reference app's (examples/reference/e2e/a11y.test.ts).
 */
const CONTEXT = { colorScheme: 'light', viewport: { width: 1024, height: 768 } } as const;
const chromium = chromiumFixture({ context: CONTEXT });

// The audit itself can fail: a page with one violation of each kind the tests rely on (a DOM rule,
// and a colour rule that only the dark scheme breaks), no app, so it costs one blank page.
describe('the axe audit', () => {
  it('says which heading it waited for, where, and what the page shows, when that heading never shows', async ({
    expect,
  }) => {
    const state = { name: 'home, asserted with a placeholder', url: '/', heading: 'TODO: its heading' };
    const audit = violationsIn(
      { browser: chromium.browser(), shared: await chromium.context(), context: CONTEXT, headingTimeout: 1000 },
      chromium.origin(),
      state,
    );
    await expect(audit).rejects.toThrow(
      'home, asserted with a placeholder: the heading "TODO: its heading" never showed at / within 1000 ms; the page shows "Reference home"',
    );
  });

  it('reports a DOM violation, and a colour violation with only the colour rules run', async ({ expect }) => {
    const context = await chromium.browser().newContext();
    try {
      const page = await context.newPage();
      await page.setContent(
        '<html lang="en"><head><title>t</title><style>@media (prefers-color-scheme: dark) { p { color: #111; background: #000; } }</style></head>' +
          '<body><main><h1>Audit</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" /><p>Text</p></main></body></html>',
      );
      const light = await axeViolations(page);
      expect(light.map((line) => line.split(':')[0])).toEqual(['image-alt']);
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await axeViolations(page, { rules: COLOR_RULES })).toEqual([
        expect.stringMatching(/^color-contrast: .*\(p\)$/),
      ]);
    } finally {
      await context.close();
    }
  });
});
