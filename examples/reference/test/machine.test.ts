import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { referenceMachine } from '../referenceMachine';

const route = (to: `#${string}`, params?: Record<string, unknown>) => ({ type: 'xstate.route' as const, to, params });

function start(onSectionWorkStart = () => {}) {
  const machine = referenceMachine.provide({
    actors: {
      sectionWork: fromCallback(() => {
        onSectionWorkStart();
        return () => {};
      }),
    },
  });
  return createActor(machine).start();
}

describe('reference machine, URL-driven moves', () => {
  it('keeps the parent entered and its actor running when moving between siblings', () => {
    let starts = 0;
    const actor = start(() => starts++);
    actor.send(route('#sectionList'));
    expect(actor.getSnapshot().context.sectionEntries).toBe(1);
    actor.send(route('#sectionItem', { id: 1 }));
    actor.send(route('#sectionList'));
    actor.send(route('#sectionItem', { id: 2 }));
    expect(actor.getSnapshot().context.sectionEntries).toBe(1);
    expect(starts).toBe(1);
  });

  it('re-enters only the state that owns a param when its value changes', () => {
    const actor = start();
    actor.send(route('#sectionItem', { id: 1 }));
    actor.send({ type: 'item.showNotes' });
    actor.send(route('#sectionItem', { id: 2 }));
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.itemEntries).toBe(2);
    expect(snapshot.context.sectionEntries).toBe(1);
    expect(snapshot.context.params.id).toBe(2);
    expect(snapshot.matches({ app: { main: { section: { item: 'details' } } } })).toBe(true);
  });

  it('does nothing when routed to where it already is', () => {
    const actor = start();
    actor.send(route('#sectionItem', { id: 1 }));
    actor.send({ type: 'item.showNotes' });
    actor.send(route('#sectionItem', { id: 1 }));
    expect(actor.getSnapshot().context.itemEntries).toBe(1);
    expect(actor.getSnapshot().matches({ app: { main: { section: { item: 'notes' } } } })).toBe(true);
  });

  it('leaves the main region alone when the overlay opens and closes', () => {
    const actor = start();
    actor.send(route('#sectionItem', { id: 1 }));
    actor.send({ type: 'item.showNotes' });
    actor.send(route('#overlayOpen'));
    actor.send(route('#overlayClosed'));
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.itemEntries).toBe(1);
    expect(snapshot.matches({ app: { main: { section: { item: 'notes' } } } })).toBe(true);
  });

  it('leaves the overlay open when the main region moves', () => {
    const actor = start();
    actor.send(route('#overlayOpen'));
    actor.send(route('#editor'));
    expect(actor.getSnapshot().matches({ app: { overlay: 'open', main: 'editor' } })).toBe(true);
  });

  it('refuses every URL-driven move while the editor is dirty, and allows them once saved', () => {
    const actor = start();
    actor.send(route('#editor'));
    actor.send({ type: 'editor.change' });
    actor.send(route('#home'));
    actor.send(route('#notFound', { '*': '/nope' }));
    expect(actor.getSnapshot().matches({ app: { main: 'editor' } })).toBe(true);
    actor.send({ type: 'editor.save' });
    actor.send(route('#home'));
    expect(actor.getSnapshot().matches({ app: { main: 'home' } })).toBe(true);
  });

  it('redirects the old address to home', () => {
    const actor = start();
    actor.send(route('#section'));
    actor.send(route('#legacy'));
    expect(actor.getSnapshot().matches({ app: { main: 'home' } })).toBe(true);
  });

  it('refuses a route whose path params are missing', () => {
    const actor = start();
    actor.send(route('#sectionItem'));
    expect(actor.getSnapshot().matches({ app: { main: 'home' } })).toBe(true);
  });

  it('comes back from not-found to a nested route in one move', () => {
    const actor = start();
    actor.send(route('#notFound', { '*': '/nope' }));
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
    actor.send(route('#sectionItem', { id: 7 }));
    expect(actor.getSnapshot().matches({ app: { main: { section: 'item' } } })).toBe(true);
    expect(actor.getSnapshot().context.params.id).toBe(7);
  });

  it('updates search params in place without re-entering the list', () => {
    const actor = start();
    actor.send(route('#sectionList', { q: 'a', page: 1 }));
    const before = actor.getSnapshot().context.sectionEntries;
    actor.send(route('#sectionList', { q: 'b', page: 2 }));
    expect(actor.getSnapshot().context.params).toMatchObject({ q: 'b', page: 2 });
    expect(actor.getSnapshot().context.sectionEntries).toBe(before);
  });

  it('lands in the error state with the failing URL when a view fails', () => {
    const actor = start();
    actor.send({ type: 'view.failed', url: '/broken', message: 'boom' });
    expect(actor.getSnapshot().matches('error')).toBe(true);
    expect(actor.getSnapshot().context.params['*']).toBe('/broken');
  });
});
