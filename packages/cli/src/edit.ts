/**
 * Text edits on the product's files, each finding its anchor the way the file is written (and as
 * Prettier leaves it after an earlier generator), and saying what it did not find.
 */

/** Adds `names` to the import from `from`, or a new import line, leaving names already there. */
export function ensureImport(source: string, names: string[], from: string): string {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // At a line's start: doc comments show imports in their examples.
  const line = new RegExp(`^import \\{([^}]*)\\} from '${escaped}';`, 'm').exec(source);
  const bare = (name: string) => name.replace(/^type /, '');
  const has = (name: string) => new RegExp(`\\b${bare(name)}\\b`).test(line?.[1] ?? '');
  const missing = names.filter((name) => !has(name));
  if (!missing.length) return source;
  if (line)
    return source.replace(
      line[0],
      `import {${line[1]?.replace(/,?\s*$/, '')}, ${missing.join(', ')} } from '${from}';`,
    );
  return `import { ${missing.join(', ')} } from '${from}';\n${source}`;
}

/**
 * The context type in `setup({ types })`, written on one line or (formatted after a generator
 * added to it) on several: from `context: {} as ` to the `,` that ends it at its key's indentation.
 */
export function contextType(source: string): { indent: string; start: number; end: number; type: string } {
  const open = /\n( *)context: \{\} as /.exec(source);
  if (!open) throw new Error('machines/appMachine.ts: no "context: {} as …," in setup({ types })');
  const indent = open[1] ?? '';
  const start = open.index + open[0].length;
  const close = new RegExp(`,\\n${indent}(?! )`).exec(source.slice(start));
  if (!close) throw new Error('machines/appMachine.ts: cannot find where the context type in setup({ types }) ends');
  const end = start + close.index;
  return { indent, start, end, type: source.slice(start, end) };
}

/**
 * A line first in setup's `actors: {` or `actions: {` block, or the block itself after `types`. A
 * block written on one line (`actors: { loadThing: … },`, as Prettier leaves a short one) is opened
 * over several lines first: a second `actors` key would replace the first.
 */
export function addToSetupBlock(source: string, block: 'actors' | 'actions' | 'guards', line: string): string {
  // Only in setup, before `.createMachine`: a state's transition may hold `actions: { type, params }`.
  const setupEnd = source.indexOf('.createMachine');
  const inSetup = (match: RegExpExecArray | null) => (match && (setupEnd < 0 || match.index < setupEnd) ? match : null);
  const open = inSetup(new RegExp(`\\n( *)${block}: \\{\\n`).exec(source));
  if (open) {
    const at = open.index + open[0].length;
    return `${source.slice(0, at)}${open[1]}  ${line}\n${source.slice(at)}`;
  }
  const oneLine = inSetup(new RegExp(`\\n( *)${block}: \\{(.*)\\},\\n`).exec(source));
  if (oneLine) {
    const indent = oneLine[1] ?? '';
    const entries = (oneLine[2] ?? '').trim().replace(/,$/, '');
    const opened = [
      `${indent}${block}: {`,
      `${indent}  ${line}`,
      ...(entries ? [`${indent}  ${entries},`] : []),
      `${indent}},`,
    ];
    return `${source.slice(0, oneLine.index)}\n${opened.join('\n')}\n${source.slice(oneLine.index + oneLine[0].length)}`;
  }
  const types = /\n( *)types: \{\n/.exec(source);
  if (!types) throw new Error(`machines/appMachine.ts: no "types: {" in setup to put "${block}" after`);
  const indent = types[1] ?? '';
  const close = source.indexOf(`\n${indent}},\n`, types.index + types[0].length);
  if (close < 0) throw new Error('machines/appMachine.ts: cannot find where setup({ types }) ends');
  const at = close + `\n${indent}},\n`.length;
  return `${source.slice(0, at)}${indent}${block}: {\n${indent}  ${line}\n${indent}},\n${source.slice(at)}`;
}

/** Lines first in the object literal that `opening` starts (`= {}` is opened up). */
export function addToObject(source: string, opening: string, lines: string[], file: string): string {
  // At the start of a line: the files' doc comments show the same opening in their examples.
  const at = source.lastIndexOf(`\n${opening}`) + 1;
  if (at === 0) throw new Error(`${file}: no "${opening}" to add to`);
  const end = at + opening.length;
  const rest = source.slice(end);
  const body = rest.startsWith('}') ? `\n${lines.join('\n')}\n` : `\n${lines.join('\n')}`;
  return source.slice(0, end) + body + rest;
}

/** The machine's event union with the new event types. */
export function addEvents(source: string, types: string[]): string {
  const start = source.indexOf('export type AppEvent =');
  if (start < 0) throw new Error('machines/appMachine.ts: no "export type AppEvent = …;" to add the events to');
  // The union ends at the first `;` outside braces: an event with a payload has its own (`{ type: …; roles: … }`).
  let depth = 0;
  let end = start;
  for (; end < source.length; end += 1) {
    const char = source[end];
    if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    else if (char === ';' && depth === 0) break;
  }
  const added = types.map((type) => (type.startsWith('{') ? ` | ${type}` : ` | { type: '${type}' }`)).join('');
  return source.slice(0, end) + added + source.slice(end);
}

/**
 * Event samples the path tests send (`events: [`), each with its executor (how a person performs
 * it: `executors: {`), both first in their block.
 */
export function addSpecEvents(source: string, samples: string[], executors: string[]): string {
  const events = /\n( *)events: \[/.exec(source);
  const block = /\n( *)executors: \{\n/.exec(source);
  if (!events || !block)
    throw new Error(`tests/paths/productPaths.ts: no "events: [" or "executors: {" to add ${samples.join(', ')} to`);
  const result = source.replace(events[0], `${events[0]}${samples.map((sample) => `${sample}, `).join('')}`);
  const at = (/\n( *)executors: \{\n/.exec(result)?.index ?? 0) + block[0].length;
  const lines = executors.map((line) => `${block[1] ?? ''}  ${line}\n`).join('');
  return result.slice(0, at) + lines + result.slice(at);
}

/** A line first in a block of the spec (`outcomes: {`, `refusals: {`), the block made after `machine:` if missing. */
export function addToSpecBlock(source: string, block: string, line: string): string {
  // Only in setup, before `.createMachine`: a state's transition may hold `actions: { type, params }`.
  const setupEnd = source.indexOf('.createMachine');
  const inSetup = (match: RegExpExecArray | null) => (match && (setupEnd < 0 || match.index < setupEnd) ? match : null);
  const open = inSetup(new RegExp(`\\n( *)${block}: \\{\\n`).exec(source));
  if (open) {
    const at = open.index + open[0].length;
    return `${source.slice(0, at)}${open[1]}  ${line}\n${source.slice(at)}`;
  }
  const machine = /\n( *)machine: [^\n]*,\n/.exec(source);
  if (!machine) throw new Error(`tests/paths/productPaths.ts: no "machine: …," to put "${block}" after`);
  const at = machine.index + machine[0].length;
  const indent = machine[1] ?? '';
  return `${source.slice(0, at)}${indent}${block}: {\n${indent}  ${line}\n${indent}},\n${source.slice(at)}`;
}

/**
 * `stateContext: behaviourOf(machine, [samples])` (@statechart/paths): the path
 * tests tell states apart by what the machine does next (a dirty form refuses leaving, #notAllowed
 * with a route to return to signs in), so no guard is named here. One line per spec: later
 * generators add their samples to it.
 */
export function addBehaviourSamples(source: string, samples: string[]): string {
  let result = ensureImport(source, ['behaviourOf'], '@statechart/paths');
  const line = /\n( *)stateContext: behaviourOf\(([^,\n]*), \[/.exec(result);
  if (line) return result.replace(line[0], `${line[0]}${samples.join(', ')}, `);
  const machine = /\n( *)machine: ([^\n]*),\n/.exec(result);
  if (!machine) throw new Error('tests/paths/productPaths.ts: no "machine: …," to derive the stateContext from');
  const end = machine.index + machine[0].length;
  result = `${result.slice(0, end)}${machine[1]}stateContext: behaviourOf(${machine[2]}, [${samples.join(', ')}]),\n${result.slice(end)}`;
  return result;
}

/** The context type in `setup({ types })` with more fields (`name?: Type`). */
export function extendContextType(source: string, fields: string[]): string {
  const context = contextType(source);
  return `${source.slice(0, context.start)}${context.type} & { ${fields.join('; ')} }${source.slice(context.end)}`;
}

/**
 * The machine's initial context with one more entry: `context: { … }` or, once a generator gave
 * the machine an input, `context: ({ input }) => ({ … })`, on one line.
 */
export function addToInitialContext(source: string, entry: string): string {
  const context = /\n( *)context: (\(\{ input \}\) => \()?\{ ([^\n]*) \}(\))?,\n/.exec(source);
  if (!context)
    throw new Error(
      `machines/appMachine.ts: the machine's context is not a one-line object: add ${entry} to it by hand`,
    );
  const [whole, indent = '', open = '', fields = '', close = ''] = context;
  return source.replace(whole, `\n${indent}context: ${open}{ ${fields}, ${entry} }${close},\n`);
}

/** `import * as v from 'valibot';` first in the file, unless it is there. */
export const importValibot = (source: string) =>
  /^import \* as v from 'valibot';/m.test(source) ? source : `import * as v from 'valibot';\n${source}`;

/**
 * The registry as `defineCalls({ … })`, which names each call by its key: a save's `invalidates`
 * finds the list it makes stale by that name (docs/calls.md, "Saves refresh what they change").
 * A registry written as a plain object (`export const calls = { … } satisfies CallRegistry;`, as a
 * product starts) is wrapped; one that is neither is left to the product, named in the error.
 */
function withDefineCalls(source: string): string {
  if (source.includes('\nexport const calls = defineCalls({')) return source;
  const open = source.lastIndexOf('\nexport const calls = {');
  const close = open < 0 ? -1 : source.indexOf('} satisfies CallRegistry;', open);
  if (open < 0 || close < 0 || /\n\}/.test(source.slice(open + 1, close).replace(/\n\}$/, ''))) {
    throw new Error(
      'src/api/calls.ts: no "export const calls = { … } satisfies CallRegistry;" to make defineCalls({ … }): write the registry as defineCalls({ … }) by hand',
    );
  }
  return `${source.slice(0, open)}\nexport const calls = defineCalls({${source.slice(open + '\nexport const calls = {'.length, close)}}) satisfies CallRegistry;${source.slice(close + '} satisfies CallRegistry;'.length)}`;
}

/**
 * src/api/calls.ts with a call (`call`: its lines in `calls`) and the actor the app provides for
 * it (`actor`: its line in `callActors`), importing the type the call names from `type[1]`.
 */
export function addToCallRegistry(
  source: string,
  { type, call, actor }: { type: readonly [string, string]; call: string[]; actor: string },
): string {
  let result = ensureImport(source, ['callActor'], '@statechart/calls');
  result = ensureImport(result, ['defineCall', 'defineCalls'], '@statechart/calls');
  result = importValibot(ensureImport(result, [`type ${type[0]}`], type[1]));
  result = addToObject(withDefineCalls(result), 'export const calls = defineCalls({', call, 'src/api/calls.ts');
  return addToObject(result, 'export const callActors = {', [actor], 'src/api/calls.ts');
}

/**
 * `storedInput` in the spec: what a reload keeps that the URL does not carry (a session's roles, a
 * form's draft), so the random walks' reload starts the machine with it. One per spec, an entry
 * per generator, in either shape docs/forms.md shows: `storedInput: (snapshot) => ({ roles: … })`
 * (on one line or several), or a block body whose `return { … };` the entry joins. An entry whose
 * key is there already is left as it is; any other shape is refused, saying what to add by hand.
 */
export function addStoredInput(source: string, entry: string): string {
  const start = /\n( *)storedInput: \((\w+)(?::[^)]*)?\) => (\(\{\s*|\{\n)/.exec(source);
  if (start) {
    const [whole, indent = '', parameter = 'snapshot', opening = ''] = start;
    const bodyStart = start.index + whole.length;
    // The storedInput ends at the next line as far in as its key (its `},` or the next key).
    const next = new RegExp(`\\n${indent}(?! )`).exec(source.slice(bodyStart));
    const bodyEnd = next ? bodyStart + next.index : source.length;
    const key = entry.split(':')[0]?.trim() ?? '';
    if (new RegExp(`\\b${key}:`).test(source.slice(bodyStart, bodyEnd))) return source;
    const written = `${entry.replace(/\bsnapshot\b/g, parameter)}, `;
    if (opening.startsWith('(')) return source.slice(0, bodyStart) + written + source.slice(bodyStart);
    // A block body: the entry joins the object its own `return` gives (one level in).
    const returned = new RegExp(`^${indent} {2}return \\{\\s*`, 'm').exec(source.slice(bodyStart, bodyEnd));
    if (returned) {
      const at = bodyStart + returned.index + returned[0].length;
      return source.slice(0, at) + written + source.slice(at);
    }
  }
  if (/\n *storedInput\b/.test(source)) {
    throw new Error(
      `tests/paths/productPaths.ts: its storedInput neither returns an object literal (\`storedInput: (snapshot) => ({ … })\`) nor has a block body that ends in \`return { … };\`: add ${entry} to what it returns by hand`,
    );
  }
  const machine = /\n( *)machine: [^\n]*,\n/.exec(source);
  if (!machine) throw new Error('tests/paths/productPaths.ts: no "machine: …," to put storedInput after');
  const end = machine.index + machine[0].length;
  return `${source.slice(0, end)}${machine[1]}storedInput: (snapshot) => ({ ${entry} }),\n${source.slice(end)}`;
}
