import ts from 'typescript';
import { assertionsOf } from './anchors';
import { paramsOf, todo, type NewScreen } from './args';
import { LIST_ITEM } from './list';
import { insertLast, objectValue, parse, property, removeEntry, type Edited } from './syntax';
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
 * screen) first, so it stays the initial state, then the new child (`lines`), last in the
 * parent's node.
 */
export function addStatesBlock(
  at: Edited,
  own: ts.ObjectLiteralExpression,
  parent: string,
  lines: readonly string[],
): string {
  insertLast(at, own, [
    `initial: '${indexChild(parent)}',`,
    'states: {',
    `  // What /${parent}'s URL shows: the parent's own screen, no child.`,
    `  ${indexChild(parent)}: { id: '${indexChild(parent)}' },`,
    ...lines.map((line) => `  ${line}`),
    '},',
  ]);
  return at.text();
}

/**
 * A parent that loads (`--loads`: its children are its call's states) gets its children beside
 * the call, not among its states: it becomes a parallel state of two regions, `call` (the states
 * it had) and `shown` (which child is shown: the index child, with a URL of its own, '' — what
 * the parent's URL shows — then the new child). Choosing a child, or coming back to the index,
 * changes only `shown`: what the parent loaded stays (docs/calls.md, "A list with its details").
 * Undefined when the parent does not load.
 */
export function addBesideCall(
  source: string,
  own: number,
  parent: string,
  node: (indent: string) => string,
): string | undefined {
  const lineStart = source.lastIndexOf('\n', own) + 1;
  const indent = /^ */.exec(source.slice(lineStart))?.[0] ?? '';
  const end = source.indexOf(`\n${indent.slice(2)}}`, own);
  const body = source.slice(own, end);
  if (!body.includes(`id: '${parent}Loading'`)) return undefined;
  // A child that loads too is written as any loading screen: its own call, error and failure
  // heading (strings.<child>.notLoaded), so both may fail side by side and each says which.
  // A later child: after the index child, in the `shown` region it made.
  const index = new RegExp(`\\n( *)${indexChild(parent)}: \\{ id: [^\\n]*\\n`).exec(body);
  if (index) {
    const at = own + index.index + index[0].length;
    return source.slice(0, at) + node(index[1] ?? '') + source.slice(at);
  }
  const initial = body.indexOf(`\n${indent}initial: 'loading',\n${indent}states: {\n`);
  const statesEnd = body.indexOf(`\n${indent}},`, initial + 1);
  if (/\n *type: 'parallel'/.test(body) || initial < 0 || statesEnd < 0) {
    throw new Error(
      `machines/appMachine.ts: #${parent} loads and is not the shape new:screen writes (initial: 'loading', then its states): make it a parallel state of its call and a region for its children by hand (docs/calls.md, "A list with its details")`,
    );
  }
  const opening = `\n${indent}initial: 'loading',\n${indent}states: {\n`;
  const callStates = body
    .slice(initial + opening.length, statesEnd + 1)
    .split('\n')
    .map((line) => (line ? `    ${line}` : line))
    .join('\n');
  const block = [
    '',
    `${indent}// The call, beside which child is shown: choosing one keeps what was loaded.`,
    `${indent}type: 'parallel',`,
    `${indent}states: {`,
    `${indent}  call: {`,
    `${indent}    initial: 'loading',`,
    `${indent}    states: {`,
    callStates.replace(/\n$/, ''),
    `${indent}    },`,
    `${indent}  },`,
    `${indent}  shown: {`,
    `${indent}    initial: '${indexChild(parent)}',`,
    `${indent}    states: {`,
    `${indent}      // What /${parent} shows: no child. A URL of its own: coming back to it leaves the call alone.`,
    `${indent}      ${indexChild(parent)}: { id: '${indexChild(parent)}', route: {}, meta: { path: '', title: strings.${parent}.title } },`,
    node(`${indent}      `).replace(/\n$/, ''),
    `${indent}    },`,
    `${indent}  },`,
    `${indent}},`,
  ].join('\n');
  const at = own + initial;
  return source.slice(0, at) + block + source.slice(own + statesEnd + `\n${indent}},`.length);
}

/**
 * The spec once the parent just got its child states: while a child is shown the title is the
 * child's, so the parent asserts only its heading and its title moves to the index child.
 */
export function moveParentTitle(source: string, parent: string, withHeading = false): { spec: string; line: string } {
  const index = indexChild(parent);
  const heading = withHeading ? `heading: ${todo(`how a person sees #${index}: its heading`)}, ` : '';
  const at = parse(source, 'tests/paths/productPaths.ts');
  const own = objectValue(property(assertionsOf(at), parent));
  const title = own && property(own, 'title');
  if (!own || !title || !ts.isPropertyAssignment(title))
    return { spec: source, line: `${index}: { ${heading}title: strings.${parent}.title },` };
  removeEntry(at, own, title);
  return { spec: at.text(), line: `${index}: { ${heading}title: ${title.initializer.getText(at.tree)} },` };
}

/**
 * The parent's view with an `<Outlet />`, or a note saying where to put one by hand; a list's
 * items (as `--list` writes them) become links to the child when it has one param (its id).
 */
export function parentView(parent: string, child: NewScreen, read: (path: string) => string | undefined) {
  const path = `src/views/${parent}.view.tsx`;
  const source = read(path);
  const params = paramsOf(child.path);
  const linked =
    source !== undefined && params.length === 1 && source.includes(LIST_ITEM)
      ? source.replace(
          LIST_ITEM,
          // The page is kept: /projects/5?page=2 shows page 2 beside item 5.
          `<li key={item.id}><Link to="#${child.id}" params={{ ${params[0]}: item.id, page: pageParam(page) }}>{item.name}</Link></li>`,
        )
      : source;
  const notes =
    source?.includes(LIST_ITEM) && params.length !== 1
      ? [
          `${path}: link each item to its screen (<Link to="#…" params={…}>), #${child.id} has no single param to take its id`,
        ]
      : [];
  const outlet = linked === undefined ? null : withOutlet(linked);
  if (outlet) return { file: [path, outlet] as const, notes };
  if (linked?.includes('<Outlet')) return { ...(linked !== source ? { file: [path, linked] as const } : {}), notes };
  return { notes: [...notes, `${path}: render <Outlet /> (@statechart/react) where #${child.id} shows`] };
}
