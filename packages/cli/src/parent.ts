import ts from 'typescript';
import { assertionsOf, stateNode } from './anchors';
import { paramsOf, todo, type NewScreen } from './args';
import { LIST_ITEM } from './list';
import {
  indentAt,
  insertAfter,
  insertLast,
  objectValue,
  parse,
  property,
  removeEntry,
  ShapeError,
  type Edited,
} from './syntax';
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
  at: Edited,
  own: ts.ObjectLiteralExpression,
  parent: string,
  lines: readonly string[],
): string | undefined {
  if (!stateNode(at, `${parent}Loading`)) return undefined;
  // A child that loads too is written as any loading screen: its own call, error and failure
  // heading (strings.<child>.notLoaded), so both may fail side by side and each says which.
  // A later child: after the index child, in the `shown` region it made.
  const index = stateNode(at, indexChild(parent));
  if (index && ts.isPropertyAssignment(index.parent) && ts.isObjectLiteralExpression(index.parent.parent)) {
    insertAfter(at, index.parent.parent, index.parent, lines);
    return at.text();
  }
  const initial = property(own, 'initial');
  const states = property(own, 'states');
  const callStates = objectValue(states);
  const startsLoading =
    initial && ts.isPropertyAssignment(initial) && ts.isStringLiteralLike(initial.initializer)
      ? initial.initializer.text === 'loading'
      : false;
  if (!initial || !states || !callStates || !startsLoading || property(own, 'type')) {
    throw new ShapeError(
      at,
      own,
      `#${parent} as new:screen writes a screen that loads (\`initial: 'loading'\`, then its call's states)`,
      `make it a parallel state of its call and a region for its children by hand (docs/calls.md, "A list with its details")`,
    );
  }
  const indent = indentAt(at.source, states.getStart(at.tree));
  // The call's states as they were, four columns further in (two regions deeper).
  const kept = at.source
    .slice(callStates.getStart(at.tree), callStates.getEnd())
    .split('\n')
    .map((line, n) => (n && line ? `    ${line}` : line))
    .join('\n');
  const block = [
    `// The call, beside which child is shown: choosing one keeps what was loaded.`,
    `${indent}type: 'parallel',`,
    `${indent}states: {`,
    `${indent}  call: {`,
    `${indent}    initial: 'loading',`,
    `${indent}    states: ${kept},`,
    `${indent}  },`,
    `${indent}  shown: {`,
    `${indent}    initial: '${indexChild(parent)}',`,
    `${indent}    states: {`,
    `${indent}      // What /${parent} shows: no child. A URL of its own: coming back to it leaves the call alone.`,
    `${indent}      ${indexChild(parent)}: { id: '${indexChild(parent)}', route: {}, meta: { path: '', title: strings.${parent}.title } },`,
    ...lines.map((line) => `${indent}      ${line}`),
    `${indent}    },`,
    `${indent}  },`,
    `${indent}}`,
  ].join('\n');
  removeEntry(at, own, initial);
  at.edit.overwrite(states.getStart(at.tree), states.getEnd(), block);
  return at.text();
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
  const edited = source !== undefined && !source.includes(LIST_ITEM) && source.includes('className="item-list"');
  const notes =
    source?.includes(LIST_ITEM) && params.length !== 1
      ? [
          `${path}: link each item to its screen (<Link to="#…" params={…}>), #${child.id} has no single param to take its id`,
        ]
      : edited && params.length === 1
        ? [
            // The items' line was edited (its fields written): the link is left to the person who knows it.
            `${path}: link each item of the list to #${child.id} (its line is no longer the ${LIST_ITEM} that --list wrote, so it was left as it is): <Link to="#${child.id}" params={{ ${params[0]}: item.id, page: pageParam(page) }}> around what the item shows`,
          ]
        : [];
  const outlet = linked === undefined ? null : withOutlet(linked);
  if (outlet) return { file: [path, outlet] as const, notes };
  if (linked?.includes('<Outlet')) return { ...(linked !== source ? { file: [path, linked] as const } : {}), notes };
  return { notes: [...notes, `${path}: render <Outlet /> (@statechart/react) where #${child.id} shows`] };
}
