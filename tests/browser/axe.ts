import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's violations on what the page shows, one line each: rule, help text and the offending
 * elements. A cheaper way to run the same audit than @axe-core/playwright's `analyze()`, which the
 * browser tests used before (docs/BENCHMARKS.md, "Browser project, session 4"):
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
