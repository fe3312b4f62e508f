/**
 * Generated machines for the visualiser's benchmarks and scale tests (issue 19): nested, with
 * transitions that cross compound states, the shape ELK's hierarchical layout is slowest on.
 */
import { createMachine, type AnyStateMachine } from 'xstate';

interface Config {
  id?: string;
  type?: 'parallel' | 'history' | 'final';
  initial?: string;
  states?: Record<string, Config>;
  on?: Record<string, string | string[]>;
}

/**
 * `areas` compound areas, each of `sections` compound sections of `leaves` leaves: with the defaults
 * 8 × 4 × 5, 201 states (root included). Every leaf moves to the next one in its section; each
 * section's last leaf jumps to the next section's first leaf (across sections), and every third leaf
 * to a leaf of the next area (across areas); each section has a `back` to its area's first section,
 * and the root's `home` and `reset` go deep. The last area is parallel (its sections are regions),
 * the first section of each area keeps a history state.
 */
export function nestedMachine(areas = 8, sections = 4, leaves = 5): AnyStateMachine {
  const leafId = (a: number, s: number, l: number) => `a${a}s${s}l${l}`;
  const states: Record<string, Config> = {};
  for (let a = 0; a < areas; a++) {
    const parallel = a === areas - 1 && areas > 1;
    const area: Config = parallel
      ? { id: `a${a}`, type: 'parallel', states: {} }
      : { id: `a${a}`, initial: 's0', states: {} };
    for (let s = 0; s < sections; s++) {
      const section: Config = { id: `a${a}s${s}`, initial: 'l0', states: {}, on: {} };
      for (let l = 0; l < leaves; l++) {
        const on: Record<string, string> = {};
        if (l + 1 < leaves) on.next = `#${leafId(a, s, l + 1)}`;
        else if (!parallel) on.next = `#${leafId(a, (s + 1) % sections, 0)}`;
        if (l % 3 === 2) on.jump = `#${leafId((a + 1) % areas, (s + l) % sections, l % leaves)}`;
        (section.states as Record<string, Config>)[`l${l}`] = { id: leafId(a, s, l), on };
      }
      if (s === 0 && !parallel) (section.states as Record<string, Config>).hist = { type: 'history' };
      if (!parallel && s > 0) (section.on as Record<string, string>).back = `#a${a}s0`;
      (area.states as Record<string, Config>)[`s${s}`] = section;
    }
    states[`a${a}`] = area;
  }
  return createMachine({
    id: 'nested',
    initial: 'a0',
    on: { home: '#a0s0l0', reset: `#${leafId(areas - 1, 0, leaves - 1)}` },
    states,
  } as Parameters<typeof createMachine>[0]);
}
