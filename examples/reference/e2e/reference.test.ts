import type { Browser, Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { headingNamed, historyLength, openPage, pathOf, pressBack } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../scripts/browser-tests/fixture';

// A tab per test in one context: these tests use no storage but the tab's own sessionStorage.
const chromium = chromiumFixture();
const { open, origin } = chromium;
const path = pathOf;
const heading = headingNamed;

/**
 * Opens `url` in a context of its own whose shell effects' chunk (focus, scroll, the header menu's
 * keys and resizes: packages/react/src/navigationEffects.ts) is held until `release()`.
 */
async function withEffectsHeld(
  url: string,
  options: Parameters<Browser['newContext']>[0],
  test: (page: Page, release: () => void) => Promise<void>,
) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  try {
    await open(url, (page) => test(page, release), {
      own: options ?? true,
      before: (context) =>
        context.route('**/assets/navigationEffects-*.js', async (route) => {
          await held;
          await route.continue();
        }),
    });
  } finally {
    release();
  }
}

// Every test opens a page of its own (open) and none tells the API servers how to answer,
// so the tests run at once, up to the browser project's maxConcurrency: one's page load overlaps
// another's waits. A test that needs api.behave() belongs in a sequential block (see calls.test.ts).
describe.concurrent('deep links to every reference route', () => {
  const cases: [url: string, heading: string, title: string][] = [
    ['/', 'Reference home', 'Reference home · Reference app'],
    ['/section', 'All items', 'All items · Reference app'],
    ['/section?q=red&page=2', 'All items', 'All items · Reference app'],
    ['/section/3', 'Item 3', 'Item 3 · Reference app'],
    ['/editor', 'Editor', 'Editor · Reference app'],
    ['/broken', 'Something went wrong', 'Something went wrong · Reference app'],
    ['/?overlay=open', 'Overlay', 'Overlay · Reference home · Reference app'],
    ['/section/2?overlay=open', 'Overlay', 'Overlay · Item 2 · Reference app'],
  ];
  for (const [url, name, title] of cases) {
    it(`opens ${url} on its screen, with its title, and keeps the URL`, async ({ expect }) => {
      await open(url, async (page) => {
        await heading(page, name).waitFor();
        expect(path(page)).toBe(url);
        expect(await page.title()).toBe(title);
      });
    });
  }

  it('shows the search params it was given', async ({ expect }) => {
    await open('/section?q=red&page=2', async (page) => {
      await expect.poll(() => page.getByTestId('list-query').textContent()).toBe('Page 2, filtered by “red”');
    });
  });
});

describe.concurrent('links, Back and Forward', () => {
  it('keeps a parent’s view mounted (the same node, no entrance again) while only its child changes; siblings mount fresh', async ({
    expect,
  }) => {
    await open('/section', async (page) => {
      await heading(page, 'All items').waitFor();
      const parent = () =>
        page.locator('article.screen', { has: page.getByRole('heading', { name: 'Section', level: 1 }) });
      // Marked on the node itself: a remount makes a new node without the mark.
      await parent().evaluate((node) => node.setAttribute('data-mark', 'first'));
      for (const [link, name] of [
        ['Item 2', 'Item 2'],
        ['Item 3', 'Item 3'],
        ['All items', 'All items'],
      ] as const) {
        await page.getByRole('link', { name: link, exact: true }).click();
        await heading(page, name).waitFor();
        expect(await parent().getAttribute('data-mark'), `after ${link}`).toBe('first');
      }
      await page.goBack();
      await heading(page, 'Item 3').waitFor();
      expect(await parent().getAttribute('data-mark'), 'after Back').toBe('first');
      // The parent's entrance animation ran once, on its first mount, not on the child's moves.
      expect(
        await parent().evaluate((node) => node.getAnimations().filter((a) => a.playState === 'running').length),
      ).toBe(0);
      // A sibling at the parent's level mounts fresh, and so does the parent when it comes back.
      await page.getByRole('link', { name: 'Editor' }).click();
      await heading(page, 'Editor').waitFor();
      await page.goBack();
      await heading(page, 'Item 3').waitFor();
      expect(await parent().getAttribute('data-mark')).toBeNull();
    });
  });

  it('pushes one entry per link click and moves with Back and Forward', async ({ expect }) => {
    await open('/', async (page) => {
      const start = await historyLength(page);
      await page.getByRole('link', { name: 'Section' }).click();
      await heading(page, 'All items').waitFor();
      expect(path(page)).toBe('/section');
      await page.getByRole('link', { name: 'Item 2' }).click();
      await heading(page, 'Item 2').waitFor();
      expect(path(page)).toBe('/section/2');
      expect(await historyLength(page)).toBe(start + 2);

      await page.goBack();
      await heading(page, 'All items').waitFor();
      expect(path(page)).toBe('/section');
      await page.goBack();
      await heading(page, 'Reference home').waitFor();
      await page.goForward();
      await heading(page, 'All items').waitFor();
      expect(await historyLength(page)).toBe(start + 2);
    });
  });

  it('marks the link to the current screen with aria-current', async ({ expect }) => {
    await open('/section/1', async (page) => {
      await heading(page, 'Item 1').waitFor();
      expect(await page.getByRole('link', { name: 'Item 1' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('link', { name: 'Section' }).getAttribute('aria-current')).toBe('true');
      expect(await page.getByRole('link', { name: 'Item 2' }).getAttribute('aria-current')).toBeNull();
      expect(await page.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    });
  });

  it('draws the current item of a list apart from its siblings, as well as marking it with aria-current', async ({
    expect,
  }) => {
    await open('/section/1', async (page) => {
      await heading(page, 'Item 1').waitFor();
      const look = (name: string) =>
        page.getByRole('link', { name, exact: true }).evaluate((node) => {
          const style = getComputedStyle(node);
          return [style.backgroundColor, style.color, style.boxShadow, style.fontWeight].join(' ');
        });
      // The section's own list of its items (.nav-list), and the header's entry that contains it.
      expect(await look('Item 1')).not.toBe(await look('Item 2'));
      expect(await look('Item 2')).toBe(await look('Item 3'));
      expect(await look('Section')).not.toBe(await look('Editor'));
      // The list primitive for a list beside its detail (.item-list), and a plain list of links in a screen
      // (docs/ui.md): the stylesheet the app ships draws aria-current, whatever marks it.
      const marks = await page
        .locator('article.screen')
        .first()
        .evaluate((screen) => {
          const list = document.createElement('ul');
          list.className = 'item-list';
          list.innerHTML =
            '<li><a href="#a">A</a></li><li><a href="#b" aria-current="page">B</a></li><li><a href="#c">C</a></li>';
          const plain = document.createElement('ul');
          plain.innerHTML = '<li><a href="#d">D</a></li><li><a href="#e" aria-current="page">E</a></li>';
          screen.append(list, plain);
          const look = (link: Element) => {
            const style = getComputedStyle(link);
            return [style.backgroundColor, style.boxShadow, style.fontWeight, style.textDecorationLine].join(' ');
          };
          const [a, b, c] = [...list.querySelectorAll('a')].map(look);
          const [d, e] = [...plain.querySelectorAll('a')].map(look);
          list.remove();
          plain.remove();
          return { current: b !== a, siblings: a === c, plain: d !== e };
        });
      expect(marks).toEqual({ current: true, siblings: true, plain: true });
    });
  });

  it('adds no entry when a link leads to the screen already shown', async ({ expect }) => {
    await open('/section/1', async (page) => {
      await heading(page, 'Item 1').waitFor();
      const start = await historyLength(page);
      await page.getByRole('link', { name: 'Item 1' }).click();
      expect(await historyLength(page)).toBe(start);
      expect(path(page)).toBe('/section/1');
    });
  });

  it('keeps the section entered between its children and re-enters the item for a new id', async ({ expect }) => {
    await open('/section', async (page) => {
      await heading(page, 'All items').waitFor();
      await page.getByRole('link', { name: 'Item 1' }).click();
      await page.getByRole('link', { name: 'Item 2' }).click();
      await heading(page, 'Item 2').waitFor();
      expect(await page.getByTestId('section-entries').textContent()).toBe('Section entered 1 times');
      expect(await page.getByTestId('item-entries').textContent()).toBe('Item entered 2 times');
    });
  });

  it('changes tabs inside a screen without touching the URL, title or focus', async ({ expect }) => {
    await open('/section/1', async (page) => {
      await heading(page, 'Item 1').waitFor();
      const start = await historyLength(page);
      await page.getByRole('button', { name: 'Notes' }).click();
      await page.getByText('Notes tab').waitFor();
      expect(path(page)).toBe('/section/1');
      expect(await historyLength(page)).toBe(start);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Notes');
    });
  });
});

describe.concurrent('refusal', () => {
  it('refuses Back while the editor is dirty and keeps the forward entry', async ({ expect }) => {
    await open('/', async (page) => {
      await page.getByRole('link', { name: 'Section' }).click();
      await heading(page, 'All items').waitFor();
      await page.getByRole('link', { name: 'Editor' }).click();
      await heading(page, 'Editor').waitFor();
      const length = await historyLength(page);
      await page.getByLabel('Draft').fill('unsaved words');
      await page.getByText('Unsaved changes').waitFor();

      await pressBack(page);
      await expect.poll(() => path(page)).toBe('/editor');
      await heading(page, 'Editor').waitFor();
      expect(await historyLength(page)).toBe(length);

      // Saved: Back works again, and Forward still finds the editor entry.
      await page.getByRole('button', { name: 'Save' }).click();
      await page.goBack();
      await heading(page, 'All items').waitFor();
      expect(path(page)).toBe('/section');
      await page.goForward();
      await heading(page, 'Editor').waitFor();
      expect(await historyLength(page)).toBe(length);
    });
  });

  it('refuses a link click while dirty, adding no entry', async ({ expect }) => {
    await open('/editor', async (page) => {
      await heading(page, 'Editor').waitFor();
      await page.getByLabel('Draft').fill('x');
      const length = await historyLength(page);
      await page.getByRole('link', { name: 'Home' }).click();
      await heading(page, 'Editor').waitFor();
      expect(path(page)).toBe('/editor');
      expect(await historyLength(page)).toBe(length);
    });
  });

  it('asks the browser to confirm a reload while the editor is dirty, and not when saved', async ({ expect }) => {
    await open('/editor', async (page) => {
      await heading(page, 'Editor').waitFor();
      // Chromium asks only on pages the user has interacted with: type for real.
      await page.getByLabel('Draft').click();
      await page.keyboard.type('x');
      const dialog = page.waitForEvent('dialog');
      // Dismissed, the reload never happens, so its promise is left to settle later.
      void page.reload().catch(() => undefined);
      const shown = await dialog;
      expect(shown.type()).toBe('beforeunload');
      await shown.dismiss();
      expect(await page.getByLabel('Draft').inputValue()).toBe('x');

      await page.getByRole('button', { name: 'Save' }).click();
      let asked = false;
      page.on('dialog', (d) => {
        asked = true;
        void d.accept();
      });
      await page.reload();
      await heading(page, 'Editor').waitFor();
      expect(asked).toBe(false);
    });
  });
});

describe.concurrent('redirect', () => {
  it('replaces the entry when a typed URL redirects', async ({ expect }) => {
    await open('/section', async (page) => {
      await heading(page, 'All items').waitFor();
      const start = await historyLength(page);
      await page.goto(origin() + '/old');
      await heading(page, 'Reference home').waitFor();
      expect(path(page)).toBe('/');
      expect(await historyLength(page)).toBe(start + 1);
      await page.goBack();
      await heading(page, 'All items').waitFor();
      expect(path(page)).toBe('/section');
    });
  });

  it('pushes only the redirect target when a link leads to a redirecting route', async ({ expect }) => {
    await open('/section', async (page) => {
      await heading(page, 'All items').waitFor();
      const start = await historyLength(page);
      await page.getByRole('link', { name: 'Home' }).click();
      await page.getByRole('link', { name: 'Old address (redirects)' }).click();
      await expect.poll(() => historyLength(page)).toBe(start + 1);
      expect(path(page)).toBe('/');
      await page.goBack();
      await heading(page, 'All items').waitFor();
    });
  });
});

describe.concurrent('unknown and malformed URLs', () => {
  const cases: [url: string, shown: string, kept?: string][] = [
    ['/nowhere', '/nowhere'],
    ['/section/abc', '/section/abc'],
    ['/section/1/extra', '/section/1/extra'],
    ['/section?page=two', '/section?page=two'],
    ['/section/%E0%A4%A', '/section/%E0%A4%A'],
    ['/?overlay=sideways', '/?overlay=sideways'],
    // A protocol-relative path's entry is rewritten as one path segment (the app writes only URLs
    // that stay on our origin), and shown as written, so that a reload shows the same text.
    ['//evil.example/path', '/%2F%2Fevil.example%2Fpath', '/%2F%2Fevil.example%2Fpath'],
    // Dot segments that resolve to such a path: the same text, then and after a reload.
    ['/.//section?q=a', '/%2F%2Fsection%3Fq%3Da', '/%2F%2Fsection%3Fq%3Da'],
  ];
  for (const [url, shown, kept = url] of cases) {
    it(`shows not-found for ${url}, keeping the URL as typed, with a way home`, async ({ expect }) => {
      await open(url, async (page) => {
        await heading(page, 'Page not found').waitFor();
        expect(path(page)).toBe(kept);
        expect(await page.locator('.typed-url').textContent()).toBe(shown);
        if (kept !== url) {
          await page.reload();
          await heading(page, 'Page not found').waitFor();
          expect(path(page)).toBe(kept);
          expect(await page.locator('.typed-url').textContent()).toBe(shown);
        }
        await page.getByRole('link', { name: 'Go to the home page' }).click();
        await heading(page, 'Reference home').waitFor();
        expect(path(page)).toBe('/');
      });
    });
  }

  it('shows not-found for a URL over the length limit', async ({ expect }) => {
    const url = `/section?q=${'x'.repeat(3000)}`;
    await open(url, async (page) => {
      await heading(page, 'Page not found').waitFor();
      expect(path(page)).toBe(url);
    });
  });
});

describe.concurrent('reload', () => {
  it('keeps the state of nested and parallel routes across a reload', async ({ expect }) => {
    await open('/section/2?overlay=open', async (page) => {
      await heading(page, 'Item 2').waitFor();
      await page.reload();
      await heading(page, 'Item 2').waitFor();
      await heading(page, 'Overlay').waitFor();
      expect(path(page)).toBe('/section/2?overlay=open');
    });
  });
});

describe.concurrent('the header', () => {
  const PHONE = { width: 390, height: 844 };
  const menu = (page: Page) => page.getByRole('button', { name: 'Menu' });
  const entries = (page: Page) => page.locator('#site-nav-list');
  /** The header's boxes: one row when the brand and the nav's visible controls share a line. */
  const header = (page: Page) =>
    page.evaluate(() => {
      const inner = document.querySelector('.site-header__inner') as HTMLElement;
      const brand = inner.querySelector('.brand') as HTMLElement;
      const shown = [...inner.querySelectorAll<HTMLElement>('.nav-toggle, .nav-link')].filter(
        (element) => element.getClientRects().length > 0,
      );
      const middle = (element: HTMLElement) => {
        const box = element.getBoundingClientRect();
        return Math.round(box.top + box.height / 2);
      };
      return {
        rows: new Set([brand, ...shown].map(middle)).size,
        overflows: inner.scrollWidth > inner.clientWidth,
        // An entry's words never wrap: every entry shown is as tall as the others.
        wrapped:
          new Set(shown.filter((element) => element.matches('.nav-link')).map((element) => element.offsetHeight)).size >
          1,
      };
    });
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

  it('stays one row on a 390 px phone: its 7 entries behind a menu button that opens and closes by keyboard', async ({
    expect,
  }) => {
    await open(
      '/section/3',
      async (page) => {
        await heading(page, 'Item 3').waitFor();
        // Escape and the focus leaving come with the effects' chunk, beside the first render.
        await page.waitForLoadState('networkidle');
        expect(await header(page)).toMatchObject({ rows: 1, overflows: false });
        expect(await menu(page).getAttribute('aria-expanded')).toBe('false');
        expect(await menu(page).getAttribute('aria-controls')).toBe('site-nav-list');
        expect(await entries(page).isVisible()).toBe(false);

        // Skip link, then the menu button; Enter opens it, and Tab goes through the entries.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        expect(await focused(page)).toBe('Menu');
        await page.keyboard.press('Enter');
        expect(await menu(page).getAttribute('aria-expanded')).toBe('true');
        expect(await entries(page).getByRole('link').count()).toBe(7);
        await expect.poll(() => entries(page).isVisible()).toBe(true);
        await page.keyboard.press('Tab');
        expect(await focused(page)).toBe('Home');
        // Escape closes it and gives the focus back to the button.
        await page.keyboard.press('Escape');
        expect(await menu(page).getAttribute('aria-expanded')).toBe('false');
        expect(await focused(page)).toBe('Menu');
        expect(await entries(page).isVisible()).toBe(false);
        // Space opens it too; an entry navigates, the menu closes and the shell focuses the heading.
        await page.keyboard.press('Space');
        await entries(page).getByRole('link', { name: 'Records' }).focus();
        await page.keyboard.press('Enter');
        await heading(page, 'All records').waitFor();
        await expect.poll(() => focused(page)).toBe('All records');
        expect(await menu(page).getAttribute('aria-expanded')).toBe('false');
        expect(await header(page)).toMatchObject({ rows: 1, overflows: false });
        // Tabbing out of the open menu closes it: nothing stays drawn over the page.
        await menu(page).click();
        await entries(page).getByRole('link', { name: 'New record' }).focus();
        await page.keyboard.press('Tab');
        expect(await menu(page).getAttribute('aria-expanded')).toBe('false');
      },
      { viewport: PHONE },
    );
  });

  it('opens its menu from the first click, before the chunk with Escape and resizes is in, and has them once it is', async ({
    expect,
  }) => {
    await withEffectsHeld('/', { viewport: PHONE }, async (page, release) => {
      await heading(page, 'Reference home').waitFor();
      // Measured at the first paint: the entries do not fit, the button is there and opens them.
      await menu(page).click();
      expect(await menu(page).getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => entries(page).isVisible()).toBe(true);
      release();
      await page.waitForLoadState('networkidle');
      await entries(page).getByRole('link', { name: 'Home' }).focus();
      await page.keyboard.press('Escape');
      expect(await menu(page).getAttribute('aria-expanded')).toBe('false');
      expect(await focused(page)).toBe('Menu');
      // The nav is measured again when it is resized.
      await page.setViewportSize({ width: 1440, height: 900 });
      await expect.poll(() => menu(page).isVisible()).toBe(false);
    });
  });

  it('shows its entries on its one row when they fit, and the menu only when they stop fitting', async ({ expect }) => {
    await open(
      '/',
      async (page) => {
        await heading(page, 'Reference home').waitFor();
        expect(await header(page)).toMatchObject({ rows: 1, overflows: false });
        expect(await menu(page).isVisible()).toBe(false);
        expect(await entries(page).getByRole('link', { name: 'New record' }).isVisible()).toBe(true);
        // Narrower and narrower, up to where the entries no longer fit: still one row, and no
        // entry's words wrapped to make them fit.
        for (let width = 1000; width >= 700; width -= 20) {
          await page.setViewportSize({ width, height: 900 });
          await expect
            .poll(() => header(page), { message: `at ${width} px` })
            .toEqual({ rows: 1, overflows: false, wrapped: false });
        }
        await page.setViewportSize(PHONE);
        await expect.poll(() => menu(page).isVisible()).toBe(true);
        expect(await header(page)).toMatchObject({ rows: 1, overflows: false });
        await page.setViewportSize({ width: 1440, height: 900 });
        await expect.poll(() => menu(page).isVisible()).toBe(false);
        expect(await entries(page).getByRole('link', { name: 'New record' }).isVisible()).toBe(true);
      },
      { viewport: { width: 1440, height: 900 } },
    );
  });
});

describe.concurrent('after a navigation', () => {
  it('sets the title, announces the screen and focuses its heading, but not on first load', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
      expect(await page.getByRole('status').last().textContent()).toBe('');

      await page.getByRole('link', { name: 'Editor' }).click();
      // The clicked link is named 'Editor' too: wait on the heading, not on any element so named.
      await expect
        .poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`))
        .toBe('H1 Editor');
      expect(await page.title()).toBe('Editor · Reference app');
      await expect
        .poll(() => page.locator('[role=status][aria-live=polite]').textContent())
        .toBe('Editor, page loaded');
    });
  });

  it('sets title and announcement at once, and focus once the chunk that moves it is in', async ({ expect }) => {
    // The shell's focus and scroll effects load beside the first render (packages/react/src/Shell.tsx):
    // held here, a navigation made before they arrive is focused when they do.
    await withEffectsHeld('/', {}, async (page, release) => {
      await heading(page, 'Reference home').waitFor();
      await page.getByRole('link', { name: 'Editor' }).click();
      await heading(page, 'Editor').waitFor();
      expect(await page.title()).toBe('Editor · Reference app');
      await expect
        .poll(() => page.locator('[role=status][aria-live=polite]').textContent())
        .toBe('Editor, page loaded');
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('H1');
      release();
      // The chunk now loads, then moves the focus: on a loaded machine (load 17-25) that took
      // longer than the poll's default 1 s, and the focus was still on the link.
      await expect
        .poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`), {
          timeout: 10_000,
        })
        .toBe('H1 Editor');
    });
  });

  it('asks again for the focus chunk on the next navigation when it failed to load', async ({ expect }) => {
    const own = await chromium.browser().newContext();
    let requests = 0;
    await own.route('**/assets/navigationEffects-*.js', (route) => {
      requests += 1;
      return route.abort();
    });
    const { page, problems, close } = await openPage(own, origin() + '/');
    try {
      await heading(page, 'Reference home').waitFor();
      // Asked for at load, and again when the shell mounts if the first answer came before that.
      await page.waitForLoadState('networkidle');
      expect(requests).toBeGreaterThan(0);
      const atLoad = requests;
      await page.getByRole('link', { name: 'Editor' }).click();
      await heading(page, 'Editor').waitFor();
      // Without the chunk the app still navigates, titles and announces; focus stays put.
      expect(await page.title()).toBe('Editor · Reference app');
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('H1');
      await expect.poll(() => requests, { message: 'the navigation asks for the chunk once more' }).toBe(atLoad + 1);
      await own.unroute('**/assets/navigationEffects-*.js');
      await page.getByRole('link', { name: 'Home' }).click();
      await heading(page, 'Reference home').waitFor();
      await expect
        .poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`))
        .toBe('H1 Reference home');
      // The failed requests are all the console reports.
      expect(problems.filter((problem) => !/ERR_FAILED .*navigationEffects-/.test(problem))).toEqual([]);
    } finally {
      await close();
      await own.close();
    }
  });

  it('scrolls new entries to the top and restores the position on Back', async ({ expect }) => {
    await open('/', async (page) => {
      await heading(page, 'Reference home').waitFor();
      await page.locator('#page-end').scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(200);
      // A link in view where the page was scrolled to: the click itself scrolls nothing.
      await page.getByRole('link', { name: 'Write a draft' }).click();
      await heading(page, 'Editor').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await heading(page, 'Reference home').waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    });
  });
});

describe.concurrent('the overlay in a parallel region', () => {
  it('opens with its own URL and leaves the screen beside it as it was', async ({ expect }) => {
    await open('/section/1', async (page) => {
      await heading(page, 'Item 1').waitFor();
      await page.getByRole('button', { name: 'Notes' }).click();
      const start = await historyLength(page);

      await page.getByRole('link', { name: 'Open the overlay' }).click();
      await heading(page, 'Overlay').waitFor();
      expect(path(page)).toBe('/section/1?overlay=open');
      expect(await historyLength(page)).toBe(start + 1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Overlay');
      expect(await page.getByText('Notes tab').isVisible()).toBe(true);

      await page.getByRole('link', { name: 'Close the overlay' }).click();
      await expect.poll(() => path(page)).toBe('/section/1');
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Item 1');

      await page.goBack();
      await heading(page, 'Overlay').waitFor();
      expect(path(page)).toBe('/section/1?overlay=open');
      expect(await page.getByText('Notes tab').isVisible()).toBe(true);
      expect(await page.getByTestId('item-entries').textContent()).toBe('Item entered 1 times');
    });
  });
});

describe.concurrent('a view that throws', () => {
  it('lands in the error state with a way home, and the app keeps navigating', async ({ expect }) => {
    await open('/', async (page) => {
      await page.getByRole('link', { name: 'Broken' }).click();
      await heading(page, 'Something went wrong').waitFor();
      expect(path(page)).toBe('/broken');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await heading(page, 'Reference home').waitFor();
      await page.getByRole('link', { name: 'Section' }).click();
      await heading(page, 'All items').waitFor();
    });
  });
});

describe.concurrent('under a base path', () => {
  it('serves deep links and keeps the base in every URL', async ({ expect }) => {
    const { page, problems, close } = await openPage(
      await chromium.context(),
      inject('baseUrl') + '/base/section/2?overlay=open',
    );
    try {
      await heading(page, 'Item 2').waitFor();
      expect(path(page)).toBe('/base/section/2?overlay=open');
      expect(await page.getByRole('link', { name: 'Item 3' }).getAttribute('href')).toBe(
        '/base/section/3?overlay=open',
      );
      await page.getByRole('link', { name: 'Editor' }).click();
      await heading(page, 'Editor').waitFor();
      expect(path(page)).toBe('/base/editor?overlay=open');
      await page.goBack();
      await heading(page, 'Item 2').waitFor();
      await page.goto(inject('baseUrl') + '/base/nowhere');
      await heading(page, 'Page not found').waitFor();
      expect(await page.locator('.typed-url').textContent()).toBe('/nowhere');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe.concurrent('a view chunk that fails to load', () => {
  it('shows the error state, without fetching in a loop, and loads on a later navigation', async ({ expect }) => {
    // The route is in place before the app loads: its idle preload must not fetch the chunk first.
    const { page, close } = await openPage(await chromium.context(), 'about:blank');
    try {
      let requests = 0;
      await page.route('**/editor.view-*.js', (route) => {
        requests += 1;
        return route.abort();
      });
      await page.goto(origin() + '/');
      await heading(page, 'Reference home').waitFor();
      // The idle preload asks first (its request fails): waited for here, it cannot come late,
      // after the error state shows, on a loaded machine where idle callbacks are slow to run.
      await expect
        .poll(() => requests, { timeout: 20_000, message: 'the idle preload asked for the editor chunk' })
        .toBeGreaterThanOrEqual(1);
      await page.getByRole('link', { name: 'Editor' }).click();
      await heading(page, 'Something went wrong').waitFor();
      expect(path(page)).toBe('/editor');
      // Each intent may ask once: the idle preload, the link's warm-up on hover or focus, and the
      // navigation. The machine's move to its error state asks for nothing (app.tsx retries a
      // failed chunk only when a navigation enters its screen again). A loop asks on every render:
      // past that bound within a few frames, and by the next navigation.
      const INTENTS = 3;
      expect(requests, 'the preload and the navigation asked before the error state showed').toBeGreaterThanOrEqual(2);
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let frames = 10;
            const next = () => (--frames ? requestAnimationFrame(next) : resolve());
            requestAnimationFrame(next);
          }),
      );
      await heading(page, 'Something went wrong').waitFor();
      expect(requests, 'requests for the failed chunk while its error state showed').toBeLessThanOrEqual(INTENTS);

      await page.unroute('**/editor.view-*.js');
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await heading(page, 'Reference home').waitFor();
      await page.getByRole('link', { name: 'Editor' }).click();
      await heading(page, 'Editor').waitFor();
      expect(requests, 'requests for the failed chunk until the next navigation').toBeLessThanOrEqual(INTENTS);
    } finally {
      await close();
    }
  });
});
