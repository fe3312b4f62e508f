import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/**
 * axe-core's violations on what the page shows, one line each: rule, help text and the offending
 * elements. A cheaper way to run the same audit than @axe-core/playwright's `analyze()`, which the
 * browser tests used before (docs/BENCHMARKS.md, "Browser project"):
 *
 * - axe's 0.5 MB source is evaluated once per document (analyze() evaluates it twice per call,
 *   ~0.2 s of parse and compile each on a loaded machine), so a second audit of the same page
 *   (the dark scheme's colour rules) costs only the rules it runs;
 * - only the violations come back whole (`resultTypes`): passes and inapplicable rules, which
 *   no test reads, are cut to one node each instead of being serialised node by node.
 *
 * The rules are axe's defaults, as before; `rules` narrows them, `include` audits one region.
 */
export async function axeViolations(
  page: Page,
  options: { rules?: readonly string[]; include?: string } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ rules, include }) => {
      const { axe } = window as unknown as {
        axe: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };
      };
      const results = await axe.run(include ? { include: [include] } : document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
      });
      return results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
    },
    { rules: options.rules ? [...options.rules] : undefined, include: options.include },
  );
}

/** A screen state to audit: where it is and how to bring the page there. */
export interface ScreenState {
  name: string;
  url: string;
  /** The heading that shows the state is on screen. */
  heading: string;
  /** Brings the page into the state after the URL has loaded. */
  act?: (page: Page) => Promise<void>;
  /** Prepares the page before it loads. */
  before?: (page: Page) => Promise<unknown>;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/**
 * Waits for the state's heading; when it never shows, says which heading was awaited, where, and
 * what the page shows instead (a test's own timeout would say none of it). Well before a test's
 * usual 30 s, so that this message is the one a person reads.
 */
async function shownOrSaid(page: Page, state: ScreenState, timeout: number): Promise<void> {
  try {
    await heading(page, state.heading).waitFor({ timeout });
  } catch (error) {
    const shown = await page
      .getByRole('heading')
      .allTextContents()
      .catch(() => []);
    throw new Error(
      `${state.name}: the heading "${state.heading}" never showed at ${state.url} within ${timeout} ms; the page ` +
        `shows ${shown.length ? shown.map((text) => `"${text.trim()}"`).join(', ') : 'no heading'}. The audit waits ` +
        `for the heading the path spec asserts there (tests/paths/…: assertions): it must be the view's heading, ` +
        `word for word (a placeholder still in either one differs).`,
      { cause: error },
    );
  }
}

/**
 * Only these axe rules depend on the color scheme (they read rendered colors); the others read the
 * DOM and ARIA, which the scheme does not change. So a state is loaded once: every rule in light,
 * then these again in dark, on the same page. Half the page loads and axe runs of one per scheme.
 */
export const COLOR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Waits for the page's finite animations to end; endless ones (a spinner) are skipped, and one
 * cancelled (by a re-render) counts as ended. Contrast is measured on settled colors: a screen
 * fades in as it enters (styles.css, `.screen`), and a scheme change moves colors with a CSS
 * transition; under load axe could read a screen mid-fade. A layout is measured still: a screen
 * entering is moved by its entrance, and a line measured mid-entrance is off by a part of it.
 */
export function animationsSettled(page: Page): Promise<unknown> {
  return page.evaluate(async () => {
    // A move in the app is a view transition whose animations start once its update is done (the
    // new screen, heading and all, is on the page before them): the transition ends first.
    const { activeViewTransition } = document as { activeViewTransition?: { finished: Promise<unknown> } | null };
    await activeViewTransition?.finished.catch(() => {});
    return Promise.allSettled(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    );
  });
}

/**
 * Tabs of a shared context that audited a screen and are free again, each with axe loaded and the
 * heading it showed: the next screen is reached on one by the app's own move, as a person moves,
 * instead of a new page load. Per page, evaluating axe's source and its first run cost 0.6–1.3 s
 * and the load 0.4–0.9 s on the shared 2-core machine, against 0.1–0.2 s for an audit of a page
 * that has it: a product with a hundred screens paid them a hundred times.
 */
const freeTabs = new WeakMap<BrowserContext, { page: Page; heading: string }[]>();

/**
 * Brings a tab of the shared context to `state`'s URL: a free tab moves there in the app, by its
 * link when one is visible, else by `navigation.navigate()` (a link's click in a menu that is
 * closed, which the app intercepts as it does a click); a new tab loads it, as does one whose
 * screen had the same heading (the wait for the heading could not tell the screens apart) or a
 * page without the Navigation API.
 */
async function tabAt(shared: BrowserContext, origin: string, state: ScreenState): Promise<Page> {
  const free = freeTabs.get(shared) ?? [];
  const at = free.findIndex((tab) => tab.heading !== state.heading);
  const tab = at >= 0 ? free.splice(at, 1)[0]?.page : undefined;
  if (!tab) {
    const page = await shared.newPage();
    await page.goto(origin + state.url);
    return page;
  }
  const link = tab.locator(`a[href=${JSON.stringify(state.url)}]`).first();
  if (await link.isVisible()) await link.click();
  else {
    const moved = await tab.evaluate((url) => {
      const { navigation } = window as { navigation?: { navigate(url: string): { finished: Promise<unknown> } } };
      // A move the app refuses or replaces rejects `finished`: the heading's wait says what shows.
      navigation?.navigate(url).finished.catch(() => {});
      return navigation !== undefined;
    }, state.url);
    if (!moved) await tab.goto(origin + state.url);
  }
  return tab;
}

/**
 * A state that acts on the page (types, signs in, saves) gets a context of its own: a form's draft
 * is kept in localStorage, which the tabs of a context share; one prepared before it loads gets a
 * tab of its own. The others share the context's tabs (tabAt): cheaper than a context, and the
 * app's chunks come from its cache.
 */
export async function violationsIn(
  {
    browser,
    shared,
    context,
    headingTimeout = 15_000,
  }: {
    browser: Browser;
    shared: BrowserContext;
    context: BrowserContextOptions;
    /** How long the state's heading may take to show before the audit says it never did (ms). */
    headingTimeout?: number;
  },
  origin: string,
  state: ScreenState,
): Promise<string[]> {
  const own = state.act ? await browser.newContext(context) : undefined;
  const alone = own !== undefined || state.before !== undefined;
  const page = alone ? await (own ?? shared).newPage() : await tabAt(shared, origin, state);
  let free = false;
  try {
    if (alone) {
      await state.before?.(page);
      await page.goto(origin + state.url);
    }
    await shownOrSaid(page, state, headingTimeout);
    await state.act?.(page);
    await animationsSettled(page);
    const light = await axeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await animationsSettled(page);
    const dark = await axeViolations(page, { rules: COLOR_RULES });
    if (!alone) {
      await page.emulateMedia({ colorScheme: context.colorScheme ?? 'light' });
      free = true;
    }
    return [...light.map((line) => `light scheme: ${line}`), ...dark.map((line) => `dark scheme: ${line}`)];
  } finally {
    if (own) await own.close();
    else if (free) freeTabs.set(shared, [...(freeTabs.get(shared) ?? []), { page, heading: state.heading }]);
    else await page.close();
  }
}
