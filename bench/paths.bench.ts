/**
 * Path generation as the machine grows: generated machines of 50, 200 and 1,000 routable states
 * nested three deep (built with routed()), the time to generate the shortest-path suite with
 * xstate/graph, and the complete suite (plus a path per transition definition not yet taken).
 */
import { setup, type AnyStateMachine } from 'xstate';
import { routed, type RouteMeta, type RoutedContext, type RouteEvent } from '@statechart/core';
import { generatePaths, transitionDefinitions, traversePaths, generateOptions, makeSpec } from '@statechart/paths';

interface NodeConfig {
  id: string;
  route: object;
  meta: RouteMeta;
  initial?: string;
  states?: Record<string, NodeConfig>;
}

/** `count` routable states (the not-found one included) in a tree three levels deep. */
export function generatedMachine(count: number) {
  const fanout = Math.max(2, Math.ceil(Math.cbrt(count)));
  const states: Record<string, NodeConfig> = {
    notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
  };
  let made = 1;
  const make = (id: string, path: string, depth: number): NodeConfig => {
    made++;
    const node: NodeConfig = { id, route: {}, meta: { path, title: id } };
    if (depth < 3) {
      const children: Record<string, NodeConfig> = {};
      for (let i = 0; i < fanout && made < count; i++) children[`c${i}`] = make(`${id}_${i}`, `c${i}`, depth + 1);
      if (Object.keys(children).length) Object.assign(node, { initial: 'c0', states: children });
    }
    return node;
  };
  for (let i = 0; made < count; i++) states[`s${i}`] = make(`s${i}`, i === 0 ? '/' : `s${i}`, 1);
  // Why the cast: the states are built at run time, so their config has no static type to infer.
  const config = { id: `generated${count}`, context: { params: {} }, initial: 's0', states } as never;
  const machine = setup({
    types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta },
  }).createMachine(config) as unknown as AnyStateMachine;
  return routed(machine);
}

function time<T>(work: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = work();
  return { result, ms: performance.now() - start };
}

export async function run(): Promise<string> {
  const rows: string[] = [];
  for (const count of [50, 200, 1000]) {
    const machine = generatedMachine(count);
    const spec = makeSpec({
      name: machine.id,
      productName: machine.id,
      machine,
      params: { '*': ['/no/such/page'] },
      search: {},
      events: [],
      urls: [],
      executors: {},
      assertions: {},
    });
    const options = generateOptions(spec);
    const shortest = time(() => traversePaths(machine, options));
    // The same traversal sending route events from every state: the adjacency map squares.
    const squared = count <= 200 ? time(() => traversePaths(machine, { ...options, global: undefined })) : undefined;
    const complete = time(() => generatePaths(machine, options));
    const defs = transitionDefinitions(machine).length;
    const ms = (t: { ms: number }) => `${Math.round(t.ms)} ms`;
    rows.push(
      [
        count,
        defs,
        shortest.result.length,
        ms(shortest),
        squared ? `${squared.result.length} in ${ms(squared)}` : 'not run (minutes)',
        complete.result.length,
        ms(complete),
      ].join(' | '),
    );
    console.log(`| ${rows[rows.length - 1]} |`);
  }
  return `## Path generation (\`bench/paths.bench.ts\`)

Generated machines with N routable states nested three deep, built with routed(); one route
event per routable state. "Shortest paths" is the traversal of packages/paths/src/graph.ts: xstate/graph's
getShortestPaths, sending route events from the initial state only (they lead to the same place
from everywhere); one path per distinct state. "Route events from every state" is the same
traversal with the naive adjacency map, for comparison. "Complete suite" is generatePaths: the
shortest paths plus one path per transition definition they do not take (what the path tests
run). Target: 200 states in under 1 s.

| routable states | transition definitions | shortest paths | time | route events from every state | complete suite paths | time |
| --- | --- | --- | --- | --- | --- | --- |
${rows.map((row) => `| ${row} |`).join('\n')}`;
}
