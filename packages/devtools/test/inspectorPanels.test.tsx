import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { createEventLog } from '../src/eventLog';
import { Inspector } from '../src/Inspector';

/** Parallel regions, a counter in the context, an invoked actor that never settles. */
const machine = setup({
  types: { context: {} as { count: number; label: string }, events: {} as { type: 'bump' } | { type: 'flip' } },
  actors: { worker: fromPromise(() => new Promise<never>(() => {})) },
}).createMachine({
  id: 'panels',
  type: 'parallel',
  context: { count: 0, label: 'same' },
  states: {
    left: {
      initial: 'off',
      states: { off: { on: { flip: 'on' } }, on: { invoke: { src: 'worker', id: 'job' }, on: { flip: 'off' } } },
    },
    right: { on: { bump: { actions: assign({ count: ({ context }) => context.count + 1 }) } } },
  },
});

afterEach(cleanup);

function start() {
  const log = createEventLog();
  const actor = createActor(machine, { inspect: log.inspect }).start();
  render(<Inspector actor={actor} machine={machine} log={log} onClose={() => {}} />);
  return { actor, log };
}

const panel = (name: RegExp) => screen.getByRole('region', { name }) as HTMLElement;

describe('the overlay’s panels', () => {
  it('marks the context keys the last event changed, and only those', async () => {
    const { actor } = start();
    await act(async () => actor.send({ type: 'bump' }));
    const context = screen.getByRole('list', { name: 'Context' });
    const count = within(context).getByText('count').closest('li') as HTMLElement;
    expect(count.textContent).toBe('count (changed): 1');
    expect((within(context).getByText('label').closest('li') as HTMLElement).textContent).toBe('label: "same"');
  });

  it('lists the invoked actor with its status while its state is active', async () => {
    const { actor } = start();
    expect(panel(/Actors/).textContent).toContain('No invoked or spawned actors');
    await act(async () => actor.send({ type: 'flip' }));
    const job = panel(/Actors/).querySelector('[data-actor="job"]') as HTMLElement;
    expect(job.textContent).toMatch(/job \(invoked, src worker\) active/);
  });

  it('shows a past moment when a log entry is selected, says what the event did, and Live returns', async () => {
    const { actor } = start();
    await act(async () => actor.send({ type: 'flip' }));
    await act(async () => actor.send({ type: 'bump' }));
    await act(async () => actor.send({ type: 'bump' }));
    const flip = screen.getAllByRole('button', { name: /#\d+ flip/ })[0] as HTMLElement;
    await act(async () => fireEvent.click(flip));
    expect(screen.getByText(/The past: the machine after/)).toBeTruthy();
    const step = panel(/What #\d+ flip did/);
    expect(step.textContent).toContain('Exited: #panels.left.off');
    expect(step.textContent).toContain('Entered: #panels.left.on');
    // The context then: count 0; the app's actor is untouched.
    expect(within(screen.getByRole('list', { name: 'Context' })).getByText('0')).toBeTruthy();
    expect(actor.getSnapshot().context.count).toBe(2);
    expect(screen.getByRole('heading', { name: 'Enabled transitions' })).toBeTruthy();
    expect(panel(/Enabled transitions/).textContent).toContain('Back to Live');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Live' })));
    expect(screen.queryByText(/The past: the machine after/)).toBeNull();
  });

  it('copies the events as a case: each event with the state value after it', async () => {
    const { actor } = start();
    await act(async () => actor.send({ type: 'flip' }));
    await act(async () => actor.send({ type: 'bump' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy as test' })));
    const text = (await screen.findByRole('textbox', { name: 'Copied test case' })) as HTMLTextAreaElement;
    const copied = JSON.parse(text.value) as { steps: { event: { type: string }; value: unknown }[] };
    expect(copied.steps).toEqual([
      { event: { type: 'flip' }, value: { left: 'on', right: {} } },
      { event: { type: 'bump' }, value: { left: 'on', right: {} } },
    ]);
  });
});
