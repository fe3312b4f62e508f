import { withOutlet } from './view';

/**
 * `--parent <id>`: the state goes first in the parent's `states`. A parent without child states
 * gets them (an index child first: what the parent's URL shows), an `<Outlet />` in its view, and
 * its title assertion moved to the index child.
 */

/** The parent's index child: what its URL shows once it has children. */
export const indexChild = (parent: string) => `${parent}Index`;

/**
 * A parent without child states gets them: an index child (what the parent's URL shows: its own
 * screen) first, so it stays the initial state, then the new child. Inserted at the end of the
 * parent's node, found by the indentation of its `id:` line.
 */
export function addStatesBlock(source: string, own: number, parent: string, node: (indent: string) => string): string {
  const lineStart = source.lastIndexOf('\n', own) + 1;
  const indent = /^ */.exec(source.slice(lineStart))?.[0] ?? '';
  const close = new RegExp(`\\n${indent.slice(2)}\\},?\\n`).exec(source.slice(own));
  if (!close)
    throw new Error(
      `machines/appMachine.ts: cannot find where #${parent} ends (its "}," at ${indent.length - 2} spaces)`,
    );
  const at = own + close.index + 1;
  const block = [
    `${indent}initial: '${indexChild(parent)}',`,
    `${indent}states: {`,
    `${indent}  // What /${parent}'s URL shows: the parent's own screen, no child.`,
    `${indent}  ${indexChild(parent)}: { id: '${indexChild(parent)}' },`,
    node(`${indent}  `).replace(/\n$/, ''),
    `${indent}},`,
    '',
  ].join('\n');
  return source.slice(0, at) + block + source.slice(at);
}

/**
 * The spec once the parent just got its child states: while a child is shown the title is the
 * child's, so the parent asserts only its heading and its title moves to the index child.
 */
export function moveParentTitle(source: string, parent: string, indent: string): { spec: string; line: string } {
  const own = new RegExp(`(\\n *${parent}: \\{[^\\n]*?), title: ([^\\n]*?) \\},`).exec(source);
  if (!own) return { spec: source, line: `${indent}${indexChild(parent)}: { title: strings.${parent}.title },` };
  return {
    spec: source.replace(own[0], `${own[1]} },`),
    line: `${indent}${indexChild(parent)}: { title: ${own[2]} },`,
  };
}

/** The parent's view with an `<Outlet />`, or a note saying where to put one by hand. */
export function parentView(parent: string, child: string, read: (path: string) => string | undefined) {
  const path = `src/views/${parent}.view.tsx`;
  const source = read(path);
  const outlet = source === undefined ? null : withOutlet(source);
  if (outlet) return { file: [path, outlet] as const };
  if (source?.includes('<Outlet')) return {};
  return { note: `${path}: render <Outlet /> (@statechart/react/routing) where #${child} shows` };
}
