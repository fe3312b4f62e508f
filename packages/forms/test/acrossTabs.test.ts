import { createActor, fromPromise, waitFor } from 'xstate';
import type { Submission } from '@statechart/calls';
import type { RecordInput } from '../../../examples/reference/recordForm';
import { describe, expect, it } from 'vitest';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { draftKeeping, recordDraftOptions } from '../../../examples/reference/drafts';
import { sharedDraft, type DraftEnd } from '../src/sharedDraft';
import { fakeOrigin } from './fakeOrigin';

const route = (to: `#${string}`) => ({ type: 'xstate.route' as const, to, params: {} });
const elsewhere = (name: string, own = true) => ({
  type: 'record.changedElsewhere' as const,
  change: { kind: 'changed' as const, draft: { values: { name } } },
  own,
});

/** The reference machine with its storage actions recorded: what the app would do to the shared draft. */
function start(submit = fromPromise<{ id: number } | undefined, Submission<RecordInput>>(() => new Promise(() => {}))) {
  const storage: string[] = [];
  const machine = referenceMachine.provide({
    actions: {
      saveDraft: () => void storage.push('save'),
      clearDraft: (_, { ended }: { ended: DraftEnd }) => void storage.push(`end ${ended}`),
      settleDraft: ({ context }) => void storage.push(context.record.asked ? 'settle (asking)' : 'settle'),
    },
    actors: { submitRecord: submit },
  });
  const actor = createActor(machine).start();
  return { actor, storage, record: () => actor.getSnapshot().context.record };
}

describe("the reference form and another tab's changes to its draft (examples/reference)", () => {
  it('asks when another tab changes the draft over input typed here, and keeps the input until the person chooses', () => {
    const { actor, storage, record } = start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'name', value: 'alpha' });
    actor.send(elsewhere('beta'));
    expect(record().values.name).toBe('alpha');
    expect(record().asked).toEqual({ kind: 'changed', draft: { values: { name: 'beta' } } });
    expect(storage).toEqual(['save', 'settle (asking)']);

    actor.send({ type: 'record.keepOwn' });
    expect(record()).toMatchObject({ values: { name: 'alpha' }, asked: undefined });
    expect(storage.at(-1), 'then the app writes this tab’s input as the draft').toBe('settle');
  });

  it("takes the other tab's version, or discards this one for a draft discarded there", () => {
    const { actor, record } = start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'name', value: 'alpha' });
    actor.send(elsewhere('beta'));
    actor.send({ type: 'record.takeOther' });
    expect(record().values.name).toBe('beta');
    actor.send({ type: 'record.change', field: 'name', value: 'beta, edited' });
    actor.send({ type: 'record.changedElsewhere', change: { kind: 'discarded' }, own: true });
    actor.send({ type: 'record.takeOther' });
    expect(record().values.name).toBe('');
    expect(record().asked).toBeUndefined();
  });

  it('follows a change with nothing typed here, on the form or anywhere else, and says so', () => {
    const { actor, record } = start();
    actor.send(elsewhere('beta', false));
    expect(record()).toMatchObject({ values: { name: 'beta' }, followed: 'changed', asked: undefined });
    actor.send(route('#newRecord'));
    expect(record().values.name, 'the form shows it').toBe('beta');
    actor.send({ type: 'record.changedElsewhere', change: { kind: 'saved' }, own: false });
    expect(record()).toMatchObject({ values: { name: '' }, followed: 'saved' });
  });

  it('ignores the answers when nothing is asked', () => {
    const { actor, storage, record } = start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'name', value: 'alpha' });
    actor.send({ type: 'record.keepOwn' });
    actor.send({ type: 'record.takeOther' });
    expect(record().values.name).toBe('alpha');
    expect(storage).toEqual(['save']);
  });

  it('hears nothing while a submit is under way, and says how the draft ended: saved, or discarded', async () => {
    let resolve: (output: { id: number }) => void = () => {};
    const { actor, storage, record } = start(
      fromPromise<{ id: number } | undefined, Submission<RecordInput>>(
        () => new Promise((done) => void (resolve = done)),
      ),
    );
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'name', value: 'alpha' });
    actor.send({ type: 'record.submit' });
    actor.send(elsewhere('beta'));
    expect(record().asked).toBeUndefined();
    resolve({ id: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ app: { main: { newRecord: 'saved' } } }));
    // Kept at the change, and again at the submit (with its key, before the request leaves).
    expect(storage).toEqual(['save', 'save', 'end saved']);
    actor.send({ type: 'record.new' });
    actor.send({ type: 'record.change', field: 'name', value: 'gamma' });
    actor.send({ type: 'record.discard' });
    expect(storage.at(-1)).toBe('end discarded');
  });

  it("A saves the text B typed and A took: B is still asked, though A's submit wrote what its key sent into the draft", async () => {
    const origin = fakeOrigin();
    const sharedEntry = () => origin.tab().local.getItem(recordDraftOptions.key);
    /** A tab of the reference app on `origin`, its draft actions the app's own (examples/reference/drafts.ts). */
    const tab = () => {
      const storages = origin.tab();
      const draft = sharedDraft({
        ...recordDraftOptions,
        storage: () => storages.local,
        tabStorage: () => storages.session,
        events: storages.events,
      });
      const { keepDraft, settleDraft } = draftKeeping(draft);
      let answer: (output: { id: number }) => void = () => {};
      const machine = referenceMachine.provide({
        actions: {
          saveDraft: ({ context }) => keepDraft(context.record),
          clearDraft: (_, { ended }: { ended: DraftEnd }) => draft.end(ended),
          settleDraft: ({ context }) => settleDraft(context.record),
        },
        actors: {
          submitRecord: fromPromise<{ id: number } | undefined, Submission<RecordInput>>(
            () => new Promise((done) => void (answer = done)),
          ),
        },
      });
      const actor = createActor(machine, { input: { draft: draft.load() } }).start();
      draft.subscribe((change, own) => actor.send({ type: 'record.changedElsewhere', change, own }));
      actor.send(route('#newRecord'));
      return { actor, record: () => actor.getSnapshot().context.record, answer: (id: number) => answer({ id }) };
    };
    const a = tab();
    const b = tab();
    a.actor.send({ type: 'record.change', field: 'name', value: 'alpha' });
    origin.deliver();
    expect(b.record().values.name).toBe('alpha');
    b.actor.send({ type: 'record.change', field: 'name', value: 'alpha, and more' });
    origin.deliver();
    expect(a.record().asked?.kind).toBe('changed');
    a.actor.send({ type: 'record.takeOther' });
    a.actor.send({ type: 'record.submit' });
    const submittedEntry = sharedEntry();
    expect(submittedEntry, 'the submit keeps what the key sends with the draft').toContain('"sent"');
    origin.deliver();
    expect(sharedEntry(), 'B takes the key and what it sent without writing the draft back').toBe(submittedEntry);
    expect(b.record().sent?.name).toBe('alpha, and more');
    a.answer(1);
    await waitFor(a.actor, (snapshot) => snapshot.matches({ app: { main: { newRecord: 'saved' } } }));
    expect(sharedEntry(), "A's save ended the shared draft").toContain('"ended":"saved"');
    origin.deliver();
    expect(
      b.record().asked?.kind,
      "B's text is its own (A took it; A's submit only added what its key sent): A's save asks B, B does not follow it silently",
    ).toBe('saved');
    expect(b.record().values.name).toBe('alpha, and more');
  });
});
