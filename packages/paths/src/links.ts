import { href, resolveUrl } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { modelAfter, createModel, type ModelOp } from './model';
import { describeState, isTransient, type MachineSpec } from './spec';

/** An in-app link on screen: its href and accessible text. */
export interface ShownLink {
  href: string;
  name: string;
}

/** In-app links of a document: `<a href="/…">`, not another site's. */
export function linksIn(document: Document): ShownLink[] {
  return [...document.querySelectorAll('a[href]')]
    .map((a) => ({ href: a.getAttribute('href') ?? '', name: (a.textContent ?? '').trim() }))
    .filter((link) => link.href.startsWith('/') && !link.href.startsWith('//'));
}

/** Where a link's URL leads a fresh app, and the screen that names, per spec: the same on every screen. */
const destinations = new WeakMap<MachineSpec, Map<string, { expected: string; expectedScreen: string }>>();

/**
 * What following `url` must land on: the URL itself, or, for a redirect, where the same URL takes
 * a fresh app. A function of the spec and the URL alone, so it is found once per URL, not once per
 * screen showing a link to it (a nav link is on every screen: screens × links fresh apps).
 */
function destinationOf(spec: MachineSpec, url: string): { expected: string; expectedScreen: string } {
  const known = destinations.get(spec) ?? new Map<string, { expected: string; expectedScreen: string }>();
  destinations.set(spec, known);
  const found = known.get(url);
  if (found) return found;
  const named = resolveUrl(spec.table, url);
  let expected = url;
  let expectedScreen = named.map(({ route }) => `#${route.id}`).join(', ');
  if (named.some(({ route }) => isTransient(route.node))) {
    const fresh = createModel(spec);
    fresh.navigate(url);
    expected = fresh.url();
    expectedScreen = `${expectedScreen}, which redirects to ${describeState(spec.table, fresh.snapshot())}`;
    fresh.stop();
  }
  const destination = { expected, expectedScreen };
  known.set(url, destination);
  return destination;
}

/**
 * "Links lead where they say": after `ops` (the replay so far), following each link must land on
 * its own URL (the states it names active), or, for a redirect, where the same URL takes a fresh
 * app, unless a state shown names the refusal in
 * the spec's `refusals` and its `when` holds. Each link is followed on a fresh model replayed to
 * this point, through the same router code a click uses. Returns one message per link that fails.
 */
export async function linkProblems(spec: MachineSpec, ops: ModelOp[], links: ShownLink[]): Promise<string[]> {
  const problems: string[] = [];
  const checked = new Set<string>();
  // One replay to this point, then each link from its persisted snapshot at this URL: following a
  // link pushes an entry, so the entries before it do not matter. A replay per link would cost
  // links × steps, which long walks and many screens make quadratic.
  const replayed = await modelAfter(spec, ops);
  const here = replayed.here();
  // What the screen is before any link is followed: the same for each of its links.
  const before = replayed.snapshot();
  const stayed = href(spec.table, before);
  const refusal = activeNodes(spec.machine.root, before.value)
    .map((node) => spec.refusals?.[node.id])
    .find((named) => named?.when(before));
  const screen = describeState(spec.table, before);
  replayed.stop();
  for (const link of links) {
    if (checked.has(link.href)) continue;
    checked.add(link.href);
    const { expected, expectedScreen } = destinationOf(spec, link.href);
    const model = createModel(spec, here);
    model.navigate(link.href);
    const landed = model.url();
    const where = landed === expected ? '' : describeState(spec.table, model.snapshot());
    model.stop();
    if (landed === expected) continue;
    if (refusal && landed === stayed) continue;
    const what = landed === stayed ? 'does nothing' : `lands on ${where}`;
    problems.push(
      `on screen ${screen}, the link "${link.name}" (href ${link.href}) ${what}; it names ${expected} (${expectedScreen}). Fix the machine or the link, or name the refusal in the spec's refusals`,
    );
  }
  return problems;
}
