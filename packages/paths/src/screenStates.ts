import { checksFor } from './ui';
import { createModel } from './model';
import { describeState, routeEvents, type MachineSpec } from './spec';
import type { ScreenState } from './axe';

/**
 * Every screen a URL can show, derived from the machine and its path spec: one per routable
 * state (with the spec's sample params), as the machine decides it (a guard's redirect, a screen
 * that loads shows its loading state), one per state shown: the first URL that shows it. Its
 * heading is the deepest heading the spec asserts there, so an audit waits until the screen is on
 * the page. A screen reached only by acting (a form sent, a view that throws) is not in it: add
 * it by hand, with `act` or `before`. A screen without an asserted heading is left out, named in
 * `missing` (the shell focuses a heading on every screen; one without is a defect of its own).
 */
export function screenStatesOf(spec: MachineSpec): { states: ScreenState[]; missing: string[] } {
  const states: ScreenState[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  for (const event of routeEvents(spec)) {
    const model = createModel(spec);
    try {
      model.navigate(model.hrefFor(String(event.to), event.params as Record<string, unknown>));
      const snapshot = model.snapshot();
      // One per state shown: a search param's variant (a page, a filter) shows the same views.
      const shown = JSON.stringify(snapshot.value);
      if (seen.has(shown)) continue;
      seen.add(shown);
      const url = model.url();
      const heading = checksFor(spec, snapshot)
        .flatMap((check) => (check.kind === 'heading' ? [check.name] : []))
        .at(-1);
      if (heading === undefined) missing.push(describeState(spec.table, snapshot));
      else states.push({ name: describeState(spec.table, snapshot), url, heading });
    } finally {
      model.stop();
    }
  }
  return { states, missing };
}
