import ts from 'typescript';
import { specConfig, specObject } from './anchors';
import { ensureImport } from './edit';
import {
  insertAfter,
  insertFirst,
  insertFirstInArray,
  nameOf,
  parse,
  prependEntry,
  property,
  returnedObject,
  ShapeError,
  unwrap,
  type Edited,
} from './syntax';

/**
 * Edits of the path spec (tests/paths/productPaths.ts) the generators share: its event samples and
 * executors, its blocks (`outcomes`, `refusals`), `stateContext` and `storedInput`. Each finds its
 * block in the syntax tree, whatever its layout.
 */

const SPEC = 'tests/paths/productPaths.ts';

/** The spec's `name: [ … ]` array, refused when it is missing or not an array literal. */
function specArray(at: Edited, name: string, purpose: string): ts.ArrayLiteralExpression {
  const member = property(specConfig(at), name);
  const value = member && ts.isPropertyAssignment(member) ? unwrap(member.initializer) : undefined;
  if (!value || !ts.isArrayLiteralExpression(value))
    throw new ShapeError(at, member, `\`${name}: [ … ]\` as an array literal in the spec`, `add ${purpose} by hand`);
  return value;
}

/**
 * Event samples the path tests send (`events: [`), each with its executor (how a person performs
 * it: `executors: {`), both first in their block.
 */
export function addSpecEvents(source: string, samples: string[], executors: string[]): string {
  const at = parse(source, SPEC);
  const events = specArray(at, 'events', samples.join(', '));
  const block = specObject(at, 'executors');
  if (!block)
    throw new ShapeError(at, specConfig(at), '`executors: { … }` in the spec', `add ${executors.join(' ')} by hand`);
  insertFirstInArray(at, events, samples);
  insertFirst(at, block, executors);
  return at.text();
}

/** A line first in a block of the spec (`outcomes: {`, `refusals: {`), the block made after `machine:` if missing. */
export function addToSpecBlock(source: string, block: string, line: string): string {
  const at = parse(source, SPEC);
  const object = specObject(at, block);
  if (object) insertFirst(at, object, [line]);
  else insertAfter(at, specConfig(at), specMachine(at), [`${block}: {`, `  ${line}`, '},']);
  return at.text();
}

/** The spec's `machine: …` entry (specConfig found the spec by it). */
const specMachine = (at: Edited) => property(specConfig(at), 'machine') as ts.ObjectLiteralElementLike;

/**
 * `stateContext: behaviourOf(machine, [samples])` (@statechart/paths): the path
 * tests tell states apart by what the machine does next (a dirty form refuses leaving, #notAllowed
 * with a route to return to signs in), so no guard is named here. One per spec: later
 * generators add their samples to it.
 */
export function addBehaviourSamples(source: string, samples: string[]): string {
  const at = parse(ensureImport(source, ['behaviourOf'], '@statechart/paths'), SPEC);
  const spec = specConfig(at);
  const member = property(spec, 'stateContext');
  if (!member) {
    const machine = specMachine(at);
    const name = ts.isPropertyAssignment(machine) ? machine.initializer.getText(at.tree) : 'machine';
    insertAfter(at, spec, machine, [`stateContext: behaviourOf(${name}, [${samples.join(', ')}]),`]);
    return at.text();
  }
  const call = ts.isPropertyAssignment(member) ? unwrap(member.initializer) : undefined;
  const list = call && ts.isCallExpression(call) && call.arguments[1] ? unwrap(call.arguments[1]) : undefined;
  if (!list || !ts.isArrayLiteralExpression(list))
    throw new ShapeError(
      at,
      member,
      '`stateContext: behaviourOf(machine, [ … ])`',
      `add ${samples.join(', ')} to the samples it tells states apart by, by hand`,
    );
  insertFirstInArray(at, list, samples);
  return at.text();
}

/**
 * `storedInput` in the spec: what a reload keeps that the URL does not carry (a session's roles, a
 * form's draft), so the random walks' reload starts the machine with it. One per spec, an entry
 * per generator, in either shape docs/forms.md shows: `storedInput: (snapshot) => ({ roles: … })`
 * (on one line or several), or a block body whose `return { … };` the entry joins. An entry whose
 * key is there already is left as it is; any other shape is refused, saying what to add by hand.
 */
export function addStoredInput(source: string, entry: string): string {
  const at = parse(source, SPEC);
  const spec = specConfig(at);
  const member = property(spec, 'storedInput');
  if (!member) {
    insertAfter(at, spec, specMachine(at), [`storedInput: (snapshot) => ({ ${entry} }),`]);
    return at.text();
  }
  const value = ts.isPropertyAssignment(member) ? unwrap(member.initializer) : undefined;
  const object = returnedObject(value);
  if (!object || !value || !(ts.isArrowFunction(value) || ts.isFunctionExpression(value)))
    throw new ShapeError(
      at,
      member,
      'a storedInput that returns an object literal (`storedInput: (snapshot) => ({ … })`, or a block body that ends in `return { … };`)',
      `add ${entry} to what it returns by hand`,
    );
  const key = entry.split(':')[0]?.trim() ?? '';
  if (property(object, key)) return source;
  // The entry reads the snapshot under the name the function gives it.
  const parameter = value.parameters[0] ? nameOf(value.parameters[0].name) : undefined;
  prependEntry(at, object, parameter ? entry.replace(/\bsnapshot\b/g, parameter) : entry);
  return at.text();
}

/** Whether the spec has an executor for `event` (a generator that wrote it once does not again). */
export function hasExecutor(source: string, event: string): boolean {
  const executors = specObject(parse(source, SPEC), 'executors');
  return !!executors && !!property(executors, event);
}
