import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { screenIds } from '../src/screenIds';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { shapesMachine } from '../../../examples/shapes/shapesMachine';

const idsOf = (files: Record<string, unknown>) =>
  Object.keys(files)
    .map((file) => /([^/]+)\.view\.tsx$/.exec(file)?.[1] ?? file)
    .sort();

describe('one view per screen state', () => {
  it('gives every reference screen state a view, and every reference view a state', () => {
    const views = idsOf({
      ...import.meta.glob('../src/stock/{notFound,error}.view.tsx'),
      ...import.meta.glob('../../../examples/reference/views/*.view.tsx'),
    });
    expect(views).toEqual(screenIds(referenceMachine));
  });
});

describe('one view per screen state of the second reference machine', () => {
  it('gives every shapes screen state a view, and every shapes view a state', () => {
    const views = idsOf({
      ...import.meta.glob('../src/stock/notFound.view.tsx'),
      ...import.meta.glob('../../../examples/shapes/views/*.view.tsx'),
    });
    expect(views).toEqual(screenIds(shapesMachine));
  });
});

describe('which states count as screens', () => {
  it('tells a guarded always, which may stay and show, from a redirect, which never shows', () => {
    const machine = setup({ guards: { missing: () => false } }).createMachine({
      initial: 'maybe',
      states: {
        maybe: { id: 'maybe', meta: { title: 'Maybe' }, always: { guard: 'missing', target: 'shown' } },
        redirect: { id: 'redirect', meta: { title: 'Old' }, always: { target: 'shown' } },
        shown: { id: 'shown', meta: { title: 'Shown' } },
      },
    });
    expect(screenIds(machine)).toEqual(['maybe', 'shown']);
  });
});
