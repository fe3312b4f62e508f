import ts from 'typescript';
import { ensureImport } from './edit';
import { findNode, indentAt, parse } from './syntax';
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

/** The `className` a JSX element is written with, when it is a plain string. */
function classNameOf(element: ts.JsxOpeningElement): string | undefined {
  const attribute = element.attributes.properties.find(
    (node): node is ts.JsxAttribute => ts.isJsxAttribute(node) && node.name.getText() === 'className',
  );
  return attribute?.initializer && ts.isStringLiteral(attribute.initializer) ? attribute.initializer.text : undefined;
}

/**
 * A parent's view with `<Outlet />` where its children show, or null when it has one or there is
 * no place the generator knows: beside a list (`--list`: last in its `.list-detail`), else last in
 * the screen's `<article className="screen">`.
 */
export function withOutlet(source: string): string | null {
  const at = parse(source, 'view.tsx');
  const tagged = (name: string) =>
    findNode(
      at.tree,
      (node) => (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && node.tagName.getText() === name,
    );
  if (tagged('Outlet')) return null;
  const byClass = (name: string) =>
    findNode(
      at.tree,
      (node): node is ts.JsxElement => ts.isJsxElement(node) && classNameOf(node.openingElement) === name,
    );
  const host = byClass('list-detail') ?? byClass('screen');
  if (!host) return null;
  const closing = host.closingElement.getStart(at.tree);
  at.edit.appendLeft(source.lastIndexOf('\n', closing) + 1, `${indentAt(source, closing)}  <Outlet />\n`);
  return ensureImport(at.text(), ['Outlet'], '@statechart/react', 'view.tsx');
}
