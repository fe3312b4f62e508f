import { errorStrings } from '@statechart/calls';
import { formStrings } from '@statechart/forms';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { recordStrings } from '../../../../examples/reference/recordForm';
import { TIMEOUT_KEY } from '../../../../examples/reference/referenceCalls';
import { closeOwnApis, itWithOwnApi, ownApi, ownOrigin } from '../../../../examples/reference/test/ownApi';
import { pressBack } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';

/**
 * The reference API server behind the reference app's /api proxy: the harness's shared one, or in a
 * test of `itWithOwnApi`, a pair of its own (ownApi.ts), so that tests steering the API run at once.
 */
const api = ownApi(() => inject('apiUrl'));

const chromium = chromiumFixture({ origin: ownOrigin(() => inject('referenceUrl')) });
const { origin } = chromium;
/** The file's browser (the fixture's), for the tests that open contexts of their own by hand. */
let browser: Browser;
beforeAll(async () => {
  browser = chromium.browser();
  await api.reset();
});
afterAll(async () => {
  await closeOwnApis();
  await api.reset();
});

const path = (page: Page) => new URL(page.url()).pathname;
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const nav = (page: Page) => page.getByRole('navigation');

/**
 * A page of the reference app in a context of its own (drafts live in localStorage); `problems`
 * collects uncaught errors and console errors. Chromium's own line for an HTTP error answer is the
 * failure under test, not a problem.
 */
const open = (url: string, test: (page: Page, problems: string[]) => Promise<void>) =>
  chromium.open(url, test, { own: true, allow: /Failed to load resource/ });

/** Where the focus is: `body` when it was lost, else the focused element's role (or tag) and name. */
const focus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    const name = active.querySelector('h2')?.textContent ?? active.getAttribute('aria-label') ?? '';
    return `${active.getAttribute('role') ?? active.tagName.toLowerCase()} ${name}`.trim();
  });
const fillValid = async (page: Page, name = 'A name') => {
  await heading(page, recordStrings.title).waitFor();
  await field(page, recordStrings.fields.name).fill(name);
};
const submit = (page: Page) => page.getByRole('button', { name: recordStrings.submit }).click();
const saves = () => api.requestsFor('/api/records').then((requests) => requests.filter((r) => r.method === 'POST'));

// Tests that neither tell the API server how to answer nor read what it was asked run at once, each
// in a context of its own (drafts live in localStorage); the others, in order, after them.
describe.concurrent('the reference form in Chromium', () => {
  it('focuses the error summary on a refused submit, and its link focuses the field', async ({ expect }) => {
    await open('/records/new', async (page) => {
      await heading(page, recordStrings.title).waitFor();
      // The form's URL is below /records: the header marks "Records" too, drawn as current.
      const records = nav(page).getByRole('link', { name: 'Records', exact: true });
      expect(await records.getAttribute('aria-current')).toBe('true');
      const look = (name: string) =>
        nav(page)
          .getByRole('link', { name, exact: true })
          .evaluate((node) => getComputedStyle(node).backgroundColor + getComputedStyle(node).color);
      expect(await look('Records')).toBe(await look(recordStrings.nav));
      expect(await look('Records')).not.toBe(await look('Home'));
      await field(page, recordStrings.fields.quantity).fill('500');
      await page.getByRole('button', { name: recordStrings.submit }).click();
      const summary = page.getByRole('alert');
      await expect.poll(() => summary.evaluate((node) => node === document.activeElement)).toBe(true);
      await expect.poll(() => field(page, recordStrings.fields.name).getAttribute('aria-invalid')).toBe('true');
      await summary.getByRole('link', { name: recordStrings.required }).click();
      await expect
        .poll(() => field(page, recordStrings.fields.name).evaluate((node) => node === document.activeElement))
        .toBe(true);
      expect(path(page)).toBe('/records/new');
      expect(await field(page, recordStrings.fields.quantity).inputValue()).toBe('500');
    });
  });

  it('draws one frame around the focused error summary: its border, with the focus ring drawn over it, never a second one', async ({
    expect,
  }) => {
    await open('/records/new', async (page) => {
      await heading(page, recordStrings.title).waitFor();
      await field(page, recordStrings.fields.quantity).fill('500');
      const summary = page.getByRole('alert');
      /** Where the outline is drawn: over the border (one frame) unless its outer edge is past the border's. */
      const frames = () =>
        summary.evaluate((node) => {
          const style = getComputedStyle(node);
          const border = parseFloat(style.borderTopWidth);
          const ring =
            style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
          return { focused: node === document.activeElement, border: border > 0, ringOutsideBorder: ring > 0 };
        });
      // By keyboard: the ring shows, on the border.
      await page.getByRole('button', { name: recordStrings.submit }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(frames).toEqual({ focused: true, border: true, ringOutsideBorder: false });
      expect(
        await summary.evaluate((node) => node.matches(':focus-visible') && getComputedStyle(node).outlineStyle),
      ).toBe('solid');
      // By mouse: the border alone.
      await field(page, recordStrings.fields.quantity).fill('501');
      await page.getByRole('button', { name: recordStrings.submit }).click();
      await expect.poll(frames).toEqual({ focused: true, border: true, ringOutsideBorder: false });
    });
  });

  it('says why a refused link, Back or Forward did nothing: an announced notice at the form, focused, with save, discard and stay', async ({
    expect,
  }) => {
    await open('/', async (page) => {
      await nav(page).getByRole('link', { name: recordStrings.nav }).click();
      await heading(page, recordStrings.title).waitFor();
      await field(page, recordStrings.fields.name).fill('A name');
      const notice = page.getByRole('alert').filter({ hasText: formStrings.refusedHeading });
      // A link: refused, said, and the focus on what says it.
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await notice.waitFor();
      expect(path(page)).toBe('/records/new');
      await expect.poll(() => focus(page)).toMatch(new RegExp(`^alert ${formStrings.refusedHeading}`));
      // Stay: the notice goes, the focus is back in the form, the input kept.
      await notice.getByRole('button', { name: formStrings.stay }).click();
      await notice.waitFor({ state: 'detached' });
      expect(await field(page, recordStrings.fields.name).inputValue()).toBe('A name');
      // Back: refused (the entry is restored), said again, focused again.
      await pressBack(page);
      await notice.waitFor();
      await expect.poll(() => path(page)).toBe('/records/new');
      await expect.poll(() => focus(page)).toMatch(new RegExp(`^alert ${formStrings.refusedHeading}`));
      // Discard from the notice: the form is clean, and the next link works.
      await notice.getByRole('button', { name: formStrings.refusedDiscard }).click();
      await notice.waitFor({ state: 'detached' });
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await expect.poll(() => path(page)).toBe('/');
    });
  });

  it('keeps the first 2,000 characters of a longer paste or script value, and says so under the field', async ({
    expect,
  }) => {
    await open('/records/new', async (page) => {
      await heading(page, recordStrings.title).waitFor();
      const name = field(page, recordStrings.fields.name);
      const note = page.getByText(formStrings.cut.replace('{max}', '2,000'));
      await name.fill('kept');
      // A paste: the browser's own insertText, as a clipboard paste inserts it.
      await name.selectText();
      await page.keyboard.insertText('a'.repeat(2_001));
      await expect
        .poll(() => name.inputValue().then((value) => value.length), { message: 'the paste was dropped whole' })
        .toBe(2_000);
      await note.waitFor();
      expect(await name.getAttribute('aria-describedby')).toContain(await note.getAttribute('id'));
      await name.fill('short');
      await expect.poll(() => note.count(), { message: 'said until a value that fits' }).toBe(0);
      // A script sets 5 MB and fires input, as a framework would.
      await name.evaluate((input: HTMLInputElement) => {
        const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        set?.call(input, 'b'.repeat(5_000_000));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await expect.poll(() => name.inputValue()).toBe('b'.repeat(2_000));
      await note.waitFor();
      await submit(page);
      expect(await page.getByText(recordStrings.required).count(), 'not "Enter a name.": the name was kept').toBe(0);
    });
  });

  it('discards a dirty form: the way out, while every link is still refused until then', async ({ expect }) => {
    await open('/records/new', async (page) => {
      await heading(page, recordStrings.title).waitFor();
      await field(page, recordStrings.fields.name).fill('A name');
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await expect.poll(() => path(page)).toBe('/records/new');
      await page.getByRole('button', { name: recordStrings.discard }).click();
      await expect.poll(() => field(page, recordStrings.fields.name).inputValue()).toBe('');
      await nav(page).getByRole('link', { name: 'Home', exact: true }).click();
      await expect.poll(() => path(page)).toBe('/');
    });
  });

  it('keeps a draft across a reload and a closed tab, and drops a corrupt one with a warning', async ({ expect }) => {
    const context = await browser.newContext();
    try {
      const first = await context.newPage();
      await first.goto(`${origin()}/records/new`);
      await field(first, recordStrings.fields.name).fill('A draft');
      await field(first, recordStrings.fields.quantity).fill('7');
      // Reload asks (unsaved input); accept, as a person who meant it would.
      first.on('dialog', (dialog) => void dialog.accept());
      await first.reload();
      await heading(first, recordStrings.title).waitFor();
      expect(await field(first, recordStrings.fields.name).inputValue()).toBe('A draft');
      await first.close({ runBeforeUnload: false });

      const second = await context.newPage();
      await second.goto(`${origin()}/records/new`);
      await heading(second, recordStrings.title).waitFor();
      expect(await field(second, recordStrings.fields.quantity).inputValue()).toBe('7');

      await second.evaluate(() => localStorage.setItem('draft:newRecord', '{"version":1,"data":'));
      const warnings: string[] = [];
      second.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
      second.on('dialog', (dialog) => void dialog.accept());
      await second.reload();
      await heading(second, recordStrings.title).waitFor();
      expect(await field(second, recordStrings.fields.name).inputValue()).toBe('');
      expect(warnings.join('\n')).toContain('corrupt');
    } finally {
      await context.close();
    }
  });

  it('works with storage disabled: no draft, no crash', async ({ expect }) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get: () => {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      });
      await page.goto(`${origin()}/records/new`);
      await field(page, recordStrings.fields.name).fill('A name');
      await page.getByRole('button', { name: recordStrings.submit }).click();
      await heading(page, recordStrings.saved).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.concurrent('the reference form in Chromium', () => {
  itWithOwnApi('refuses Back while dirty, shows the pending state, then saves and lets go', async ({ expect }) => {
    await open('/', async (page) => {
      await nav(page).getByRole('link', { name: recordStrings.nav }).click();
      await heading(page, recordStrings.title).waitFor();
      await field(page, recordStrings.fields.name).fill('A name');
      await pressBack(page);
      await expect.poll(() => path(page)).toBe('/records/new');
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
      await page.getByRole('button', { name: recordStrings.submit }).click();
      await page.getByText(formStrings.saving).waitFor();
      // The submit button is disabled while saving: the focus waits in the form, not on <body>.
      await expect.poll(() => focus(page)).toBe('form');
      await api.release('/api/records');
      await heading(page, recordStrings.saved).waitFor();
      expect(await focus(page)).toBe(`status ${recordStrings.saved}`);
      expect(await saves()).toMatchObject([{ answered: true, aborted: false }]);
      await page.goBack();
      await expect.poll(() => path(page)).toBe('/');
    });
  });
});

// What a save sends and shows: the same whatever history adapter is underneath, so skipped in npm
// test's History API project (vitest.framework.config.ts); `npm run test:history-api` runs them there too.
describe.concurrent('saving the reference form in Chromium', () => {
  itWithOwnApi('links the saved notice to the new record, by the id the save answered', async ({ expect }) => {
    await open('/records/new', async (page) => {
      await field(page, recordStrings.fields.name).fill('Kept by id');
      await submit(page);
      await heading(page, recordStrings.saved).waitFor();
      const link = page.getByRole('status').getByRole('link', { name: /^Open record \d+$/ });
      const id = Number((await link.textContent())?.replace(/\D/g, ''));
      expect(await link.getAttribute('href')).toBe(`/records/${id}`);
      await link.click();
      await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Kept by id');
      expect(path(page)).toBe(`/records/${id}`);
    });
  });

  itWithOwnApi(
    'shows the server’s field error on its field, focused in the summary, keeping what was typed',
    async ({ expect }) => {
      await open('/records/new', async (page) => {
        await field(page, recordStrings.fields.name).fill('taken');
        await field(page, recordStrings.fields.category).selectOption('second');
        await submit(page);
        await page.getByRole('alert').getByRole('link', { name: recordStrings.serverCodes.taken }).waitFor();
        await expect.poll(() => focus(page)).toMatch(/^alert /);
        expect(await field(page, recordStrings.fields.name).getAttribute('aria-invalid')).toBe('true');
        expect(await field(page, recordStrings.fields.name).inputValue()).toBe('taken');
        expect(await field(page, recordStrings.fields.category).inputValue()).toBe('second');
        // The reference server answered 422 with { fieldErrors }: the call carried them to the form.
        expect(await saves()).toHaveLength(1);
      });
    },
  );

  itWithOwnApi(
    'ignores a refusal body that is not field errors: the form shows a general failure',
    async ({ expect }) => {
      await api.behave({
        path: '/api/records',
        method: 'POST',
        behaviour: { kind: 'status', status: 422, body: { fieldErrors: 'name is bad' } },
        times: 1,
      });
      await open('/records/new', async (page) => {
        await fillValid(page);
        await submit(page);
        await heading(page, recordStrings.failed).waitFor();
        expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
      });
    },
  );

  itWithOwnApi(
    'shows a 5xx as a failed save, focused, keeping the input; Retry saves and focuses the result',
    async ({ expect }) => {
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'status', status: 500 }, times: 1 });
      await open('/records/new', async (page) => {
        await fillValid(page, 'Kept');
        await submit(page);
        await heading(page, recordStrings.failed).waitFor();
        await expect.poll(() => focus(page)).toBe(`alert ${recordStrings.failed}`);
        expect(await field(page, recordStrings.fields.name).inputValue()).toBe('Kept');
        await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
        await page.getByRole('button', { name: recordStrings.retry }).click();
        await expect.poll(() => focus(page)).toBe('form');
        await api.release('/api/records');
        await heading(page, recordStrings.saved).waitFor();
        expect(await focus(page)).toBe(`status ${recordStrings.saved}`);
        expect(await saves()).toHaveLength(2);
      });
    },
  );

  itWithOwnApi(
    'says it cannot tell whether a save the server never answered was saved, and "Back to the form" focuses the first field',
    async ({ expect }) => {
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hang' } });
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.addInitScript((key) => localStorage.setItem(key, '800'), TIMEOUT_KEY);
        await page.goto(`${origin()}/records/new`);
        await fillValid(page);
        await submit(page);
        // Not "not saved": the request left, and the server may have saved it.
        await heading(page, formStrings.unknownOutcome).waitFor();
        expect(await heading(page, recordStrings.failed).count()).toBe(0);
        await expect.poll(() => saves()).toMatchObject([{ answered: false, aborted: true }]);
        await page.getByRole('button', { name: recordStrings.edit }).click();
        await expect
          .poll(() => field(page, recordStrings.fields.name).evaluate((node) => node === document.activeElement))
          .toBe(true);
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi(
    'saves once when the answer comes after the timeout: Try again sends the same Idempotency-Key and gets the first answer',
    async ({ expect }) => {
      // The handler runs at once (the record exists); its answer is held past the app's timeout.
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.addInitScript((key) => localStorage.setItem(key, '800'), TIMEOUT_KEY);
        await page.goto(`${origin()}/records/new`);
        await fillValid(page, 'Saved once');
        await submit(page);
        await heading(page, formStrings.unknownOutcome).waitFor();
        await expect.poll(() => focus(page)).toBe(`alert ${formStrings.unknownOutcome}`);
        expect(await page.getByRole('alert').textContent()).toContain(formStrings.unknownOutcomeHint);
        await expect.poll(() => saves()).toMatchObject([{ aborted: true, answered: false }]);
        await page.getByRole('button', { name: recordStrings.retry }).click();
        await heading(page, recordStrings.saved).waitFor();
        expect(await focus(page)).toBe(`status ${recordStrings.saved}`);
        // Two requests, one submit: the second carried the first's key and was answered with the
        // first's answer, without running the handler again. One record.
        const [first, second, ...more] = await saves();
        expect(first?.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(first?.replayed).toBeUndefined();
        expect(second).toMatchObject({ idempotencyKey: first?.idempotencyKey, replayed: true, answered: true });
        expect(more).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi(
    'keeps the draft’s Idempotency-Key after an edit: a failed save kept nothing, so the edited one is saved',
    async ({ expect }) => {
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'status', status: 500 }, times: 2 });
      await open('/records/new', async (page) => {
        await fillValid(page, 'First');
        await submit(page);
        await heading(page, recordStrings.failed).waitFor();
        await page.getByRole('button', { name: recordStrings.retry }).click();
        await heading(page, recordStrings.failed).waitFor();
        await page.getByRole('button', { name: recordStrings.edit }).click();
        await field(page, recordStrings.fields.name).fill('Second');
        await submit(page);
        await heading(page, recordStrings.saved).waitFor();
        const keys = (await saves()).map((request) => request.idempotencyKey);
        expect(keys, 'one draft, one key: three requests').toEqual([keys[0], keys[0], keys[0]]);
      });
    },
  );

  itWithOwnApi(
    'saves a draft once when the page reloads during its save: its key comes back with the draft',
    async ({ expect }) => {
      // The handler runs at once (the record is saved); its answer is held, and the page reloads meanwhile.
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        page.on('dialog', (dialog) => void dialog.accept());
        await page.goto(`${origin()}/records/new`);
        await fillValid(page, 'Reloaded once');
        await submit(page);
        await expect.poll(() => saves()).toHaveLength(1);
        await page.reload();
        await heading(page, recordStrings.title).waitFor();
        expect(await field(page, recordStrings.fields.name).inputValue(), 'the draft came back').toBe('Reloaded once');
        await submit(page);
        await heading(page, recordStrings.saved).waitFor();
        const [first, second, ...more] = await saves();
        expect(
          second?.idempotencyKey,
          'the save after the reload sends the draft’s key again (stored with the draft, before the request left)',
        ).toBe(first?.idempotencyKey);
        expect(second?.replayed, 'answered with the first save’s answer: the handler did not run twice').toBe(true);
        expect(more).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi(
    'says it cannot tell whether a save was saved when the connection drops, and Try again sends the same key',
    async ({ expect }) => {
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'drop' }, times: 1 });
      await open('/records/new', async (page) => {
        await fillValid(page, 'Dropped');
        await submit(page);
        // The request left: the server may have saved it before the connection dropped.
        await heading(page, formStrings.unknownOutcome).waitFor();
        expect(await heading(page, recordStrings.failed).count(), 'not "not saved": it may have been').toBe(0);
        await page.getByRole('button', { name: recordStrings.retry }).click();
        await heading(page, recordStrings.saved).waitFor();
        const [first, second] = await saves();
        expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
      });
    },
  );

  itWithOwnApi(
    'does not save a draft twice when it is edited after an unknown outcome that was in fact saved',
    async ({ expect }) => {
      // Saved at once, answered after the app's timeout (never, here): an unknown outcome.
      await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.addInitScript((key) => localStorage.setItem(key, '800'), TIMEOUT_KEY);
        await page.goto(`${origin()}/records/new`);
        await fillValid(page, 'Sent first');
        await submit(page);
        await heading(page, formStrings.unknownOutcome).waitFor();
        await page.getByRole('button', { name: recordStrings.edit }).click();
        await field(page, recordStrings.fields.name).fill('Edited after');
        await submit(page);
        // The server saved the first version: it refuses the draft's key with other values, and the form says so.
        await heading(page, formStrings.savedBefore).waitFor();
        expect(await page.getByRole('alert').textContent()).toContain(errorStrings.savedBefore);
        const [first, second, third, ...more] = await saves();
        expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
        expect(second?.replayed).toBeUndefined();
        // The first values sent again, to learn what was saved: answered as first, not saved again.
        expect(third).toMatchObject({ idempotencyKey: first?.idempotencyKey, replayed: true });
        expect(more).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  /** A page whose save is saved at once and answered never (an unknown outcome), then edited and saved again: "saved already". */
  async function savedAlready(page: Page) {
    await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
    await page.addInitScript((key) => localStorage.setItem(key, '800'), TIMEOUT_KEY);
    await page.goto(`${origin()}/records/new`);
    await fillValid(page, 'Sent first');
    await submit(page);
    await heading(page, formStrings.unknownOutcome).waitFor();
    await page.getByRole('button', { name: recordStrings.edit }).click();
    await field(page, recordStrings.fields.name).fill('Edited after');
    await submit(page);
    await heading(page, formStrings.savedBefore).waitFor();
  }

  /** The "saved already" notice, its link to the record the key saved (once the replay answered), and that record's id. */
  async function savedLinkIn(page: Page) {
    const notice = page.getByRole('alert');
    const link = notice.getByRole('link', { name: /^Open record \d+$/ });
    await link.waitFor();
    return { notice, link, savedId: Number((await link.textContent())?.replace(/\D/g, '')) };
  }

  itWithOwnApi(
    'after "saved already", keeps the edits, links to the record the key saved, and saves the edits as a new record with a new key',
    async ({ expect }) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await savedAlready(page);
        // The key's first values were sent again (same key, same body): the server answered with what it saved.
        const { notice, link, savedId } = await savedLinkIn(page);
        expect(await link.getAttribute('href')).toBe(`/records/${savedId}`);
        expect(await notice.textContent()).toContain(formStrings.savedBeforeKept);
        expect(await field(page, recordStrings.fields.name).inputValue(), 'the edit is kept').toBe('Edited after');
        expect(
          await notice.getByRole('button', { name: recordStrings.retry }).count(),
          'no Try again: the same key would be refused again',
        ).toBe(0);
        await notice.getByRole('button', { name: formStrings.saveAsNew }).click();
        await heading(page, recordStrings.saved).waitFor();
        const newLink = page.getByRole('status').getByRole('link', { name: /^Open record \d+$/ });
        const newId = Number((await newLink.textContent())?.replace(/\D/g, ''));
        expect(newId, 'a new record').not.toBe(savedId);
        const [first, refused, replay, asNew, ...more] = await saves();
        expect(first).toMatchObject({ aborted: true, answered: false });
        expect(refused, 'the edit, refused: its key saved other values').toMatchObject({
          idempotencyKey: first?.idempotencyKey,
          answered: true,
        });
        expect(refused?.replayed).toBeUndefined();
        expect(replay, 'the first values sent again with their key: answered as first, not saved again').toMatchObject({
          idempotencyKey: first?.idempotencyKey,
          replayed: true,
        });
        expect(asNew?.idempotencyKey, 'saved as new: a new key').not.toBe(first?.idempotencyKey);
        expect(asNew?.replayed).toBeUndefined();
        expect(more, 'no request after the new record was saved').toEqual([]);
        await newLink.click();
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Edited after');
        await page.goto(`${origin()}/records/${savedId}`);
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Sent first');
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi(
    'after "saved already", saves the edits as a change to the record the key saved, with a new key, and no new record',
    async ({ expect }) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await savedAlready(page);
        const { notice, savedId } = await savedLinkIn(page);
        await notice.getByRole('button', { name: formStrings.saveAsChange }).click();
        await heading(page, recordStrings.saved).waitFor();
        expect(await page.getByRole('status').getByRole('link').textContent()).toBe(recordStrings.openSaved(savedId));
        const posts = await saves();
        const [change, ...more] = (await api.requestsFor(`/api/records/${savedId}`)).filter((r) => r.method === 'PUT');
        expect(posts, 'the first save, the refusal, the first values sent again: no new record').toHaveLength(3);
        expect(change, 'the change, with a key of its own').toMatchObject({ answered: true });
        expect(change?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
        expect(change?.idempotencyKey).not.toBe(posts[0]?.idempotencyKey);
        expect(more).toEqual([]);
        await page.getByRole('status').getByRole('link').click();
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Edited after');
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi(
    'after "saved already", Back to the form and Save sends the edits with a new key, never the refused one again',
    async ({ expect }) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await savedAlready(page);
        const before = (await saves()).length;
        await page.getByRole('button', { name: recordStrings.edit }).click();
        expect(await field(page, recordStrings.fields.name).inputValue()).toBe('Edited after');
        expect(await page.locator('.form__note').last().textContent(), 'still unsaved: leaving is refused').toBe(
          formStrings.unsaved,
        );
        await submit(page);
        await expect.poll(() => saves().then((requests) => requests.length)).toBe(before + 1);
        const keys = (await saves()).map((request) => request.idempotencyKey);
        expect(keys.at(-1), 'the edits are sent with a new key, not the one the server refused').not.toBe(keys[0]);
        await heading(page, recordStrings.saved).waitFor();
        expect(keys, 'the unknown outcome, the refusal, the first values sent again, then the edits').toEqual([
          keys[0],
          keys[0],
          keys[0],
          keys.at(-1),
        ]);
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi(
    'after a reload, "saved already" still links to the record the key saved: its first values are kept with the draft',
    async ({ expect }) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
        await page.addInitScript((key) => localStorage.setItem(key, '800'), TIMEOUT_KEY);
        await page.goto(`${origin()}/records/new`);
        await fillValid(page, 'Sent before the reload');
        await submit(page);
        await heading(page, formStrings.unknownOutcome).waitFor();
        // Reload asks (unsaved input); accept, as a person who meant it would.
        page.on('dialog', (dialog) => void dialog.accept());
        await page.reload();
        await heading(page, recordStrings.title).waitFor();
        expect(await field(page, recordStrings.fields.name).inputValue()).toBe('Sent before the reload');
        await field(page, recordStrings.fields.name).fill('Edited after the reload');
        await submit(page);
        await heading(page, formStrings.savedBefore).waitFor();
        // The notice comes with its link in one render (the refusal carries the saved record, or not).
        const link = page.getByRole('alert').getByRole('link', { name: /^Open record \d+$/ });
        expect(
          await link.count(),
          'the notice links to the record the key saved (its first values sent again); without them in the stored draft it has no link',
        ).toBe(1);
        const savedId = Number((await link.textContent())?.replace(/\D/g, ''));
        const [first, refused, replay, ...more] = await saves();
        expect(refused, 'the edit, with the key the draft kept').toMatchObject({
          idempotencyKey: first?.idempotencyKey,
        });
        expect(replay, 'the first values, kept across the reload, sent again with their key').toMatchObject({
          idempotencyKey: first?.idempotencyKey,
          replayed: true,
        });
        expect(more).toEqual([]);
        expect(await link.getAttribute('href')).toBe(`/records/${savedId}`);
        // The form is dirty (the edits are kept): the link is refused, a load of its address is not.
        await page.goto(`${origin()}/records/${savedId}`);
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Sent before the reload');
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi('takes a save answered 204, without a body, as saved', async ({ expect }) => {
    await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'status', status: 204 }, times: 1 });
    await open('/records/new', async (page) => {
      await fillValid(page, 'No content');
      await submit(page);
      await heading(page, recordStrings.saved).waitFor();
      // No id came back: nothing to link to.
      expect(await page.getByRole('status').getByRole('link').count()).toBe(0);
    });
  });

  itWithOwnApi(
    'disables Try again while the server’s Retry-After runs, with the time left, and enables it after',
    async ({ expect }) => {
      await api.behave({
        path: '/api/records',
        method: 'POST',
        behaviour: { kind: 'status', status: 429, retryAfter: 90 },
        times: 1,
      });
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.clock.install();
        await page.goto(`${origin()}/records/new`);
        await fillValid(page, 'Later');
        await submit(page);
        await heading(page, recordStrings.failed).waitFor();
        const retry = page.getByRole('button', { name: recordStrings.retry });
        expect(await retry.isDisabled(), 'Try again while the server asked to wait 90 s').toBe(true);
        // The time left, counting down (a timer: not announced at each tick).
        const secondsLeft = async () =>
          Number((await page.getByRole('timer').textContent())?.match(/try again in (\d+) seconds/)?.[1]);
        expect(await secondsLeft()).toBeGreaterThan(80);
        expect(await secondsLeft()).toBeLessThanOrEqual(90);
        await page.clock.runFor(31_000);
        await expect.poll(secondsLeft, { message: 'the time left after 31 s' }).toBeLessThanOrEqual(59);
        expect(await retry.isDisabled()).toBe(true);
        await page.clock.runFor(60_000);
        await expect.poll(() => retry.isDisabled(), { message: 'Try again once the wait is over' }).toBe(false);
        await retry.click();
        await heading(page, recordStrings.saved).waitFor();
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi('refuses leaving while submitting: the save is not aborted, and completes', async ({ expect }) => {
    await api.behave({ path: '/api/records', method: 'POST', behaviour: { kind: 'hold' }, times: 1 });
    await open('/records/new', async (page) => {
      await fillValid(page);
      await submit(page);
      await page.getByText(formStrings.saving).waitFor();
      await nav(page).getByRole('link', { name: 'Records', exact: true }).click();
      expect(path(page), 'refused while the save is held').toBe('/records/new');
      await api.release('/api/records');
      await heading(page, recordStrings.saved).waitFor();
      expect(path(page)).toBe('/records/new');
      expect(await saves()).toMatchObject([{ answered: true, aborted: false }]);
    });
  });
});
