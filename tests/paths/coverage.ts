import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { RouteTable } from '../../src/routing/table';
import { stateNodesOf, transitionDefinitions, type Seen, type TransitionDef } from './graph';

export type Level = 'machine' | 'dom' | 'chromium';

export interface Figure {
  covered: number;
  total: number;
}

export interface NotApplicable {
  transition: string;
  reason: string;
}

export interface CoverageReport {
  machine: string;
  level: Level;
  states: Figure;
  transitions: Figure;
  /** Transitions that cannot be taken (at this level), each with the rule that says so. */
  notApplicable: NotApplicable[];
  missingStates: string[];
  missingTransitions: string[];
}

/**
 * A state left by an unguarded `always` (a redirect) is left within the macrostep that entered
 * it: no event is ever processed there, so its own event transitions cannot be taken, by any
 * means. routed() gives every routable state a self transition, a redirect's included.
 */
export function neverAtRest(def: TransitionDef): string | undefined {
  if (def.eventType === '') return undefined;
  const leaves = (def.source.always ?? []).some((transition) => !transition.guard && transition.target?.length);
  return leaves
    ? `#${def.source.id} is left at once by its unguarded always transition: no event is processed there`
    : undefined;
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

/** Coverage of what a replay saw. At URL-driven levels, pass the route table to apply the rules above. */
export function computeCoverage(
  name: string,
  machine: AnyStateMachine,
  level: Level,
  seen: Seen,
  table?: RouteTable,
): CoverageReport {
  const states = stateNodesOf(machine).map((node) => node.id);
  const notApplicable: NotApplicable[] = [];
  const applicable: TransitionDef[] = [];
  for (const def of transitionDefinitions(machine)) {
    const reason = neverAtRest(def) ?? (table && level !== 'machine' ? urlUnreachable(table, def) : undefined);
    if (reason) notApplicable.push({ transition: def.label, reason });
    else applicable.push(def);
  }
  const missingStates = states.filter((id) => !seen.states.has(id));
  const missingTransitions = applicable.filter((def) => !seen.transitions.has(def.key)).map((def) => def.label);
  return {
    machine: name,
    level,
    states: { covered: states.length - missingStates.length, total: states.length },
    transitions: { covered: applicable.length - missingTransitions.length, total: applicable.length },
    notApplicable,
    missingStates,
    missingTransitions,
  };
}

/** Throws a message naming every state and transition a replay missed. */
export function assertCovered(report: CoverageReport): void {
  const problems = [
    ...report.missingStates.map((id) => `state #${id} was never reached`),
    ...report.missingTransitions.map((label) => `transition ${label} was never taken`),
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
      `| ${r.machine} | ${r.level} | ${percent(r.states)} | ${percent(r.transitions)} | ${r.notApplicable.length} |`,
  );
  return [
    '| machine | level | states reached | transitions taken | excluded by a rule |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export const COVERAGE_FILE = 'test-results/paths/coverage.json';

/**
 * Merges these reports into the JSON file, keyed by machine then level, each figure as
 * `{ "covered": n, "total": m }`. The levels run in separate test files, each adds its own.
 */
export function writeCoverage(reports: CoverageReport[], file = COVERAGE_FILE): void {
  mkdirSync(dirname(file), { recursive: true });
  let all: Record<string, Record<string, unknown>> = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8')) as typeof all;
  } catch {
    all = {};
  }
  for (const report of reports) {
    all[report.machine] = {
      ...all[report.machine],
      [report.level]: {
        states: report.states,
        transitions: report.transitions,
        notApplicable: report.notApplicable,
        missingStates: report.missingStates,
        missingTransitions: report.missingTransitions,
      },
    };
  }
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
}
