import { request as httpRequest } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, inject, it, type ExpectStatic } from 'vitest';
import { errorStrings } from '@statechart/calls';
import { controlPanelStrings as panelStrings } from '../../src/controlPanel';
import { recordStrings } from '../../../../examples/reference/recordForm';
import { RECORDS_FRESH_MS, TIMEOUT_KEY } from '../../../../examples/reference/referenceCalls';
import { closeOwnApis, itWithOwnApi, ownApi, ownApiUrl, ownOrigin } from '../../../../examples/reference/test/ownApi';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';

/**
 * The reference API server behind the reference app's /api proxy: the harness's shared one, or in a
 * test of `itWithOwnApi`, a pair of its own (ownApi.ts), so that tests steering the API run at once.
 */
const api = ownApi(() => inject('apiUrl'));
const apiUrl = ownApiUrl(() => inject('apiUrl'));

/**
 * The reference records screens against the real reference API server, through the built app's
 * same-origin /api proxy (vite preview): what a person sees, and what the server was asked.
 */
// Animations run: the pending text's delay is a CSS animation's (`.pending`), and it is under test.
const chromium = chromiumFixture({ origin: ownOrigin(() => inject('referenceUrl')), animations: 'run' });
afterAll(async () => {
  await closeOwnApis();
  await api.reset();
});
beforeEach(() => api.reset());

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const alert = (page: Page) => page.getByRole('alert').filter({ hasText: errorStrings.heading });

/**
 * Opens `url` in a context of its own (one test goes offline, others install a clock), runs `test`,
 * then fails on any uncaught exception or console error but Chromium's own line for an HTTP error
 * answer ("Failed to load resource"), which is the failure under test.
 */
const open = (
  url: string,
  test: (page: Page) => Promise<void>,
  options: { timeoutMs?: number; before?: (context: BrowserContext) => Promise<void> } = {},
) =>
  chromium.open(url, test, {
    own: true,
    allow: /Failed to load resource/,
    before: async (context) => {
      if (options.timeoutMs) {
        await context.addInitScript(({ key, ms }) => localStorage.setItem(key, ms), {
          key: TIMEOUT_KEY,
          ms: String(options.timeoutMs),
        });
      }
      await options.before?.(context);
    },
  });

/** Marks the page when a pending text ever becomes visible (its fade-in has started). */
const watchPending = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { pendingShown: boolean; busySeen: boolean };
    w.pendingShown = false;
    w.busySeen = false;
    const check = () => {
      const pending = document.querySelector('main .pending');
      if (pending && Number(getComputedStyle(pending).opacity) > 0) w.pendingShown = true;
      if (document.querySelector('main [aria-busy="true"]')) w.busySeen = true;
      requestAnimationFrame(check);
    };
    check();
  });
const pendingSeen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { pendingShown: boolean; busySeen: boolean };
    return { shown: w.pendingShown, busy: w.busySeen };
  });

// The tests that neither tell the API server how to answer nor read what it was asked run at once,
// first, each in a context of its own (one goes offline); the others, in order, after them.
describe.concurrent('failures: the catalogue message, focused, with its handling', () => {
  it('shows the network failure when offline, and loads on retry once back online', async ({ expect }) => {
    await open('/records', async (page) => {
      await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
      // The other screens' chunks load while idle: offline before they have, the record's view
      // itself would fail (the error screen), which is not what this test is about.
      await page.waitForLoadState('networkidle');
      await page.context().setOffline(true);
      // A record not asked for yet (the list is fresh: offline, Back to it would still show it).
      await page.getByTestId('records').getByRole('link', { name: 'Record 2' }).click();
      await alert(page).waitFor();
      expect(await alert(page).textContent()).toContain(errorStrings.network);
      await page.context().setOffline(false);
      await page.getByRole('button', { name: errorStrings.retry }).click();
      await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 2');
    });
  });

  it('offers a way out, not a retry, for a record that does not exist, in a flat notice', async ({ expect }) => {
    await open('/records/99', async (page) => {
      await alert(page).waitFor();
      expect(await alert(page).textContent()).toContain(errorStrings.notFound);
      expect(await page.getByRole('button', { name: errorStrings.retry }).count()).toBe(0);
      // Flat: no frame or fill of its own (a bar at its start), so it sits in a panel without a
      // box in the box, whatever holds it.
      expect(
        await alert(page).evaluate((node) => {
          const style = getComputedStyle(node);
          return [style.borderTopWidth, style.borderBottomWidth, style.borderInlineEndWidth, style.backgroundColor];
        }),
      ).toEqual(['0px', '0px', '0px', 'rgba(0, 0, 0, 0)']);
      await alert(page).getByRole('link', { name: 'All records' }).click();
      await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
    });
  });
});

describe.concurrent("an app's API slot behind vite preview", () => {
  it('answers an unknown /api path with the API server’s JSON 404, never the app’s index.html', async ({ expect }) => {
    for (const origin of [inject('referenceUrl')]) {
      const response = await fetch(`${origin}/api/no-such-thing?x=1`);
      expect(response.status, `${origin}/api/no-such-thing`).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(((await response.json()) as { message: string }).message).toContain('GET /api/no-such-thing');
    }
    // Only /api is the API's: a screen URL that starts alike is still the app's.
    const page = await fetch(`${inject('referenceUrl')}/apiary`);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('never forwards a dot-segment spelling of the API server’s control endpoints, and keeps serving', async () => {
    // As typed (fetch would resolve %2e%2e before sending): the request that once made the server exit.
    const { hostname, port } = new URL(inject('referenceUrl'));
    const send = (method: string, path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest({ hostname, port, method, path }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(body);
      });
    const rule = JSON.stringify({ path: '*', behaviour: { kind: 'status', status: 99 } });
    expect(await send('POST', '/api/%2e%2e/__control/behave', rule)).toBe(404);
    expect(await send('GET', '/api/%2E%2E/__control/requests')).toBe(404);
    expect((await fetch(`${inject('referenceUrl')}/api/records`)).status).toBe(200);
  });

  it('gives another origin no cross-origin access to /api (no CORS headers, also on a preflight)', async () => {
    const origin = 'http://localhost:9';
    const simple = await fetch(`${inject('referenceUrl')}/api/records`, { headers: { origin } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${inject('referenceUrl')}/api/records`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe.concurrent('loading on entry', () => {
  itWithOwnApi(
    'makes one request for a deep link to a record and one for the list beside it, and shows both',
    async ({ expect }) => {
      await open('/records/2', async (page) => {
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 2');
        await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
        await page.waitForLoadState('networkidle');
        const requests = await api.requests();
        expect(requests.map((request) => request.path).sort()).toEqual(['/api/records', '/api/records/2']);
        expect(requests.every((request) => !request.aborted)).toBe(true);
      });
    },
  );

  itWithOwnApi(
    'keeps the list mounted and loaded while details are chosen, marking the chosen one',
    async ({ expect }) => {
      await open('/records', async (page) => {
        const list = page.getByTestId('records');
        await list.getByRole('link', { name: 'Record 3' }).waitFor();
        await list.evaluate((element) => ((element as HTMLElement & { kept?: boolean }).kept = true));
        const background = (name: string) =>
          list.getByRole('link', { name }).evaluate((link) => getComputedStyle(link).backgroundColor);
        const plain = await background('Record 2');
        for (const name of ['Record 2', 'Record 3']) {
          await list.getByRole('link', { name }).click();
          await expect.poll(() => page.getByTestId('record-name').textContent()).toBe(name);
          expect(await list.getByRole('link', { name }).getAttribute('aria-current')).toBe('page');
          expect(await background(name)).not.toBe(plain);
          expect(await list.evaluate((element) => (element as HTMLElement & { kept?: boolean }).kept)).toBe(true);
        }
        expect(await list.getByRole('link', { name: 'Record 2' }).getAttribute('aria-current')).toBeNull();
        expect((await api.requests()).map((request) => request.path)).toEqual([
          '/api/records',
          '/api/records/2',
          '/api/records/3',
        ]);
      });
    },
  );

  itWithOwnApi(
    'offers the detail’s tabs while it loads, and keeps the chosen one when the answer comes',
    async ({ expect }) => {
      // Held until the tab is chosen: a fixed delay raced the test's own waits on a loaded machine.
      await api.behave({ path: '/api/records/2', behaviour: { kind: 'hold' }, times: 1 });
      await open('/records/2', async (page) => {
        const tab = (name: string) => page.getByRole('group', { name: 'Record tabs' }).getByRole('button', { name });
        await page.locator('main section[aria-busy="true"]').first().waitFor();
        await tab('Notes').click();
        // Waited on: the notes state runs a view transition (meta.viewTransition), whose commit
        // follows the browser's capture of the old screen, a frame or more on a loaded machine.
        await expect.poll(() => tab('Notes').getAttribute('aria-pressed')).toBe('true');
        expect(
          await page.locator('main section[aria-busy="true"]').count(),
          'still loading when the tab was chosen',
        ).toBeGreaterThan(0);
        await api.release('/api/records/2');
        await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
        expect(await tab('Notes').getAttribute('aria-pressed')).toBe('true');
        await page.getByText('No notes.').waitFor();
        await tab('Summary').click();
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 2');
      });
    },
  );

  itWithOwnApi(
    'keeps the page of the list in the URL: its details keep it, Back and a reload read it',
    async ({ expect }) => {
      await open('/records', async (page) => {
        const list = page.getByTestId('records');
        await list.getByRole('link', { name: 'Record 3' }).waitFor();
        await page.getByRole('link', { name: 'Next page' }).click();
        await list.getByRole('link', { name: 'Record 4' }).waitFor();
        expect(new URL(page.url()).search).toBe('?page=2');
        expect(await page.getByRole('navigation', { name: 'Pages' }).textContent()).toContain('Page 2 of 3');
        // A link to the same screen with another ?page is not the page shown.
        for (const name of ['Previous page', 'Next page']) {
          expect(await page.getByRole('link', { name }).getAttribute('aria-current')).toBeNull();
        }
        await list.getByRole('link', { name: 'Record 5' }).click();
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 5');
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/records/5?page=2');
        await page.reload();
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 5');
        await list.getByRole('link', { name: 'Record 4' }).waitFor();
        await page.goBack();
        await heading(page, 'All records').waitFor();
        await expect.poll(() => new URL(page.url()).search).toBe('?page=2');
        await page.goBack();
        await list.getByRole('link', { name: 'Record 1' }).waitFor();
        expect(await list.getByRole('link', { name: 'Record 4' }).count()).toBe(0);
        expect(new URL(page.url()).search).toBe('');
      });
    },
  );

  itWithOwnApi(
    'shows a fresh answer at once on Back: no request, no pending text, no busy region',
    async ({ expect }) => {
      await open('/records', async (page) => {
        await page.getByRole('link', { name: 'Record 3' }).waitFor();
        await page.getByRole('link', { name: 'Record 2' }).first().click();
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 2');
        await watchPending(page);
        await page.goBack();
        await heading(page, 'All records').waitFor();
        await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
        await page.goForward();
        await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 2');
        // Two frames: a busy region or pending text rendered at any point would have been seen.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        expect(await pendingSeen(page)).toEqual({ shown: false, busy: false });
        expect((await api.requests()).map((request) => request.path)).toEqual(['/api/records', '/api/records/2']);
      });
    },
  );

  itWithOwnApi(
    'shows a stale answer on Back while it refreshes, then the new one, with one request',
    async ({ expect }) => {
      await open(
        '/records',
        async (page) => {
          await page.getByRole('link', { name: 'Record 3' }).waitFor();
          // Away from the records (their list stays loaded while a detail is chosen), then Back.
          await page.getByRole('link', { name: 'Home', exact: true }).first().click();
          await heading(page, 'Reference home').waitFor();
          // The answers are fresh for RECORDS_FRESH_MS: move the page's clock past it.
          await page.clock.setSystemTime(Date.now() + RECORDS_FRESH_MS + 1_000);
          await api.behave({ path: '/api/records', behaviour: { kind: 'hold' }, times: 1 });
          await watchPending(page);
          await page.goBack();
          await heading(page, 'All records').waitFor();
          // Refreshing: the region is busy, and the list it had is on screen meanwhile.
          await page.locator('main section[aria-busy="true"]').waitFor();
          expect(await page.getByTestId('records').getByRole('link').count()).toBe(3);
          await expect.poll(() => pendingSeen(page)).toEqual({ shown: true, busy: true });
          await api.release('/api/records');
          await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
          expect((await api.requests()).map((request) => request.path)).toEqual(['/api/records', '/api/records']);
        },
        { before: (context) => context.clock.install() },
      );
    },
  );

  itWithOwnApi(
    'warms a screen when its link is hovered: the request is made before the click, and the click shows it at once',
    async ({ expect }) => {
      await open('/', async (page) => {
        await heading(page, 'Reference home').waitFor();
        const link = page.getByRole('link', { name: 'Records', exact: true });
        await link.hover();
        await expect.poll(async () => (await api.requestsFor('/api/records')).map((r) => r.answered)).toEqual([true]);
        await watchPending(page);
        await link.click();
        await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
        expect(await pendingSeen(page)).toEqual({ shown: false, busy: false });
        expect(await api.requestsFor('/api/records')).toHaveLength(1);
      });
    },
  );

  itWithOwnApi('shows no pending text when the answer comes within the pending text’s delay', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      // The pending text waits 400 ms (the stylesheet's animation delay) before it shows.
      const pendingStyle = await page.evaluate(() => {
        const probe = document.createElement('p');
        probe.className = 'pending';
        document.body.append(probe);
        const { opacity, animationDelay } = getComputedStyle(probe);
        probe.remove();
        return { opacity, animationDelay };
      });
      expect(pendingStyle).toEqual({ opacity: '0', animationDelay: '0.4s' });
      // Animation time stands still: on a loaded machine the answer may take longer than 400 ms of
      // wall time, yet it still comes within the delay, which is what this test is about.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Animation.enable');
      await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
      await watchPending(page);
      await page.getByRole('link', { name: 'Records', exact: true }).click();
      await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
      expect((await pendingSeen(page)).shown).toBe(false);
    });
  });
});

describe.concurrent('a save and the list it changes', () => {
  itWithOwnApi(
    'shows the saved record on the list it belongs to at the next visit, while the list’s answer was still fresh',
    async ({ expect }) => {
      await open('/records', async (page) => {
        const list = page.getByTestId('records');
        await list.getByRole('link', { name: 'Record 3' }).waitFor();
        await page.getByRole('navigation').getByRole('link', { name: recordStrings.nav }).click();
        await heading(page, recordStrings.title).waitFor();
        await page.getByLabel(recordStrings.fields.name, { exact: true }).fill('Nova');
        // The reference server keeps its list the placeholder seven (tests save at the same time):
        // here it answers the list as a server that lists saved records would.
        const withNova = {
          records: [
            { id: 1, name: 'Nova' },
            { id: 2, name: 'Record 2' },
            { id: 3, name: 'Record 3' },
          ],
          pages: 3,
        };
        await api.behave({
          path: '/api/records',
          method: 'GET',
          behaviour: { kind: 'status', status: 200, body: withNova },
        });
        await page.getByRole('button', { name: recordStrings.submit }).click();
        await heading(page, recordStrings.saved).waitFor();
        await page.getByRole('navigation').getByRole('link', { name: 'Records', exact: true }).click();
        await heading(page, 'All records').waitFor();
        // Well within RECORDS_FRESH_MS of the first answer: only the save made it stale.
        await expect
          .poll(() => list.getByRole('link', { name: 'Nova' }).count(), {
            timeout: 10_000,
            message: "the saved record on the list: the save names the list as stale (invalidates: ['listRecords'])",
          })
          .toBe(1);
        expect(await list.getByRole('link', { name: 'Record 1' }).count(), 'the answer from before the save').toBe(0);
        const lists = (await api.requestsFor('/api/records')).filter((request) => request.method === 'GET');
        expect(lists, 'the first visit, then one refresh after the save').toHaveLength(2);
      });
    },
  );
});

describe.concurrent('calls made to misbehave by hand (the development API server’s page at /__control/)', () => {
  itWithOwnApi(
    'makes every call to a path fail with the status chosen, then answers it normally again',
    async ({ expect }) => {
      const context = await chromium.browser().newContext();
      try {
        const panel = await context.newPage();
        await panel.goto(`${apiUrl()}/__control/`);
        await panel.getByLabel(panelStrings.path).fill('/api/records');
        await panel.getByLabel(panelStrings.status, { exact: true }).check();
        await panel.getByLabel(panelStrings.statusCode, { exact: true }).fill('503');
        await panel.getByLabel(panelStrings.every).check();
        await panel.getByRole('button', { name: panelStrings.apply }).click();
        await expect.poll(() => panel.getByRole('status').textContent()).toContain(panelStrings.applied);

        await open('/records', async (page) => {
          await alert(page).waitFor();
          expect(await alert(page).textContent()).toContain(errorStrings.server);
          // Every call: Retry fails too.
          await page.getByRole('button', { name: errorStrings.retry }).click();
          await expect.poll(async () => (await api.requestsFor('/api/records')).length).toBe(2);
          await alert(page).waitFor();
          await panel.getByRole('button', { name: panelStrings.normal }).click();
          await expect.poll(() => panel.getByRole('status').textContent()).toBe(panelStrings.cleared);
          await page.getByRole('button', { name: errorStrings.retry }).click();
          await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
        });
      } finally {
        await context.close();
      }
    },
  );

  itWithOwnApi('makes only the next call never answer when asked for the next one', async ({ expect }) => {
    const context = await chromium.browser().newContext();
    try {
      const panel = await context.newPage();
      await panel.goto(`${apiUrl()}/__control/`);
      await panel.getByLabel(panelStrings.path).fill('/api/records/2');
      await panel.getByLabel(panelStrings.hang).check();
      await panel.getByRole('button', { name: panelStrings.apply }).click();
      await expect.poll(() => panel.getByRole('status').textContent()).toContain(panelStrings.applied);
      await open(
        '/records/2',
        async (page) => {
          await alert(page).waitFor();
          expect(await alert(page).textContent()).toContain(errorStrings.timeout);
          await page.getByRole('button', { name: errorStrings.retry }).click();
          await expect.poll(() => page.getByTestId('record-name').textContent()).toBe('Record 2');
        },
        { timeoutMs: 1_000 },
      );
    } finally {
      await context.close();
    }
  });

  itWithOwnApi(
    'is not served by the app: the built app answers /__control/ with its own page, never the panel',
    async ({ expect }) => {
      const response = await fetch(`${inject('referenceUrl')}/__control/`);
      expect(await response.text()).not.toContain(panelStrings.title);
    },
  );
});

describe.concurrent('leaving a loading screen', () => {
  itWithOwnApi('aborts the request: the server sees the connection closed before its answer', async ({ expect }) => {
    await api.behave({ path: '/api/records/1', behaviour: { kind: 'hang' } });
    await open('/records/1', async (page) => {
      await expect.poll(async () => (await api.requestsFor('/api/records/1')).length).toBe(1);
      await page.getByRole('link', { name: 'Home' }).click();
      await heading(page, 'Reference home').waitFor();
      await expect
        .poll(() => api.requestsFor('/api/records/1'))
        .toMatchObject([{ path: '/api/records/1', aborted: true, answered: false }]);
    });
  });
});

describe.concurrent('leaving a screen whose call a hover started', () => {
  itWithOwnApi(
    'aborts the request the hover started once the screen the click entered is left, as for one started on entry',
    async ({ expect }) => {
      await api.behave({ path: '/api/records/2', behaviour: { kind: 'hang' } });
      await open('/records', async (page) => {
        const link = page.getByTestId('records').getByRole('link', { name: 'Record 2' });
        await link.hover();
        await expect
          .poll(() => api.requestsFor('/api/records/2'), { message: 'the hover warms the record' })
          .toMatchObject([{ aborted: false, answered: false }]);
        // A click hovers first: the screen it enters waits on the warm-up's request.
        await link.click();
        await heading(page, 'Record 2').waitFor();
        expect(await api.requestsFor('/api/records/2'), 'joined, not asked twice').toHaveLength(1);
        await page.getByRole('link', { name: 'Home' }).click();
        await heading(page, 'Reference home').waitFor();
        await expect
          .poll(() => api.requestsFor('/api/records/2'), {
            message: 'the server sees the connection closed before its answer',
          })
          .toMatchObject([{ path: '/api/records/2', aborted: true, answered: false }]);
      });
    },
  );

  itWithOwnApi(
    'keeps a warm-up nobody entered the screen for: the next screen’s data keeps coming',
    async ({ expect }) => {
      await api.behave({ path: '/api/records/3', behaviour: { kind: 'delay', ms: 300 } });
      await open('/records', async (page) => {
        await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).hover();
        await expect.poll(() => api.requestsFor('/api/records/3')).toHaveLength(1);
        await page.mouse.move(0, 0);
        await expect
          .poll(() => api.requestsFor('/api/records/3'))
          .toMatchObject([{ path: '/api/records/3', aborted: false, answered: true }]);
      });
    },
  );
});

describe.concurrent('failures: the catalogue message, focused, with its handling', () => {
  /** Where the focus is: `body` when it was lost, else the element's role or tag and its text. */
  const focus = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'body';
      return `${active.getAttribute('role') ?? active.tagName.toLowerCase()}${active.closest('[data-call-region]') ? ' in the call region' : ''}`;
    });

  // A deep link's first load: the failure is announced (role=alert) but takes no focus (the
  // first navigation moves none). Retry keeps the focus in the call's region, never on <body>,
  // through loading and onto the answer; a second failure there takes it.
  const failsThenRetries = async (page: Page, message: string, expect: ExpectStatic) => {
    await alert(page).waitFor();
    expect(await alert(page).textContent()).toContain(message);
    expect(await focus(page)).toBe('body');
    await page.getByRole('button', { name: errorStrings.retry }).click();
    await alert(page).waitFor();
    expect(await focus(page)).toBe('alert in the call region');
    await api.reset();
    await api.behave({ path: '/api/records', behaviour: { kind: 'hold' }, times: 1 });
    await page.getByRole('button', { name: errorStrings.retry }).click();
    await expect.poll(() => focus(page)).toBe('section in the call region');
    await api.release('/api/records');
    await page.getByTestId('records').getByRole('link', { name: 'Record 3' }).waitFor();
    expect(await focus(page)).toBe('section in the call region');
    expect(await alert(page).count()).toBe(0);
  };

  itWithOwnApi('moves the focus to a failure that follows a navigation (the heading had it)', async ({ expect }) => {
    await api.behave({ path: '/api/records', behaviour: { kind: 'status', status: 500 } });
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      await page.getByRole('link', { name: 'Records', exact: true }).click();
      await alert(page).waitFor();
      await expect.poll(() => focus(page)).toBe('alert in the call region');
    });
  });

  itWithOwnApi('shows a 500 as a server problem and loads on retry', async ({ expect }) => {
    await api.behave({ path: '/api/records', behaviour: { kind: 'status', status: 500 } });
    await open('/records', (page) => failsThenRetries(page, errorStrings.server, expect));
  });

  itWithOwnApi(
    'shows a payload of the wrong shape as invalid, without a crash, and loads on retry',
    async ({ expect }) => {
      await api.behave({ path: '/api/records', behaviour: { kind: 'invalid' } });
      await open('/records', (page) => failsThenRetries(page, errorStrings.invalidPayload, expect));
    },
  );

  itWithOwnApi('times out when the server never answers, and loads on retry', async ({ expect }) => {
    await api.behave({ path: '/api/records', behaviour: { kind: 'hang' } });
    await open('/records', (page) => failsThenRetries(page, errorStrings.timeout, expect), { timeoutMs: 1_000 });
  });

  itWithOwnApi('shows a dropped connection behind the proxy as a server problem', async ({ expect }) => {
    await api.behave({ path: '/api/records', behaviour: { kind: 'drop' } });
    await open('/records', (page) => failsThenRetries(page, errorStrings.server, expect));
  });
});
