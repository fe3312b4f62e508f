import { formStrings } from '@statechart/forms';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { recordStrings } from '../recordForm';
import { animationsSettled } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';

/**
 * Where things sit on screen (issue 37's screenshots at 1,440 and 390 px): lines that should meet
 * are measured in Chromium, on the reference app built and served (globalSetup.ts).
 */
const chromium = chromiumFixture();

/** A page at `width` px, in a context of its own (a form's draft lives in localStorage). */
const open = (url: string, width: number, test: (page: Page) => Promise<void>) =>
  chromium.open(url, test, { own: true, viewport: { width, height: 900 } });
const box = async (page: Page, selector: string) => {
  // A screen entering is moved by its entrance: measure once it has ended.
  await animationsSettled(page);
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
};
/** The left edge of an element's text (its first text node), not of its box. */
const textLeft = async (page: Page, selector: string) => {
  // A screen entering is moved by its entrance: measure once it has ended.
  await animationsSettled(page);
  return page
    .locator(selector)
    .first()
    .evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect().left;
    });
};

describe.concurrent('a list with its detail', () => {
  for (const width of [1440, 390]) {
    it(`lines the list’s items up with the screen’s heading, at ${width} px`, async ({ expect }) => {
      await open('/records/2', width, async (page) => {
        await page.getByTestId('record-name').waitFor();
        const heading = await textLeft(page, 'main h1');
        const item = await textLeft(page, '[data-testid="records"] a');
        expect(Math.abs(item - heading), `item text at x=${item}, heading text at x=${heading}`).toBeLessThanOrEqual(1);
      });
    });
  }

  it('starts the detail’s heading level with the first item, and gives the detail the width the screen has, at 1,440 px', async ({
    expect,
  }) => {
    await open('/records/2', 1440, async (page) => {
      await page.getByTestId('record-name').waitFor();
      const list = await box(page, '[data-testid="records"] li');
      const detail = await box(page, 'main h2');
      expect(
        Math.abs(detail.y - list.y),
        `detail heading at y=${detail.y}, first item at y=${list.y}`,
      ).toBeLessThanOrEqual(2);
      const main = await box(page, 'main');
      const column = await box(page, '.list-detail > :last-child');
      // The list takes at most 20rem: the detail has the rest of the screen's width, not a third of it.
      expect(
        column.x + column.width,
        'the detail column should reach the main area’s right edge (less its padding)',
      ).toBeGreaterThan(main.x + main.width - 64);
    });
  });
});

describe.concurrent('a form with an invalid field', () => {
  for (const width of [1440, 390]) {
    it(`keeps an invalid field’s label and input in line with the buttons (the red bar sits in the margin), at ${width} px`, async ({
      expect,
    }) => {
      await open('/records/new', width, async (page) => {
        await page.getByLabel(recordStrings.fields.quantity, { exact: true }).fill('500');
        await page.getByRole('button', { name: recordStrings.submit }).click();
        await page.locator('.field--invalid').first().waitFor();
        const button = await box(page, '.form .actions .button');
        const label = await box(page, '.field--invalid .field__label');
        const input = await box(page, '.field--invalid input');
        expect(Math.abs(label.x - button.x), `label at x=${label.x}, buttons at x=${button.x}`).toBeLessThanOrEqual(1);
        expect(Math.abs(input.x - button.x), `input at x=${input.x}, buttons at x=${button.x}`).toBeLessThanOrEqual(1);
        const bar = await box(page, '.field--invalid');
        expect(bar.x, 'the red bar should stay on the screen').toBeGreaterThanOrEqual(0);
        // The note under a dirty form names both ways out, in the catalogue's words.
        expect(await page.locator('.form__note').textContent()).toBe(formStrings.unsaved);
        expect(formStrings.unsaved).not.toMatch(/refused/);
      });
    });
  }
});
