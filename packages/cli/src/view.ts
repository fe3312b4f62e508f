import { headingTag, todo, type NewScreen } from './args';

/** What a view adds to the plain one: imports, hooks before the markup, elements after the body. */
export interface ViewExtras {
  imports?: string[];
  hooks?: string[];
  elements?: string[];
}

/**
 * A screen's view: its heading and body as its own words (they load with its chunk, not with
 * every page; its title and nav label are in machines/strings.ts, because the machine's meta
 * needs them). Options that only add an element (a sign-out button) pass it in `extras`.
 */
export function plainView(screen: NewScreen, extras: ViewExtras = {}): string {
  const { id } = screen;
  return [
    ...(extras.imports ?? []),
    "import { ScreenHeading } from '@statechart/react';",
    '',
    "// The screen's own words load with its chunk; its title and nav label are in machines/strings.ts.",
    'const words = {',
    `  heading: ${todo(`the heading of ${id}`)},`,
    `  body: ${todo(`what ${id} shows`)},`,
    '};',
    '',
    'export function View() {',
    ...(extras.hooks ?? []),
    '  return (',
    '    <article className="screen">',
    `      ${headingTag(screen)}{words.heading}</ScreenHeading>`,
    '      <p>{words.body}</p>',
    ...(extras.elements ?? []),
    '    </article>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** A parent's view with `<Outlet />` where its children show (after its generated body), or null when it has one. */
export function withOutlet(source: string): string | null {
  if (source.includes('<Outlet')) return null;
  // A list's view (`--list`): beside the list, in its `.list-detail`.
  const besideList = source.includes('className="list-detail"')
    ? source.lastIndexOf('      </div>\n    </article>')
    : -1;
  if (besideList >= 0) {
    const imported = `import { Outlet } from '@statechart/react';\n${source}`;
    const at = besideList + imported.length - source.length;
    return `${imported.slice(0, at)}        <Outlet />\n${imported.slice(at)}`;
  }
  const end = source.lastIndexOf('    </article>');
  if (end < 0) return null;
  const imported = `import { Outlet } from '@statechart/react';\n${source}`;
  const at = end + imported.length - source.length;
  return `${imported.slice(0, at)}      <Outlet />\n${imported.slice(at)}`;
}
