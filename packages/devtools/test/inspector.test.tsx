import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';
import { createEventLog } from '../src/eventLog';
import { Inspector } from '../src/Inspector';

const machine = setup({
  types: { events: {} as { type: 'pick'; item: { id: number } } | { type: 'explode' } },
  guards: { picksOne: ({ event }) => event.type === 'pick' && event.item.id === 1 },
  actions: {
    explode: () => {
      throw new Error('The action exploded');
    },
  },
}).createMachine({
  id: 'picker',
  initial: 'idle',
  states: {
    idle: { on: { pick: { guard: 'picksOne', target: 'picked' }, explode: { actions: 'explode' } } },
    picked: {},
  },
});

afterEach(cleanup);

describe('the inspector overlay', () => {
  it('shows a guard that throws on a bare event, and stays mounted', async () => {
    const actor = createActor(machine).start();
    render(<Inspector actor={actor} machine={machine} log={createEventLog()} onClose={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Guard of picker.idle|pick|0 threw');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('sends the sample payload, which makes the guard pass', async () => {
    const actor = createActor(machine).start();
    const samples = [{ type: 'pick', item: { id: 1 } }];
    render(<Inspector actor={actor} machine={machine} log={createEventLog()} onClose={() => {}} samples={samples} />);
    const button = (await screen.findAllByRole('button', { name: /pick/ }))[0] as HTMLElement;
    await act(async () => button.click());
    expect(actor.getSnapshot().value).toBe('picked');
  });

  it('shows an error thrown inside the machine instead of unmounting', async () => {
    const actor = createActor(machine).start();
    render(<Inspector actor={actor} machine={machine} log={createEventLog()} onClose={() => {}} />);
    const button = (await screen.findAllByRole('button', { name: /explode/ }))[0] as HTMLElement;
    await act(async () => button.click());
    expect(await screen.findByText(/The machine stopped on an error: The action exploded/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
