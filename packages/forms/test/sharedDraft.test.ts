import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { sharedDraft, type DraftChange } from '../src/sharedDraft';
import { fakeOrigin } from './fakeOrigin';

/** A name typed, and something that goes with it (as a form's draft has its key and what the key sent). */
type Draft = { name: string; sent?: string };
type Heard = [DraftChange<Draft>, boolean];

/** One page of a tab: its draft, loaded, and what its subscriber heard (the change, and `own`). */
function page(tab: ReturnType<ReturnType<typeof fakeOrigin>['tab']>, text?: (draft: Draft) => unknown) {
  const problems: string[] = [];
  const draft = sharedDraft({
    key: 'draft:form',
    version: 1,
    schema: v.object({ name: v.string(), sent: v.optional(v.string()) }),
    storage: () => tab.local,
    tabStorage: () => tab.session,
    report: (problem) => void problems.push(problem),
    events: tab.events,
    text,
  });
  const loaded = draft.load();
  const heard: Heard[] = [];
  const stop = draft.subscribe((change, own) => void heard.push([change, own]));
  return { tab, draft, loaded, heard, stop, problems };
}

const changed = (name: string): DraftChange<Draft> => ({ kind: 'changed', draft: { name } });

/** Tabs A and B of one origin, both on the form before anything is typed. */
function twoTabs() {
  const origin = fakeOrigin();
  const a = page(origin.tab());
  const b = page(origin.tab());
  /** `tab` reloaded: a new page with its sessionStorage. */
  const reload = (old: ReturnType<typeof page>) => page(origin.tab(old.tab));
  return { origin, a, b, reload };
}

describe('a shared draft across tabs (packages/forms/src/sharedDraft.ts)', () => {
  it('gives a new tab the shared draft, and a reloaded tab the text it typed', () => {
    const { origin, a, reload } = twoTabs();
    a.draft.save({ name: 'alpha' });
    expect(page(origin.tab()).loaded).toEqual({ name: 'alpha' });
    const again = reload(a);
    expect(again.loaded).toEqual({ name: 'alpha' });
    expect(again.heard).toEqual([]);
  });

  it('tells a tab with nothing typed that another tab wrote the draft, as not its own', () => {
    const { origin, a, b } = twoTabs();
    a.draft.save({ name: 'alpha' });
    origin.deliver();
    expect(b.heard).toEqual([[changed('alpha'), false]]);
    expect(a.heard).toEqual([]);
  });

  it('A types "alpha", B takes it and types "beta": A hears it as a change to its own text, and reloaded keeps "alpha" and hears it again', () => {
    const { origin, a, b, reload } = twoTabs();
    a.draft.save({ name: 'alpha' });
    origin.deliver();
    b.draft.accept();
    b.draft.save({ name: 'beta' });
    origin.deliver();
    expect(a.heard).toEqual([[changed('beta'), true]]);

    const again = reload(a);
    expect(again.loaded).toEqual({ name: 'alpha' });
    expect(again.heard).toEqual([[changed('beta'), true]]);
    expect(page(origin.tab()).loaded, 'a new tab shows the shared draft').toEqual({ name: 'beta' });
  });

  it('never writes over a change it has not taken: what it types on is kept for itself, and each refused write says why', () => {
    const { origin, a, b, reload } = twoTabs();
    a.draft.save({ name: 'alpha' });
    b.draft.save({ name: 'beta' });
    origin.deliver();
    expect(b.heard, "B typed before A's write reached it: its write is refused").toEqual([[changed('alpha'), true]]);
    b.draft.save({ name: 'beta2' });
    expect(b.heard).toHaveLength(2);
    origin.deliver();
    expect(a.heard, 'A never heard of B: B wrote nothing').toEqual([]);
    expect(page(origin.tab()).loaded).toEqual({ name: 'alpha' });
    expect(reload(b).loaded).toEqual({ name: 'beta2' });
  });

  it("keeps this tab's text when the person chooses it: taken, then written over the other's, which hears it", () => {
    const { origin, a, b } = twoTabs();
    a.draft.save({ name: 'alpha' });
    b.draft.save({ name: 'beta' });
    origin.deliver();
    b.draft.accept();
    b.draft.save({ name: 'beta' });
    origin.deliver();
    expect(a.heard).toEqual([[changed('beta'), true]]);
    expect(page(origin.tab()).loaded).toEqual({ name: 'beta' });
  });

  it('B\'s "Discard changes" ends the draft it took: A hears it was discarded, and keeps "alpha" across a reload', () => {
    const { origin, a, b, reload } = twoTabs();
    a.draft.save({ name: 'alpha' });
    origin.deliver();
    b.draft.accept();
    b.draft.end('discarded');
    origin.deliver();
    expect(a.heard).toEqual([[{ kind: 'discarded' }, true]]);
    expect(page(origin.tab()).loaded).toBeUndefined();
    const again = reload(a);
    expect(again.loaded).toEqual({ name: 'alpha' });
    expect(again.heard).toEqual([[{ kind: 'discarded' }, true]]);
  });

  it("leaves another tab's draft that this tab never took when it discards or saves: it hears of it instead", () => {
    const { origin, a, b } = twoTabs();
    a.draft.save({ name: 'alpha' });
    b.draft.end('discarded');
    expect(b.heard).toEqual([[changed('alpha'), false]]);
    origin.deliver();
    expect(a.heard).toEqual([]);
    expect(page(origin.tab()).loaded).toEqual({ name: 'alpha' });
  });

  it("A's save does not end B's \"beta\": B keeps it across a reload, and A hears that the draft is B's", () => {
    const { origin, a, b, reload } = twoTabs();
    a.draft.save({ name: 'alpha' });
    origin.deliver();
    b.draft.accept();
    b.draft.save({ name: 'beta' });
    origin.deliver();
    a.draft.end('saved');
    expect(a.heard.at(-1)).toEqual([changed('beta'), false]);
    origin.deliver();
    expect(b.heard).toEqual([[changed('alpha'), false]]);
    const again = reload(b);
    expect(again.loaded).toEqual({ name: 'beta' });
    expect(again.heard).toEqual([]);
  });

  it('B typed "beta", A took it and added only what goes with it: with `text`, B keeps it as its own and is asked about A\'s save', () => {
    for (const [text, own] of [
      [(draft: Draft) => draft.name, true],
      [undefined, false],
    ] as const) {
      const origin = fakeOrigin();
      const a = page(origin.tab(), text);
      const b = page(origin.tab(), text);
      a.draft.save({ name: 'alpha' });
      origin.deliver();
      b.draft.accept();
      b.draft.save({ name: 'beta' });
      origin.deliver();
      a.draft.accept();
      a.draft.save({ name: 'beta', sent: 'beta' });
      origin.deliver();
      expect(b.heard).toEqual([
        [changed('alpha'), false],
        [{ kind: 'changed', draft: { name: 'beta', sent: 'beta' } }, true],
      ]);
      b.draft.accept();
      b.draft.save({ name: 'beta', sent: 'beta' });
      a.draft.end('saved');
      origin.deliver();
      expect(b.heard.at(-1), `with text ${text ? 'the name' : 'the whole draft'}: own is ${own}`).toEqual([
        { kind: 'saved' },
        own,
      ]);
      expect(page(origin.tab(b.tab), text).loaded, 'across a reload too').toEqual(
        own ? { name: 'beta', sent: 'beta' } : undefined,
      );
    }
  });

  it('tells a save from a discard', () => {
    const { origin, a, b } = twoTabs();
    a.draft.save({ name: 'alpha' });
    origin.deliver();
    b.draft.accept();
    a.draft.end('saved');
    origin.deliver();
    expect(b.heard.at(-1)).toEqual([{ kind: 'saved' }, false]);
  });

  it('writes nothing when the text is the shared draft already, so a tab that follows does not echo', () => {
    const { origin, a, b } = twoTabs();
    a.draft.save({ name: 'alpha' });
    origin.deliver();
    b.draft.accept();
    b.draft.save({ name: 'alpha' });
    b.draft.end('discarded');
    b.draft.accept();
    b.draft.end('discarded');
    origin.deliver();
    expect(a.heard).toEqual([[{ kind: 'discarded' }, true]]);
  });

  it('hears storage cleared as a discard, and nothing for other keys, other areas, or after unsubscribing', () => {
    const { origin, a, b } = twoTabs();
    a.draft.save({ name: 'alpha' });
    origin.deliver();
    b.draft.accept();
    b.heard.length = 0;
    a.tab.local.setItem('other', 'x');
    b.tab.events.dispatchEvent(Object.assign(new Event('storage'), { key: 'draft:form', storageArea: b.tab.session }));
    origin.deliver();
    expect(b.heard).toEqual([]);
    a.tab.local.clear();
    origin.deliver();
    expect(b.heard).toEqual([[{ kind: 'discarded' }, false]]);
    b.stop();
    a.draft.save({ name: 'again' });
    origin.deliver();
    expect(b.heard).toHaveLength(1);
  });

  it('keeps its text in the tab when the shared storage is full, and writes it once it can', () => {
    const origin = fakeOrigin();
    const a = page(origin.tab());
    a.tab.local.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    a.draft.save({ name: 'alpha' });
    expect(a.problems).toEqual(['full']);
    expect(page(origin.tab()).loaded, 'not shared').toBeUndefined();
    const again = page(origin.tab(a.tab));
    expect(again.loaded, "the tab's own, across its reload").toEqual({ name: 'alpha' });
    again.draft.save({ name: 'alpha' });
    expect(again.heard).toEqual([]);
    expect(page(origin.tab()).loaded).toEqual({ name: 'alpha' });
  });
});
