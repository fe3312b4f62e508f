import { cap, headingTag, todo, type NewScreen } from './args';
import { addEvents } from './machineEdit';
import { addSpecEvents } from './specEdit';
import { loadsView } from './loads';
import type { ScreenOption } from './option';

/** The event that shows a tab, and the id of its state. */
export const tabEvent = (id: string, tab: string) => `${id}.show${cap(tab)}`;
export const tabId = (id: string, tab: string) => `${id}${cap(tab)}`;

const tabsOf = (screen: NewScreen) => screen.tabs ?? [];

/**
 * `--tabs a,b`. Tabs are in-screen states, not screens (no URL, title or focus change): one child
 * per tab, the first shown on entry, each shown by its event from any tab. Tagged with its id, so
 * the view asks `hasTag` wherever the screen sits in the machine.
 */
export const tabs: ScreenOption = {
  applies: (screen) => Boolean(screen.tabs),
  region: 'tab',
  node: (screen, indent) => {
    const { id } = screen;
    const all = tabsOf(screen);
    return [
      `${indent}initial: '${all[0]}',`,
      `${indent}on: {`,
      ...all.map((tab) => `${indent}  '${tabEvent(id, tab)}': '.${tab}',`),
      `${indent}},`,
      `${indent}states: {`,
      ...all.map((tab) => `${indent}  ${tab}: { id: '${tabId(id, tab)}', tags: '${tabId(id, tab)}' },`),
      `${indent}},`,
    ];
  },
  machine: (source, screen) =>
    addEvents(
      source,
      tabsOf(screen).map((tab) => tabEvent(screen.id, tab)),
    ),
  // Tab labels are in the catalogue, not in the view: the path tests click them by name.
  words: (screen) => [
    `    tabsLabel: ${todo(`what the tabs of ${screen.id} are, for screen readers`)},`,
    `    tabs: {`,
    ...tabsOf(screen).map((tab) => `      ${tab}: ${todo(`the label of the ${tab} tab`)},`),
    `    },`,
  ],
  assertions: (screen) =>
    tabsOf(screen).map((tab) => `${tabId(screen.id, tab)}: { pressed: strings.${screen.id}.tabs.${tab} },`),
  // A tab's event: a sample, and its executor, a click on the tab's button by its label.
  spec: (source, screen) =>
    tabsOf(screen).reduce(
      (result, tab) =>
        addSpecEvents(
          result,
          [`{ type: '${tabEvent(screen.id, tab)}' }`],
          [
            `'${tabEvent(screen.id, tab)}': () => ({ do: 'click', role: 'button', name: strings.${screen.id}.tabs.${tab} }),`,
          ],
        ),
      source,
    ),
  view: tabsView,
};

/** What the tabs add to a view: its words, hooks and JSX (the tab group, the shown tab's panel). */
export function tabsParts(screen: NewScreen, indent: string) {
  const { id } = screen;
  const all = tabsOf(screen);
  return {
    imports: ["import { strings } from '../../machines/strings';"],
    words: all.map((tab) => `  ${tab}: ${todo(`what the ${tab} tab of ${id} shows`)},`),
    hooks: all.map((tab) => `  const ${tab}Shown = useMachineSelector((s) => s.hasTag('${tabId(id, tab)}'));`),
    jsx: [
      `${indent}<div role="group" aria-label={strings.${id}.tabsLabel} className="actions">`,
      ...all.flatMap((tab) => [
        `${indent}  <button type="button" className="button" aria-pressed={${tab}Shown} onClick={() => send({ type: '${tabEvent(id, tab)}' })}>`,
        `${indent}    {strings.${id}.tabs.${tab}}`,
        `${indent}  </button>`,
      ]),
      `${indent}</div>`,
      ...all.map((tab) => `${indent}{${tab}Shown && <p>{words.${tab}}</p>}`),
    ],
  };
}

/** A view with its tabs: buttons in a labelled group, the shown one pressed (docs/ui.md, "Buttons and tabs"). */
function tabsView(screen: NewScreen): string {
  // In a screen that loads, the tabs go inside what it loads (loads.ts).
  if (screen.loads) return loadsView(screen, tabsParts(screen, '        '));
  const { id } = screen;
  const parts = tabsParts(screen, '      ');
  return [
    ...parts.imports,
    "import { useMachineSelector, useSend } from '../appRouting';",
    "import { ScreenHeading } from '@statechart/react';",
    '',
    "// The screen's own words load with its chunk; its title and tab labels are in machines/strings.ts.",
    'const words = {',
    `  heading: ${todo(`the heading of ${id}`)},`,
    ...parts.words,
    '};',
    '',
    'export function View() {',
    '  const send = useSend();',
    ...parts.hooks,
    '  return (',
    '    <article className="screen">',
    `      ${headingTag(screen)}{words.heading}</ScreenHeading>`,
    ...parts.jsx,
    '    </article>',
    '  );',
    '}',
    '',
  ].join('\n');
}
