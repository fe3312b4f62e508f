import { PLACEHOLDER } from './placeholder';

/** One `npm run new:screen` request: the screen and the options that shape it. */
export interface NewScreen {
  id: string;
  path: string;
  parent?: string;
  /** `--tabs a,b`: in-screen tabs, each a child state entered by a `<id>.show<Tab>` event. */
  tabs?: string[];
  /** `--loads`: the screen loads its data: loading / loaded / failed with Retry (docs/calls.md). */
  loads?: boolean;
  /**
   * `--list`: the screen loads a page of items (`--loads`, its answer `{ items, pages }`), the page
   * in its URL (`?page=2`) and a pager; a child added with `--parent` is each item's detail.
   */
  list?: boolean;
  /** `--role <role>`: only a person with the role sees it; others land on #notAllowed (docs/access.md). */
  role?: string;
  /** `--form`: a form that submits through a call: editing / submitting / saved | failed | savedBefore (docs/forms.md). */
  form?: boolean;
  /**
   * Found in the machine, not given: for a form, the list its URL is under (`projects/new` →
   * `#projects`, a screen that loads) and that list's detail child, so that a save marks the list
   * stale and its notice links to what it saved. Set by write.ts before the pieces are written.
   */
  savesTo?: { list: string; detail?: { id: string; param: string } };
}

export const usage =
  'usage: npm run new:screen -- <id> <path> [--parent <id>] [--tabs <tab>,<tab>…] [--loads] [--list] [--form] [--role <role>]';

export const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A word still to write: the placeholder gate (packages/cli/src/placeholders.ts) names it. */
export const todo = (what: string) => `'${PLACEHOLDER} ${what}'`;

/**
 * The longest name the generated form, its server handler and a generated load's answer take: a
 * string without a bound is a 50 MB answer rendered (the tab freezes) or stored. Change it with the
 * field's real rule.
 */
export const NAME_MAX_LENGTH = 200;

/** A decision still to make in code, on a line of its own that the gate names by file and line. */
export const todoLine = (indent: string, what: string) => `${indent}// ${PLACEHOLDER} ${what}`;

/** The `:name` params of a path piece. */
export const paramsOf = (path: string) =>
  path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/** A screen with a param has no header entry: the header cannot say which one. */
export const hasNav = ({ path }: NewScreen) => paramsOf(path).length === 0;

/** A child shows inside its parent's view, under the parent's heading. */
export const headingTag = ({ parent }: NewScreen) => (parent ? '<ScreenHeading level={2}>' : '<ScreenHeading>');

const camel = /^[a-z][A-Za-z0-9]*$/;

/**
 * The options that take a value (the word after them), and those that stand alone: parseArgs reads
 * only these (its readers take their names), and refuses any other word.
 */
const VALUED = ['--parent', '--tabs', '--role'] as const;
const FLAGS = ['--loads', '--list', '--form'] as const;
const isIn = (names: readonly string[], word: string | undefined) => word !== undefined && names.includes(word);

/** A word of the command line that is no option nor an option's value: a typo would otherwise be dropped. */
function unknownWord(rest: string[]): string | undefined {
  return rest.find((word, at) => !isIn(FLAGS, word) && !isIn(VALUED, word) && !isIn(VALUED, rest[at - 1]));
}

export function parseArgs(args: string[]): NewScreen {
  const [id, path, ...rest] = args;
  if (!id || path === undefined || path.startsWith('--'))
    throw new Error(
      `a new screen needs its state id and its path (its URL piece under its parent: "projects", ":projectId"). ${usage}`,
    );
  const unknown = unknownWord(rest);
  if (unknown !== undefined)
    throw new Error(
      `${unknown.startsWith('-') ? 'unknown option' : 'unexpected word'} "${unknown}": nothing was written. ${usage}`,
    );
  if (!camel.test(id)) throw new Error(`"${id}" is not a camelCase state id. ${usage}`);
  if (path.startsWith('/') && path !== '/') throw new Error(`path "${path}" is relative to its parent: drop the "/"`);
  for (const name of paramsOf(path)) {
    if (!camel.test(name)) throw new Error(`param ":${name}" is not a camelCase name. ${usage}`);
  }
  const given = (name: (typeof VALUED)[number]) => rest.includes(name);
  const valueOf = (name: (typeof VALUED)[number]) => rest[rest.indexOf(name) + 1];
  const flag = (name: (typeof FLAGS)[number]) => rest.includes(name);
  const parent = given('--parent') ? valueOf('--parent') : undefined;
  if (given('--parent') && !parent) throw new Error(usage);
  const tabs = given('--tabs') ? (valueOf('--tabs') ?? '').split(',').filter(Boolean) : undefined;
  if (tabs && tabs.length < 2) throw new Error(`--tabs needs two tab names or more, comma-separated. ${usage}`);
  for (const tab of tabs ?? []) {
    if (!camel.test(tab)) throw new Error(`tab "${tab}" is not a camelCase name. ${usage}`);
  }
  const list = flag('--list');
  const loads = list || flag('--loads');
  const form = flag('--form');
  // A list's items link to a child screen; tabs belong in that child (or in a screen of their own).
  if (list && tabs)
    throw new Error(`--list and --tabs cannot be combined: put the tabs in the item's screen. ${usage}`);
  // Each of these gives the screen its own child states (the call's, the form's, the tabs'). Tabs
  // combine with a call: the screen becomes a parallel state, the tabs shown beside what it
  // loads. A call and a form, or tabs and a form, would be two flows at once: put the second in
  // a child screen.
  const shaped = [tabs && form && '--tabs', loads && (list ? '--list' : '--loads'), form && '--form'].filter(Boolean);
  if (shaped.length > 1)
    throw new Error(`${shaped.join(' and ')} cannot be combined: put the second in a child screen. ${usage}`);
  const role = given('--role') ? valueOf('--role') : undefined;
  if (given('--role') && !(role && camel.test(role))) throw new Error(`--role needs a camelCase role name. ${usage}`);
  return {
    id,
    path,
    ...(parent ? { parent } : {}),
    ...(tabs ? { tabs } : {}),
    ...(loads ? { loads } : {}),
    ...(list ? { list } : {}),
    ...(form ? { form } : {}),
    ...(role ? { role } : {}),
  };
}
