import { screenIds } from '@statechart/react';
import { describe, expect, it } from 'vitest';
import { appMachine } from '../../machines/appMachine';

describe('the product views', () => {
  it('give every screen state a view, and every view a state (src/views/<state id>.view.tsx)', () => {
    const views = Object.keys(import.meta.glob('../../src/views/*.view.tsx'))
      .map((file) => /([^/]+)\.view\.tsx$/.exec(file)?.[1] ?? file)
      .sort();
    expect(views).toEqual(screenIds(appMachine));
  });
});
