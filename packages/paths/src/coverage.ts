import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { RouteTable } from '@statechart/core';
import { stateNodesOf, transitionDefinitions, type Seen, type TransitionDef } from './graph';
import { historyNodesOf } from './history';
import { fixForState, fixForTransition, HISTORY_FIX } from './fixes';
import { isDoneState } from './internalNames';
import { finalAbove, isLeftAtOnce, isTransient, type MachineSpec } from './spec';

export type Level = 'machine' | 'dom' | 'chromium';

export interface Figure {
  covered: number;
  total: number;
}

export interface NotApplicable {
  transition: string;
  reason: string;
}

/** A state no replay is asked to reach, with the rule that says why it can never be active. */
export interface StateNotApplicable {
  state: string;
  reason: string;
}

/** A history state no replay is asked to check, with the rule that says why it can never be restored. */
export interface HistoryNotApplicable {
  history: string;
  reason: string;
}

export interface Excluded {
  /** A transition's label or a state's `#id`, as the spec names it. */
  what: string;
  reason: string;
}

export interface CoverageReport {
  machine: string;
  level: Level;
  states: Figure;
  transitions: Figure;
  /** History states whose restore a replay checked after leaving and re-entering their parent. */
  histories: Figure;
  /** Transitions that cannot be taken (at this level), each with the built-in rule that says so. */
  notApplicable: NotApplicable[];
  /** States that can never be active, each with the built-in rule that says so. */
  notApplicableStates: StateNotApplicable[];
  /** History states that can never be restored, each with the built-in rule that says so. */
  notApplicableHistories: HistoryNotApplicable[];
  /** What the spec excludes, each with its reason. */
  excluded: Excluded[];
  missingStates: string[];
  missingTransitions: string[];
  missingHistories: string[];
  /** Per missing state (`#id`) or transition (label): what to change. */
  fixes: Record<string, string>;
  /** Transition pairs taken, when asked for (PATHS_COVERAGE=pairs). */
  pairs?: Figure;
}

/**
 * A state left within the macrostep that entered it processes no event, so its own event
 * transitions cannot be taken, by any means: a state left by an unguarded `always` (a redirect),
 * and a final state whose parent's unguarded onDone leaves it at once. routed() gives every
 * routable state route transitions, these included.
 */
export function neverAtRest(def: TransitionDef): string | undefined {
  if (def.eventType === '') return undefined;
  const leaves = (def.source.always ?? []).some((transition) => !transition.guard && transition.target?.length);
  if (leaves) {
    return `#${def.source.id} is left at once by its unguarded always transition: no event is processed there`;
  }
  const final = finalAbove(def.source);
  if (final) {
    return `#${def.source.id} is below the final state #${final.id}: XState never enters a final state's children, so no event is processed there`;
  }
  if (isLeftAtOnce(def.source)) {
    return `#${def.source.id} is a final state that #${def.source.parent?.id ?? '?'}'s onDone leaves at once: no event is processed there`;
  }
  // XState's done event is raised within the macrostep that enters the final state: processed.
  const children = restingChildren(def.source);
  if (
    !isDoneState(def.eventType) &&
    def.source.type === 'compound' &&
    children.length > 0 &&
    children.every(neverRests)
  ) {
    return `every child of #${def.source.id} is left within the macrostep that enters it (${children.map((child) => `#${child.id}`).join(', ')}), so #${def.source.id} is never at rest and no event is processed there`;
  }
  return undefined;
}

/** A state's children but its history states, which are never active. */
const restingChildren = (node: AnyStateNode) =>
  (Object.values(node.states) as AnyStateNode[]).filter((child) => child.type !== 'history');

/**
 * Whether a state is left within the macrostep that enters it, whatever enters it: a redirect, a
 * final state its parent's onDone leaves at once, or a compound state all of whose children are so
 * (one of them is entered with it). Read from the machine alone, so it holds on any statechart.
 */
function neverRests(node: AnyStateNode): boolean {
  if (isTransient(node) || isLeftAtOnce(node)) return true;
  const children = restingChildren(node);
  return node.type === 'compound' && children.length > 0 && children.every(neverRests);
}

/**
 * Whether a state is never the screen shown below a parent without a URL of its own: it has a URL,
 * it is left within the macrostep that entered it (a redirect, a final state its parent's onDone
 * leaves at once), or it is a compound state all of whose children (history states aside) are so
 * too: one of them is always active, and shows.
 */
function neverShownWithoutUrl(node: AnyStateNode): boolean {
  if (node.config.route || isTransient(node) || isLeftAtOnce(node)) return true;
  const children = restingChildren(node);
  return node.type === 'compound' && children.length > 0 && children.every(neverShownWithoutUrl);
}

/**
 * The regions of a parallel state that share its part of the URL (a region with `meta.searchKey`
 * is written in the query: what it shows is another part of the URL).
 */
const pathnameRegions = (node: AnyStateNode) =>
  restingChildren(node).filter(
    (region) => (region.config.meta as { searchKey?: unknown } | undefined)?.searchKey === undefined,
  );

/**
 * routed() answers a route to a routable state in place while it is the screen shown; a state
 * none of whose children (history states aside) can be at rest without a URL of its own is never
 * the screen shown, as one of them is always active: that answer can never be selected. A child
 * without a URL that is never at rest (a redirect: an unguarded `always`, perhaps after guarded
 * ones; a final state the parent's onDone leaves at once), or whose own children all have URLs,
 * does not make its parent the screen shown either.
 */
export function noScreenOfItsOwn(def: TransitionDef): string | undefined {
  if (!def.routeTo || def.targets.length > 0 || `#${def.source.id}` !== def.routeTo) return undefined;
  if (def.source.type === 'parallel') return regionNeverWithoutUrl(def.source);
  const children = restingChildren(def.source);
  if (def.source.type !== 'compound' || children.length === 0) return undefined;
  if (!children.every(neverShownWithoutUrl)) return undefined;
  const without = children.filter((child) => !child.config.route);
  if (without.length === 0) {
    return `every child of #${def.source.id} (history states aside) has a URL of its own, so #${def.source.id} is never the screen shown and its in-place answer is never selected`;
  }
  const why = (child: AnyStateNode) =>
    isTransient(child)
      ? `#${child.id}: an unguarded always`
      : isLeftAtOnce(child)
        ? `#${child.id}: a final state #${def.source.id}'s onDone leaves at once`
        : `#${child.id}: its own children all have URLs`;
  const how = without.every(isTransient) ? 'redirects at once' : 'is never at rest without one';
  return `every child of #${def.source.id} has a URL of its own or ${how} (${without.map(why).join('; ')}), so #${def.source.id} is never the screen shown and its in-place answer is never selected`;
}

/**
 * A parallel state is the screen shown only while every region in its part of the URL shows no
 * URL of its own; a region that is never at rest without one (its children all have URLs, or
 * redirect at once, or are final states left at once) keeps it from ever being shown.
 */
function regionNeverWithoutUrl(node: AnyStateNode): string | undefined {
  const region = pathnameRegions(node).find(
    (candidate) => restingChildren(candidate).length > 0 && restingChildren(candidate).every(neverShownWithoutUrl),
  );
  if (!region) return undefined;
  return `the region #${region.id} of the parallel state #${node.id} always shows a URL of its own (each of its children has one or is never at rest: ${restingChildren(
    region,
  )
    .map((child) => `#${child.id}`)
    .join(', ')}), so #${node.id} is never the screen shown and its in-place answer is never selected`;
}

/**
 * A history state that no transition targets can never be restored: nothing is asked of it,
 * and the report says why.
 */
export function neverTargeted(machine: AnyStateMachine, history: AnyStateNode): string | undefined {
  const targeted = transitionDefinitions(machine).some((def) => def.targets.includes(history.id));
  const initial = (history.parent?.initial?.target ?? []) as AnyStateNode[];
  if (targeted || initial.includes(history)) return undefined;
  return `no transition targets #${history.id}, so nothing ever restores it`;
}

/**
 * The router never sends some route events, by design; at the levels driven through URLs
 * (DOM, Chromium) the transitions only those events take cannot happen. Each rule names why.
 * Anything else not taken fails the gate.
 */
export function urlUnreachable(table: RouteTable, def: TransitionDef): string | undefined {
  if (!def.routeTo) return undefined;
  const route = table.routes.get(def.routeTo.slice(1));
  if (!route) return undefined;
  if (def.targets.length === 0 && `#${def.source.id}` === def.routeTo && Object.keys(route.search).length === 0) {
    return 'a route to the screen shown with the same params: the URL does not change, so the router sends nothing';
  }
  for (const other of table.routes.values()) {
    if (other === route || other.region !== route.region || !isDescendant(other.node, route.node)) continue;
    if (other.segments.join('/') === route.segments.join('/')) {
      return `its URL means the index child #${other.id}, so the router sends a route to #${other.id} instead`;
    }
  }
  if (!def.source.parent && route.region !== null) {
    return `#${route.id} is kept in ?${route.region}=: a URL always routes its pathname first, which enters the parallel state, so the region's own route transition takes it`;
  }
  return undefined;
}

function isDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let at = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

type CoverageSpec = Pick<
  MachineSpec,
  'name' | 'machine' | 'table' | 'exclusions' | 'stateContext' | 'events' | 'outcomes'
>;

/**
 * routed() answers the URL of a routable state while a routable descendant is shown by
 * re-entering it; when every such descendant is never at rest (a final state left at once, a
 * redirect), no descendant is ever shown there and that answer is never selected.
 */
export function shownDescendantNeverAtRest(def: TransitionDef): string | undefined {
  if (!def.routeTo || `#${def.source.id}` !== def.routeTo || def.targets.join() !== def.source.id) return undefined;
  const below: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.config.route) below.push(child);
      walk(child);
    }
  };
  walk(def.source);
  if (below.length === 0) return undefined;
  const resting = below.filter(
    (node) => !neverAtRest({ ...def, source: node, eventType: 'xstate.route', routeTo: `#${node.id}` }),
  );
  if (resting.length) return undefined;
  return `the routable states below #${def.source.id} (${below.map((node) => `#${node.id}`).join(', ')}) are left at once, so none is ever shown there and this answer is never selected`;
}

/**
 * XState attaches every route transition to the root; on a parallel root each region is always
 * active, and routed() gives a region its own transition for each route inside it, which XState
 * selects first (a descendant's transition wins over an ancestor's). The root's for that route is
 * never selected.
 */
export function shadowedByRegion(def: TransitionDef, all: readonly TransitionDef[]): string | undefined {
  const root = def.source;
  if (!def.routeTo || root.parent || root.type !== 'parallel') return undefined;
  const region = all.find(
    (other) =>
      other !== def &&
      other.routeTo === def.routeTo &&
      other.source.parent === root &&
      other.eventType === def.eventType,
  )?.source;
  if (!region) return undefined;
  return `#${region.id}, a region of the parallel root and so always active, takes the route to ${def.routeTo} itself: XState selects a descendant's transition first, so the root's is never selected`;
}

function classify(spec: CoverageSpec, level: Level, exclude: (what: string) => boolean) {
  const notApplicable: NotApplicable[] = [];
  const applicable: TransitionDef[] = [];
  const all = transitionDefinitions(spec.machine);
  for (const def of all) {
    const reason =
      shadowedByRegion(def, all) ??
      neverAtRest(def) ??
      noScreenOfItsOwn(def) ??
      shownDescendantNeverAtRest(def) ??
      (level !== 'machine' ? urlUnreachable(spec.table, def) : undefined);
    if (reason) notApplicable.push({ transition: def.label, reason });
    else if (!exclude(def.label)) applicable.push(def);
  }
  return { applicable, notApplicable };
}

/** The transitions a level must take: all but those a rule or the spec excludes. */
export function applicableTransitions(spec: CoverageSpec, level: Level): TransitionDef[] {
  const exclusions = spec.exclusions ?? {};
  return classify(spec, level, (what) => exclusions[what] !== undefined).applicable;
}

/**
 * Coverage of what a replay saw. At URL-driven levels the route table's rules above apply too.
 * The spec's exclusions are taken out of the totals, with their reasons; one that names nothing
 * in the machine is an error (a stale exclusion would hide a future gap).
 */
export function computeCoverage(spec: CoverageSpec, level: Level, seen: Seen): CoverageReport {
  const { machine } = spec;
  const exclusions = spec.exclusions ?? {};
  const excluded: Excluded[] = [];
  const exclude = (what: string) => {
    const reason = exclusions[what];
    if (reason === undefined) return false;
    if (!reason.trim()) throw new Error(`The exclusion of ${what} in the ${spec.name} spec needs a reason`);
    excluded.push({ what, reason });
    return true;
  };
  const notApplicableStates: StateNotApplicable[] = [];
  const states = stateNodesOf(machine)
    .filter((node) => {
      const final = finalAbove(node);
      if (final) {
        notApplicableStates.push({
          state: `#${node.id}`,
          reason: `#${node.id} is below the final state #${final.id}: XState never enters a final state's children`,
        });
      }
      return !final;
    })
    .map((node) => node.id)
    .filter((id) => !exclude(`#${id}`));
  const { applicable, notApplicable } = classify(spec, level, exclude);
  const names = new Set([
    ...stateNodesOf(machine).map((node) => `#${node.id}`),
    ...historyNodesOf(machine).map((node) => `#${node.id}`),
    ...transitionDefinitions(machine).map((def) => def.label),
  ]);
  const stale = Object.keys(exclusions).filter((what) => !names.has(what));
  if (stale.length) {
    throw new Error(
      `The ${spec.name} spec excludes what its machine does not have: ${stale.join(', ')}: remove the exclusion or use the label the coverage table prints`,
    );
  }
  const notApplicableHistories: HistoryNotApplicable[] = [];
  const histories = historyNodesOf(machine)
    .filter((node) => {
      const reason = neverTargeted(machine, node);
      if (reason) notApplicableHistories.push({ history: `#${node.id}`, reason });
      return !reason;
    })
    .map((node) => node.id)
    .filter((id) => !exclude(`#${id}`));
  const missingStates = states.filter((id) => !seen.states.has(id));
  const missing = applicable.filter((def) => !seen.transitions.has(def.key));
  const missingHistories = histories.filter((id) => !seen.histories.has(id));
  const fixes: Record<string, string> = {};
  for (const id of missingStates) fixes[`#${id}`] = fixForState(spec, id);
  for (const def of missing) fixes[def.label] = fixForTransition(spec, def);
  return {
    machine: spec.name,
    level,
    states: { covered: states.length - missingStates.length, total: states.length },
    transitions: { covered: applicable.length - missing.length, total: applicable.length },
    histories: { covered: histories.length - missingHistories.length, total: histories.length },
    notApplicable,
    notApplicableStates,
    notApplicableHistories,
    excluded,
    missingStates,
    missingTransitions: missing.map((def) => def.label),
    missingHistories,
    fixes,
  };
}

/** Throws a message naming every state, transition and history state a replay missed, and the fix. */
export function assertCovered(report: CoverageReport): void {
  const problems = [
    ...report.missingStates.map((id) => `state #${id} was never reached: ${report.fixes[`#${id}`] ?? ''}`),
    ...report.missingTransitions.map((label) => `transition ${label} was never taken: ${report.fixes[label] ?? ''}`),
    ...report.missingHistories.map((id) => `history #${id} was never checked: ${HISTORY_FIX}`),
    ...(report.pairs && report.pairs.covered < report.pairs.total
      ? [`${report.pairs.total - report.pairs.covered} transition pairs were never taken`]
      : []),
  ];
  if (problems.length) {
    throw new Error(
      `Path coverage of ${report.machine} at ${report.level} level is incomplete:\n  ${problems.join('\n  ')}`,
    );
  }
}

const percent = ({ covered, total }: Figure) =>
  `${covered}/${total} (${total === 0 ? 100 : Math.floor((covered / total) * 100)}%)`;

export function formatTable(reports: CoverageReport[]): string {
  const rows = reports.map(
    (r) =>
      `| ${r.machine} | ${r.level} | ${percent(r.states)} | ${percent(r.transitions)} | ${percent(r.histories)} | ${r.pairs ? percent(r.pairs) : 'not asked'} | ${r.notApplicable.length + r.notApplicableStates.length + r.notApplicableHistories.length} | ${r.excluded.length} |`,
  );
  const reasons = reports.flatMap((r) =>
    r.excluded.map((e) => `- ${r.machine}, ${r.level}: ${e.what} is excluded by the spec: ${e.reason}`),
  );
  return [
    '| machine | level | states reached | transitions taken | histories restored | transition pairs | excluded by a rule | excluded by the spec |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    ...(reasons.length ? ['', ...reasons] : []),
  ].join('\n');
}

export const COVERAGE_FILE = 'test-results/paths/coverage.json';

/**
 * Merges these reports into the JSON file, keyed by machine then level, each figure as
 * `{ "covered": n, "total": m }`. The levels run in separate test files, each adds its own.
 */
export function writeCoverage(reports: CoverageReport[], file = COVERAGE_FILE): void {
  mergeIntoReportFile(
    file,
    reports.map((report) => ({
      machine: report.machine,
      level: report.level,
      value: {
        states: report.states,
        transitions: report.transitions,
        histories: report.histories,
        ...(report.pairs && { pairs: report.pairs }),
        notApplicable: report.notApplicable,
        notApplicableStates: report.notApplicableStates,
        notApplicableHistories: report.notApplicableHistories,
        excluded: report.excluded,
        missingStates: report.missingStates,
        missingTransitions: report.missingTransitions,
        missingHistories: report.missingHistories,
        fixes: report.fixes,
      },
    })),
  );
}

/**
 * Merges entries into a JSON report file keyed by machine then level (the coverage and the cost
 * files): each level runs in its own test file and adds its own entries.
 */
export function mergeIntoReportFile(file: string, entries: { machine: string; level: string; value: unknown }[]): void {
  mkdirSync(dirname(file), { recursive: true });
  let all: Record<string, Record<string, unknown>> = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8')) as typeof all;
  } catch {
    all = {};
  }
  for (const { machine, level, value } of entries) all[machine] = { ...all[machine], [level]: value };
  // Written aside then renamed: npm test runs the Chromium level beside the others (scripts/test.ts),
  // and a reader must never see a half-written file (it would start over from nothing).
  writeFileSync(`${file}.${process.pid}`, `${JSON.stringify(all, null, 2)}\n`);
  renameSync(`${file}.${process.pid}`, file);
}
